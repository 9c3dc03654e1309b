/**
 * energyAudit: the energy bookkeeping of a linear network along a simulated trajectory.
 *
 * Every branch's across v_k and through i_k is an output of the model (branch-outputs.ts), so at every sample
 *
 *     P_k = v_k i_k                     (power absorbed by branch k, associated reference directions)
 *     Σ_k P_k = 0                       (Tellegen: KVL and KCL on the linear graph; `tellegen` is its largest
 *                                        residual, relative to Σ_k |P_k| — rounding when the model is right)
 *     W = Σ ½ C v² + ½ iᵀ L i           (stored, stored-energy.ts)
 *     W(t) − W(t0) = ∫ (P_sources − P_dissipated − P_two-ports) dt      (the balance; P_sources = −Σ_sources P_k)
 *
 * Tellegen holds at every sample whatever the solver did, since v and i are exact functions of the computed
 * state; the balance compares the stored energy of the computed states with the integral of the power, so a
 * solver that creates or destroys energy (forward Euler on an undamped LC) leaves a residual that names it.
 * The integral is the trapezoid rule on the samples; its own error is estimated by the same rule on every
 * second sample (Richardson: (I_2h − I_h)/3), and the balance is reported broken only beyond both that estimate
 * and the tolerance.
 */
import { SysgraphError } from '@sysgraph/core';
import type { CompiledModel, EngineSimulateOptions } from '@sysgraph/engine';
import { compile, simulate } from '@sysgraph/engine';
import { requireLinear } from '../check-model';
import { branchList, withBranchOutputs } from './branch-outputs';
import type { Branch } from './branch-outputs';
import { storageValues, storedEnergies } from './stored-energy';
import { checkPassivity } from './passivity';
import type { Passivity } from './passivity';

export interface BranchEnergy {
  readonly branch: Branch;
  /** Power absorbed, v·i, per sample. */
  readonly power: Float64Array;
  /** Stored energy per sample (storage elements only). */
  readonly energy?: Float64Array;
}

export interface EnergyAudit {
  readonly t: Float64Array;
  readonly branches: readonly BranchEnergy[];
  /** W(t), the total stored energy. */
  readonly stored: Float64Array;
  /** Σ power delivered by the sources. */
  readonly supplied: Float64Array;
  /** Σ power dissipated by the resistors (dampers, fluid and thermal resistances). */
  readonly dissipated: Float64Array;
  /** ∫ (supplied − dissipated − two-ports) dt from t0, by the trapezoid rule. */
  readonly delivered: Float64Array;
  /** max_t |Σ_k P_k| / max_t Σ_k |P_k|. */
  readonly tellegen: number;
  readonly balance: {
    /** max_t |W(t) − W(t0) − delivered(t)| / scale. */
    readonly residual: number;
    /** Where it is largest. */
    readonly at: number;
    /** The quadrature's estimated share of it (same scale). */
    readonly quadrature: number;
    /** max(max W, ∫ supplied + ∫ dissipated): the energy scale of the run. */
    readonly scale: number;
    readonly tolerance: number;
    readonly holds: boolean;
  };
  readonly solver: string;
  readonly passivity: Passivity;
  readonly notes: readonly string[];
}

export interface EnergyAuditOptions extends EngineSimulateOptions {
  /** The balance's relative tolerance beyond the quadrature estimate (default 1e-4). */
  readonly tolerance?: number;
}

/** Samples taken when the caller gives none: the balance's trapezoid rule wants a fine grid. */
export const AUDIT_SAMPLES = 2001;

export function energyAudit(model: CompiledModel, options: EnergyAuditOptions = {}): EnergyAudit {
  requireLinear(model, 'energy');
  const desc = model.description;
  const branches = branchList(desc);
  const audited = compile({ description: withBranchOutputs(desc, branches) }, model.options);
  const samples = options.samples ?? AUDIT_SAMPLES;
  if (!(samples >= 3)) throw new SysgraphError('bad-option', `samples ${samples}: the balance needs at least 3 samples`, { field: 'samples', expected: 'an integer ≥ 3' });
  const { tolerance: tol, ...simOptions } = options;
  const tolerance = tol ?? 1e-4;
  if (!(tolerance > 0)) throw new SysgraphError('bad-option', `tolerance ${tolerance}: expected a positive number`, { field: 'tolerance', expected: 'a positive relative tolerance' });
  const run = simulate(audited, { ...simOptions, samples, record: branches.flatMap((b) => [b.across, b.through]) });
  const trace = run.result;
  const col = (name: string) => trace.columns[trace.names.indexOf(name)];
  const t = trace.columns[0];
  const N = t.length;
  const byName = new Map(branches.map((b) => [b.element, b]));
  const storage = storageValues(desc);

  const result: BranchEnergy[] = branches.map((b) => {
    const v = col(b.across);
    const i = col(b.through);
    return { branch: b, power: Float64Array.from(v, (x, r) => x * i[r]) };
  });
  const energies = new Map<string, Float64Array>();
  for (const b of branches) if (b.role === 'storage') energies.set(b.element, new Float64Array(N));
  for (let r = 0; r < N; r++) {
    const e = storedEnergies(storage, (id) => col(byName.get(id)!.across)[r], (id) => col(byName.get(id)!.through)[r]);
    for (const [id, w] of e) energies.get(id)![r] = w;
  }
  const withEnergy = result.map((b) => (b.branch.role === 'storage' ? { ...b, energy: energies.get(b.branch.element) } : b));

  const stored = new Float64Array(N);
  const supplied = new Float64Array(N);
  const dissipated = new Float64Array(N);
  const twoPorts = new Float64Array(N);
  let tellegen = 0;
  let tellegenScale = 0;
  for (let r = 0; r < N; r++) {
    let sum = 0;
    let abs = 0;
    for (const b of withEnergy) {
      const p = b.power[r];
      sum += p;
      abs += Math.abs(p);
      if (b.branch.role === 'source') supplied[r] -= p;
      else if (b.branch.role === 'dissipator') dissipated[r] += p;
      else if (b.branch.role === 'two-port') twoPorts[r] += p;
      else stored[r] += b.energy![r];
    }
    tellegen = Math.max(tellegen, Math.abs(sum));
    tellegenScale = Math.max(tellegenScale, abs);
  }

  // ∫ net dt by the trapezoid rule on every sample and on every second one (the quadrature error estimate)
  const net = Float64Array.from(supplied, (s, r) => s - dissipated[r] - twoPorts[r]);
  const delivered = new Float64Array(N);
  for (let r = 1; r < N; r++) delivered[r] = delivered[r - 1] + 0.5 * (t[r] - t[r - 1]) * (net[r] + net[r - 1]);
  let coarse = 0;
  let quadrature = 0;
  for (let r = 2; r < N; r += 2) {
    coarse += 0.5 * (t[r] - t[r - 2]) * (net[r] + net[r - 2]);
    quadrature = Math.max(quadrature, Math.abs(coarse - delivered[r]) / 3);
  }
  let residual = 0;
  let at = t[0];
  let absIn = 0;
  let maxW = 0;
  for (let r = 0; r < N; r++) {
    const d = Math.abs(stored[r] - stored[0] - delivered[r]);
    if (d > residual) {
      residual = d;
      at = t[r];
    }
    maxW = Math.max(maxW, Math.abs(stored[r]));
    if (r > 0) absIn += 0.5 * (t[r] - t[r - 1]) * (Math.abs(supplied[r]) + Math.abs(supplied[r - 1]) + Math.abs(dissipated[r]) + Math.abs(dissipated[r - 1]));
  }
  const scale = Math.max(maxW, absIn) || 1;
  const relResidual = residual / scale;
  const relQuadrature = quadrature / scale;
  const holds = relResidual <= tolerance + 10 * relQuadrature;
  const notes: string[] = [];
  if (desc.oneports.some((e) => e.domain === 'thermal') || desc.sources.some((s) => s.domain === 'thermal')) {
    notes.push('thermal elements: across × through (temperature × heat flow) is not a power, and ½ C T² not an energy; their terms satisfy the same identities but are not energy');
  }
  if (!holds) {
    notes.push(`the energy balance fails: the stored energy and the integral of the power differ by ${(relResidual * 100).toPrecision(3)} % of the energy scale at t = ${at.toPrecision(6)}, beyond the quadrature's ${(relQuadrature * 100).toPrecision(2)} %: the solver ${run.result.solver}${options.dt ? ` with dt = ${options.dt}` : ''} does not conserve the network's energy (a smaller step, or an implicit or exact solver)`);
  }
  return {
    t,
    branches: withEnergy,
    stored,
    supplied,
    dissipated,
    delivered,
    tellegen: tellegenScale > 0 ? tellegen / tellegenScale : 0,
    balance: { residual: relResidual, at, quadrature: relQuadrature, scale, tolerance, holds },
    solver: run.result.solver,
    passivity: checkPassivity(model),
    notes: [...run.notes, ...notes],
  };
}
