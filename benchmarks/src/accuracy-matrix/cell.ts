/**
 * One cell of the accuracy matrix: a family at a size, an input, a solver and a tolerance. The model goes through
 * the whole pipeline (parse, structure, sparse formulation, simulation model); the probes are compared with the
 * modal reference at every sample. The rule: max |error| ≤ 10·rtol·peak + atol on every probe (peak = max |probe|
 * of the reference), or a typed refusal (SysgraphError) that says why and what to do.
 */
import { SysgraphError } from '@sysgraph/core';
import { createSystemParser } from '@sysgraph/description';
import type { SystemParser } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, sparseBackend } from '@sysgraph/formulation';
import { toSimulationModel } from '@sysgraph/engine';
import { simulate } from '@sysgraph/simulate';
import type { LinearModel, SolverName } from '@sysgraph/simulate';
import type { FamilyCase } from './families';
import type { InputCase } from './inputs';

/** Output samples per run (≥ 200: the exact method steps on the sample grid). */
export const SAMPLES = 201;
/** The multiple of the requested tolerance a cell may reach. */
export const TOLERANCE_FACTOR = 10;

export type Verdict = 'pass' | 'refused' | 'FAIL' | 'reference-limited' | 'cut';

export interface CellResult {
  readonly verdict: Verdict;
  /** max over probes of error ÷ (rtol·peak + atol); NaN when refused. */
  readonly ratio: number;
  /** max over probes of error ÷ peak. */
  readonly relativeError: number;
  readonly ms: number;
  readonly solver: string;
  readonly reason: string;
  /** Accepted and rejected steps. */
  readonly steps: string;
  /** The refusal's message and code, or the failure's. */
  readonly refusal?: string;
}

/** Thrown from the progress callback when a cell passes its time cap (not a refusal: the run was stopped). */
class CellCut extends Error {
  constructor(readonly fraction: number, readonly seconds: number) {
    super(`stopped after ${seconds} s at t/T = ${fraction.toFixed(2)}`);
  }
}

let parser: SystemParser | undefined;
const models = new Map<string, LinearModel>();

export function modelOf(c: FamilyCase): LinearModel {
  const key = `${c.family}/${c.states}`;
  let model = models.get(key);
  if (!model) {
    parser ??= createSystemParser();
    const description = parser.parse(JSON.stringify(c.system));
    const structure = analyzeStructure(description);
    model = toSimulationModel(formulate(structure, sparseBackend(description.parameters)), structure) as LinearModel;
    if (model.stateNames.length !== c.states) throw new Error(`${key}: the model has ${model.stateNames.length} states`);
    models.set(key, model);
  }
  return model;
}

/** Drop the cached models (memory between sizes). */
export function clearModels(): void {
  models.clear();
}

export function sampleTimes(span: number): Float64Array {
  return Float64Array.from({ length: SAMPLES }, (_, k) => (k === SAMPLES - 1 ? span : (span * k) / (SAMPLES - 1)));
}

/** The reference traces of every probe at the sample times: Σ_m Re(w_m y(p_m, t)). */
export function referenceTraces(c: FamilyCase, input: InputCase): Float64Array[] {
  const times = sampleTimes(c.span);
  const out = c.probes.map(() => new Float64Array(times.length));
  for (const mode of c.modes) {
    const y = input.response(mode.p, times, c.span);
    for (let i = 0; i < c.probes.length; i++) {
      const w = mode.w[i];
      if (w.re === 0 && w.im === 0) continue;
      const o = out[i];
      for (let k = 0; k < times.length; k++) o[k] += w.re * y[k].re - w.im * y[k].im;
    }
  }
  return out;
}

/** capSeconds: the run is stopped (verdict 'cut') when it passes this wall time; Infinity = no cap. */
export function runCell(c: FamilyCase, input: InputCase, reference: readonly Float64Array[], solver: SolverName | 'auto', rtol: number, atol: number, maxSteps = 2e5, capSeconds = Infinity): CellResult {
  const model = modelOf(c);
  const t0 = performance.now();
  const onProgress = Number.isFinite(capSeconds)
    ? (fraction: number) => {
        if (performance.now() - t0 > capSeconds * 1000) throw new CellCut(fraction, capSeconds);
      }
    : undefined;
  try {
    const result = simulate(model, {
      tEnd: c.span,
      solver,
      inputs: { [c.input]: input.signal(c.span) },
      rtol,
      atol,
      samples: SAMPLES,
      maxSteps,
      record: c.probes.map((p) => p.name),
      onProgress,
    });
    const ms = performance.now() - t0;
    let ratio = 0;
    let relativeError = 0;
    let ok = true;
    // a probe outside both the bound and the reference's own accuracy
    let beyondReference = false;
    c.probes.forEach((p, i) => {
      const col = result.columns[result.names.indexOf(p.name)];
      const ref = reference[i];
      let peak = 0;
      let err = 0;
      for (let k = 0; k < ref.length; k++) {
        peak = Math.max(peak, Math.abs(ref[k]));
        const e = Math.abs(col[k] - ref[k]);
        err = Number.isNaN(e) ? Infinity : Math.max(err, e);
      }
      ratio = Math.max(ratio, err / (rtol * peak + atol));
      relativeError = Math.max(relativeError, err / peak);
      if (!(err <= TOLERANCE_FACTOR * rtol * peak + atol)) {
        ok = false;
        // within the reference's own accuracy the bound is below what the reference can tell
        if (!(c.referenceFloor !== undefined && err <= c.referenceFloor * peak)) beyondReference = true;
      }
    });
    return { verdict: ok ? 'pass' : beyondReference ? 'FAIL' : 'reference-limited', ratio, relativeError, ms, solver: result.solver, reason: result.solverReason, steps: `${result.stats.steps}/${result.stats.rejectedSteps}` };
  } catch (e) {
    const ms = performance.now() - t0;
    if (e instanceof CellCut) return { verdict: 'cut', ratio: NaN, relativeError: NaN, ms, solver: String(solver), reason: '', steps: '', refusal: e.message };
    if (e instanceof SysgraphError) {
      return { verdict: 'refused', ratio: NaN, relativeError: NaN, ms, solver: String(solver), reason: '', steps: '', refusal: `${e.code}: ${e.message}` };
    }
    return { verdict: 'FAIL', ratio: NaN, relativeError: NaN, ms, solver: String(solver), reason: '', steps: '', refusal: `untyped ${(e as Error).message}` };
  }
}
