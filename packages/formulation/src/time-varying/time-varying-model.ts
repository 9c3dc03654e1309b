/**
 * timeVaryingModel: the linear time-varying state equations of formulation.md sections 5.2 and 11, compiled once
 * for fast evaluation at any t. With E(t), B1(t) the generalised mass and input-derivative matrices of section 5.2
 * at the values of time t (no rates), A0(t) = [a_x; b_x], B0(t) = [a_u; b_u] the static part, and κ = 1 for the
 * conservative storage laws i = (C v)', v = (L i)' (default) or κ = 0 for the non-conservative i = C v', v = L i':
 *
 *   charge-flux form (default), state p = E x − B1 u (charges q_C = C v_C, flux linkages λ_L = L i_L, and their
 *   cutset/loop sums when capacitor loops or inductor cutsets make storage dependent):
 *       p' = A0 x + B0 u + (1 − κ)(E' x − B1' u),   x = E⁻¹(p + B1 u)          (no u', no rate when κ = 1)
 *   across-through form, state x = [v_C; i_L]:
 *       E x' = (A0 − κ E') x + (B0 + κ B1') u + B1 u'                            (the Ċ and L̇ terms of section 11)
 *
 * E' and B1' are the same linear maps applied to the storage rates Ċ, L̇ (symbolic d/dt of the value expressions).
 * Outputs (section 7): w = w_x x + w_u u + w_S i_S + w_Γ v_Γ, i_S = S_x x' + S_u u' + κ(S_x' x + S_u' u),
 * v_Γ = G_x x' + G_u u' + κ(G_x' x + G_u' u).
 */
import { SysgraphError, diagnostic } from '@sysgraph/core';
import type { Diagnostic } from '@sysgraph/core';
import type { Structure } from '@sysgraph/graph';
import { basisOf } from '../basis';
import { formulate } from '../formulate';
import type { NonlinearModelLike } from '../nonlinear/nonlinear-model';
import { backendAtTime } from './backend-at-time';
import { createTimeMath } from './time-math';
import type { TimeMath } from './time-math';
import { compileValueTable } from './compiled-values';
import type { Rows } from './dense';
import { addScaled, identity, luFactor, mul, mulVec, zeros } from './dense';
import { evaluateForm } from './linear-form';
import { storageScalars } from './storage-matrices';
import { couplingBlocks, storageForms } from './storage-terms';
import { staticNetwork } from './static-rows';
import { checkTimeVaryingSupport, isStorageRole, valueSites } from './time-dependence';

export type TimeVaryingForm = 'charge-flux' | 'across-through';
export type StorageLaw = 'conservative' | 'non-conservative';

export interface TimeVaryingOptions {
  /** State coordinates: 'charge-flux' (default) or 'across-through' (v_C, i_L). */
  readonly form?: TimeVaryingForm;
  /** 'conservative' i = (C v)', v = (L i)' (default, section 11) or 'non-conservative' i = C v', v = L i'. */
  readonly storageLaw?: StorageLaw;
  /** The mathjs instance that differentiates the value expressions in t (createTimeMath); one is made when absent. */
  readonly math?: TimeMath;
  /** The time at which the structure is validated (properness, nonsingular E); default 0. */
  readonly referenceTime?: number;
}

/** The model at one time: f = A s + B u + Bd u', y = C s + D u + E u', physical x = X s + Xu u. */
export interface TimeVaryingMatrices {
  readonly t: number;
  readonly A: Rows;
  readonly B: Rows;
  readonly Bd: Rows;
  readonly C: Rows;
  readonly D: Rows;
  readonly E: Rows;
  readonly X: Rows;
  readonly Xu: Rows;
  /** The descriptor pieces at t: generalised mass E, A0, B0, B1 (section 5.2, no rates) and the rates E', B1'. */
  readonly descriptor: { readonly E: Rows; readonly A0: Rows; readonly B0: Rows; readonly B1: Rows; readonly dE: Rows; readonly dB1: Rows };
}

/** A value that depends on t, with its rate (text). */
export interface TimeVaryingSite {
  readonly element: string;
  readonly field: string;
  readonly role: string;
  readonly value: string;
  readonly rate: string;
}

export interface TimeVaryingModel {
  readonly form: TimeVaryingForm;
  readonly storageLaw: StorageLaw;
  /** Model state names: q_<C>, lambda_<L> (charge-flux) or v_<C>, i_<L> (across-through). */
  readonly states: readonly string[];
  /** Physical state names v_<C>, i_<L> (the linear formulation's x). */
  readonly physicalStates: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly timeVarying: readonly TimeVaryingSite[];
  /** The matrices at time t (fresh arrays). */
  at(t: number): TimeVaryingMatrices;
  /** The simulator's model (packages/simulate NonlinearModel): f, g, ∂f/∂s = A(t). */
  readonly model: NonlinearModelLike;
  /** Model state from the physical state x = [v_C; i_L] at time t (p = E x − B1 u in the charge-flux form). */
  toState(t: number, x: ArrayLike<number>, u: ArrayLike<number>): Float64Array;
  /** Physical state x from the model state. */
  toPhysical(t: number, s: ArrayLike<number>, u: ArrayLike<number>): Float64Array;
  readonly diagnostics: readonly Diagnostic[];
}

function fluxName(stateName: string): string {
  return stateName.startsWith('v_') ? `q_${stateName.slice(2)}` : `lambda_${stateName.slice(2)}`;
}

export function timeVaryingModel(s: Structure, opts: TimeVaryingOptions = {}): TimeVaryingModel {
  const form = opts.form ?? 'charge-flux';
  const law = opts.storageLaw ?? 'conservative';
  if (form !== 'charge-flux' && form !== 'across-through') throw new SysgraphError('bad-option', `form: ${String(form)}`, { field: 'form', expected: "'charge-flux' or 'across-through'" });
  if (law !== 'conservative' && law !== 'non-conservative') throw new SysgraphError('bad-option', `storageLaw: ${String(law)}`, { field: 'storageLaw', expected: "'conservative' or 'non-conservative'" });
  const t0 = opts.referenceTime ?? 0;
  const kappa = law === 'conservative' ? 1 : 0;
  const desc = s.description;
  const p = s.partition;
  const sites = valueSites(s);
  checkTimeVaryingSupport(s, sites);
  const tm = opts.math ?? createTimeMath();
  const table = compileValueTable(sites, desc.parameters, tm);
  // The frozen model at t0 validates the structure (D1–D3) and gives the structural diagnostics.
  const be0 = backendAtTime(desc.parameters, t0);
  const frozen = formulate(s, be0);
  const basis = basisOf(p);
  const staticVarying = sites.some((v) => v.dependsOnTime && !isStorageRole(v.role));
  const storageVarying = sites.some((v) => v.dependsOnTime && isStorageRole(v.role));
  const net = staticNetwork(s, basis, table, be0, staticVarying);
  const scalars = storageScalars(s, table);
  const { nx, m } = basis;
  const stateIds = p.states.map((x) => s.graph.ids[x.branch]);
  table.update(t0);
  const blocks0 = couplingBlocks(net.rows(t0), basis);
  const forms = storageForms(blocks0, scalars, basis);
  const sigma = new Float64Array(scalars.slots.length);
  const sigmaRate = new Float64Array(scalars.slots.length);
  const zeroRates = { E: zeros(nx, nx), B1: zeros(nx, m) };

  const evaluate = (t: number, withOutputs: boolean): TimeVaryingMatrices => {
    if (!Number.isFinite(t)) throw new SysgraphError('bad-value', `time ${t}`, { field: 't', expected: 'a finite time' });
    table.update(t);
    const sr = net.response(t, withOutputs);
    scalars.fill(false, sigma);
    const st = { E: evaluateForm(forms.E, sigma), B1: evaluateForm(forms.B1, sigma) };
    if (storageVarying) scalars.fill(true, sigmaRate);
    const rt = storageVarying ? { E: evaluateForm(forms.E, sigmaRate), B1: evaluateForm(forms.B1, sigmaRate) } : zeroRates;
    const { A0, B0 } = sr;
    const Einv = nx === 0 ? [] : luFactor(st.E, (c) => new SysgraphError('singular-storage', `at t = ${t} the generalised mass matrix is singular near ${p.states[c]?.name ?? 'a state'}: a capacitance or inductance vanishes or inductors couple perfectly`, { element: stateIds[c], elements: stateIds, expected: 'a nonsingular generalised mass matrix at every time' })).inverse();
    let A: Rows, B: Rows, Bd: Rows, X: Rows, Xu: Rows, Xds: Rows, Xdu: Rows, Xddu: Rows;
    if (form === 'across-through') {
      // E x' = (A0 − κE') x + (B0 + κB1') u + B1 u'
      A = mul(Einv, kappa === 0 ? A0 : addScaled(A0, rt.E, -kappa), nx);
      B = mul(Einv, kappa === 0 ? B0 : addScaled(B0, rt.B1, kappa), m);
      Bd = mul(Einv, st.B1, m);
      X = identity(nx);
      Xu = zeros(nx, m);
      [Xds, Xdu, Xddu] = [A, B, Bd];
    } else {
      // p' = (A0 + (1 − κ)E') x + (B0 − (1 − κ)B1') u,  x = E⁻¹ p + E⁻¹ B1 u
      const Ap = kappa === 1 ? A0 : addScaled(A0, rt.E, 1 - kappa);
      X = Einv;
      Xu = mul(Einv, st.B1, m);
      A = mul(Ap, X, nx);
      B = addScaled(kappa === 1 ? B0 : addScaled(B0, rt.B1, kappa - 1), mul(Ap, Xu, m));
      Bd = zeros(nx, m);
      if (withOutputs) {
        // x' = E⁻¹(p' − E' x + B1' u + B1 u')
        Xds = mul(Einv, addScaled(A, mul(rt.E, X, nx), -1), nx);
        Xdu = mul(Einv, addScaled(addScaled(B, mul(rt.E, Xu, m), -1), rt.B1), m);
        Xddu = Xu;
      } else [Xds, Xdu, Xddu] = [A, B, Bd];
    }
    const descriptor = { E: st.E, A0, B0, B1: st.B1, dE: rt.E, dB1: rt.B1 };
    if (!withOutputs) return { t, A, B, Bd, C: [], D: [], E: [], X, Xu, descriptor };
    // w = (w_x + κK') x + (w_u + κK_u') u + K x' + K_u u'
    const K = evaluateForm(forms.K, sigma);
    const Ku = evaluateForm(forms.Ku, sigma);
    const wx = storageVarying && kappa === 1 ? addScaled(sr.wx, evaluateForm(forms.K, sigmaRate)) : sr.wx;
    const wu = storageVarying && kappa === 1 ? addScaled(sr.wu, evaluateForm(forms.Ku, sigmaRate)) : sr.wu;
    const C = addScaled(mul(wx, X, nx), mul(K, Xds, nx));
    const D = addScaled(addScaled(mul(wx, Xu, m), wu), mul(K, Xdu, m));
    const E = addScaled(mul(K, Xddu, m), Ku);
    return { t, A, B, Bd, C, D, E, X, Xu, descriptor };
  };

  // One evaluation per time, shared by f, g and the Jacobian (the solvers call them at the same t).
  let cached: TimeVaryingMatrices | undefined;
  let cachedOutputs = false;
  const at = (t: number, withOutputs: boolean): TimeVaryingMatrices => {
    if (cached === undefined || cached.t !== t || (withOutputs && !cachedOutputs)) {
      cached = evaluate(t, withOutputs);
      cachedOutputs = withOutputs;
    }
    return cached;
  };
  const model: NonlinearModelLike = {
    kind: 'nonlinear',
    stateNames: form === 'charge-flux' ? p.states.map((x) => fluxName(x.name)) : p.states.map((x) => x.name),
    inputNames: p.inputs.map((u) => u.name),
    outputNames: frozen.outputs,
    f(t, x, u, du, dxdt) {
      const e = at(t, false);
      mulVec(e.A, x, dxdt);
      mulVec(e.B, u, dxdt, true);
      if (form === 'across-through') mulVec(e.Bd, du, dxdt, true);
    },
    g(t, x, u, du, out) {
      const e = at(t, true);
      mulVec(e.C, x, out);
      mulVec(e.D, u, out, true);
      mulVec(e.E, du, out, true);
    },
    jacobian(t) {
      return at(t, false).A.map((row) => row.slice());
    },
  };

  const timeVarying: TimeVaryingSite[] = sites.flatMap((v, k) => {
    if (!v.dependsOnTime) return [];
    let rate: string | undefined;
    // The simplified rate is computed on first reading (mathjs simplification is slow).
    return [{ element: v.element, field: v.field, role: v.role, value: v.expression.text, get rate() { return (rate ??= tm.display(table.rateExpressions.get(k)!).toString()); } }];
  });
  // D5 (input derivative) belongs to the LTI state redefinition; here u' appears only in the across-through f.
  const diagnostics: Diagnostic[] = frozen.diagnostics.filter((d) => d.code !== 'D5');
  if (timeVarying.length > 0) {
    diagnostics.push(diagnostic('info', 'info', `time-varying values: ${timeVarying.map((v) => `${v.element}.${v.field} = ${v.value}`).join('; ')} (${law} storage laws, ${form} states)`, timeVarying.map((v) => v.element)));
  }
  return {
    form,
    storageLaw: law,
    states: model.stateNames,
    physicalStates: p.states.map((x) => x.name),
    inputs: model.inputNames,
    outputs: model.outputNames,
    timeVarying,
    at: (t) => evaluate(t, true),
    model,
    toState(t, x, u) {
      if (form === 'across-through') return Float64Array.from(x);
      // p = E x − B1 u
      const { E, B1 } = at(t, false).descriptor;
      const q = new Float64Array(nx);
      const b = new Float64Array(nx);
      mulVec(E, x, q);
      mulVec(B1, u, b);
      for (let i = 0; i < nx; i++) q[i] -= b[i];
      return q;
    },
    toPhysical(t, st, u) {
      const e = at(t, false);
      const x = new Float64Array(nx);
      mulVec(e.X, st, x);
      mulVec(e.Xu, u, x, true);
      return x;
    },
    diagnostics,
  };
}
