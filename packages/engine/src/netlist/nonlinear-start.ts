/**
 * nonlinearNetlistStart: the start of a netlist whose description has laws (nonlinear devices), by state name:
 * without uic and without .ic, the DC operating point f(x*, u(0⁻)) = 0 by damped Newton on the simulator's own
 * model (the network model's sparse Jacobian, factorised by the sparse LU — AMD ordering and symbolic analysis at
 * the first iteration, numeric refactorisation in place on that analysis at the others, the Jacobian's pattern
 * being fixed; a dense Jacobian by the dense solve), from the zero state:
 *
 *   J(x_k) δ = −f(x_k, u0),   x_{k+1} = x_k + 2^{−j} δ  with the least j ≥ 0 that decreases ‖f‖∞
 *
 * converged when ‖f‖∞ ≤ 1e-12 · (f's size: maxᵢ Σⱼ |J_ij| (|x_j| + 1), and ‖f(0, u0)‖∞). With uic or .ic, not
 * supported here: the zero state (or --initial), with a note. Newton finding no isolated equilibrium (a singular
 * J, no decrease, no convergence in MAX_ITERATIONS) is 'no-operating-point' naming the states.
 */
import { SysgraphError, isSysgraphError } from '@sysgraph/core';
import { CsrMatrix, denseSolve, factorSparseLU, refactorSparseLU } from '@sysgraph/linalg';
import type { SparseLU } from '@sysgraph/linalg';
import type { NonlinearModel } from '@sysgraph/simulate';
import type { NetlistStart } from './netlist-defaults';
import { NO_OPERATING_POINT_EXPECTED } from './operating-point';

const TOLERANCE = 1e-12;
const MAX_ITERATIONS = 100;
const MAX_HALVINGS = 40;

const normInf = (v: ArrayLike<number>) => {
  let m = 0;
  for (let i = 0; i < v.length; i++) {
    const a = Math.abs(v[i]);
    if (!(a <= m)) m = Number.isNaN(a) ? Infinity : a;
  }
  return m;
};

/** f's size for the convergence test: maxᵢ Σⱼ |J_ij| (|x_j| + 1). */
function termScale(J: CsrMatrix | readonly (readonly number[])[], x: Float64Array): number {
  let scale = 0;
  if (J instanceof CsrMatrix) {
    for (let i = 0; i < J.rows; i++) {
      let s = 0;
      for (let p = J.rowPtr[i]; p < J.rowPtr[i + 1]; p++) s += Math.abs(J.values[p]) * (Math.abs(x[J.colIdx[p]]) + 1);
      scale = Math.max(scale, s);
    }
  } else {
    for (const row of J) {
      let s = 0;
      for (let j = 0; j < row.length; j++) s += Math.abs(row[j]) * (Math.abs(x[j]) + 1);
      scale = Math.max(scale, s);
    }
  }
  return scale;
}

/**
 * δ with J δ = −r. A CSR J is factorised once and refactorised afterwards on the same analysis (`kept`: the last
 * factors, overwritten in place; a pattern that changed or a pivot that fails is factorised afresh by
 * refactorSparseLU itself).
 */
function newtonStep(J: CsrMatrix | readonly (readonly number[])[], r: Float64Array, kept: { lu?: SparseLU }): Float64Array {
  const minus = Float64Array.from(r, (v) => -v);
  if (J instanceof CsrMatrix) {
    kept.lu = kept.lu ? refactorSparseLU(kept.lu, J, undefined, { inPlace: true }) : factorSparseLU(J, { ordering: 'amd' });
    return kept.lu.solve(minus) as Float64Array;
  }
  return denseSolve(J.map((row) => Array.from(row)), minus);
}

/** The equilibrium of `model` with the inputs held at u0, by damped Newton from the zero state. */
export function dcOperatingPoint(model: NonlinearModel, u0: Float64Array): { x: Float64Array; iterations: number } {
  const n = model.stateNames.length;
  const du = new Float64Array(u0.length);
  const fAt = (x: Float64Array) => {
    const r = new Float64Array(n);
    model.f(0, x, u0, du, r);
    return r;
  };
  if (!model.jacobian) throw new SysgraphError('solver-failure', 'the model gives no Jacobian for the operating point', { field: 'initial' });
  let x = new Float64Array(n);
  let r = fAt(x);
  const forcing = normInf(r);
  let iterations = 0;
  const kept: { lu?: SparseLU } = {};
  for (;;) {
    const J = model.jacobian(0, x, u0, du) as CsrMatrix | readonly (readonly number[])[];
    const norm = normInf(r);
    if (norm <= TOLERANCE * Math.max(termScale(J, x), forcing)) return { x, iterations };
    if (iterations >= MAX_ITERATIONS) throw new SysgraphError('solver-failure', `Newton did not converge in ${MAX_ITERATIONS} iterations (‖f‖ = ${norm.toPrecision(3)})`, { field: 'initial' });
    const delta = newtonStep(J, r, kept);
    let accepted = false;
    for (let j = 0, scale = 1; j <= MAX_HALVINGS; j++, scale /= 2) {
      const trial = Float64Array.from(x, (v, i) => v + scale * delta[i]);
      const rTrial = fAt(trial);
      if (normInf(rTrial) < norm) {
        x = trial;
        r = rTrial;
        accepted = true;
        break;
      }
    }
    if (!accepted) throw new SysgraphError('solver-failure', `no Newton step decreases ‖f‖ = ${norm.toPrecision(3)}`, { field: 'initial' });
    iterations++;
  }
}

export function nonlinearNetlistStart(model: NonlinearModel, u0: Readonly<Record<string, number>>, start: NetlistStart, note?: (line: string) => void): Record<string, number> {
  const states = model.stateNames;
  if (start.uic || start.initial.nodes.length > 0 || start.initial.elements.length > 0) {
    note?.('initial state: zero (or --initial): .ic, IC= and uic are applied to linear netlists only');
    return {};
  }
  try {
    const op = dcOperatingPoint(model, Float64Array.from(model.inputNames, (name) => u0[name] ?? 0));
    note?.(`initial state: the DC operating point (Newton, ${op.iterations} iterations; .tran without uic)`);
    return Object.fromEntries(states.map((name, i) => [name, op.x[i]]));
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    if (isSysgraphError(e) && e.code !== 'singular-matrix' && e.code !== 'solver-failure' && e.code !== 'bad-law') throw e;
    if (!isSysgraphError(e) && !(e instanceof Error && e.name === 'SingularMatrixError')) throw e;
    throw new SysgraphError('no-operating-point', `no DC operating point: ${reason}`, {
      field: 'initial',
      elements: [...states],
      expected: NO_OPERATING_POINT_EXPECTED,
    });
  }
}
