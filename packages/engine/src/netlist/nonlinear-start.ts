/**
 * nonlinearNetlistStart: the start of a netlist whose description has laws (nonlinear devices), by state name:
 * without uic and without .ic, the DC operating point f(x*, u(0⁻)) = 0 by damped Newton on the simulator's own
 * model (the network model's sparse Jacobian, factorised by the sparse LU — AMD ordering and symbolic analysis at
 * the first iteration, numeric refactorisation in place on that analysis at the others, the Jacobian's pattern
 * being fixed; a dense Jacobian by the dense solve), from the zero state:
 *
 *   J(x_k) δ = −f(x_k, u0),   x_{k+1} = x_k + 2^{−j} δ  with the least j ≥ 0 that decreases ‖f‖∞
 *
 * converged when ‖f‖∞ ≤ 1e-12 · (f's size: maxᵢ Σⱼ |J_ij| (|x_j| + 1), and ‖f(0, u0)‖∞) — linalg's dampedNewton with
 * this model's residual, Jacobian, solve and bound; where f(0, u0) = 0 exactly the zero state is returned before
 * any Jacobian (0 iterations, the answer the first test would give), and the record by name holds the nonzero
 * states only (a missing state starts at 0). With uic or .ic, not
 * supported here: the zero state (or --initial), with a note. Newton finding no isolated equilibrium (a singular
 * J, no decrease, no convergence in MAX_ITERATIONS) is 'no-operating-point' naming the states.
 */
import { SysgraphError, isSysgraphError } from '@sysgraph/core';
import { CsrMatrix, dampedNewton, denseSolve, factorSparseLU, normInf, refactorSparseLU } from '@sysgraph/linalg';
import type { SparseLU } from '@sysgraph/linalg';
import type { NonlinearModel } from '@sysgraph/simulate';
import type { NetlistStart } from './netlist-defaults';
import { NO_OPERATING_POINT_EXPECTED } from './operating-point';

const TOLERANCE = 1e-12;
const MAX_ITERATIONS = 100;
const MAX_HALVINGS = 40;

type Jacobian = CsrMatrix | readonly (readonly number[])[];

/** f's size for the convergence test: maxᵢ Σⱼ |J_ij| (|x_j| + 1). */
function termScale(J: Jacobian, x: Float64Array): number {
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
 * The solve of J δ = r. A CSR J is factorised once and refactorised afterwards on the same analysis (`kept`: the
 * last factors, overwritten in place; a pattern that changed or a pivot that fails is factorised afresh by
 * refactorSparseLU itself); a dense J by the dense solve.
 */
function jacobianSolve(kept: { lu?: SparseLU }) {
  return (J: Jacobian) => {
    if (J instanceof CsrMatrix) {
      const lu = (kept.lu = kept.lu ? refactorSparseLU(kept.lu, J, undefined, { inPlace: true }) : factorSparseLU(J, { ordering: 'amd' }));
      return (r: Float64Array) => lu.solve(r) as Float64Array;
    }
    return (r: Float64Array) => denseSolve(J.map((row) => Array.from(row)), r);
  };
}

/** The equilibrium of `model` with the inputs held at u0, by damped Newton (linalg's dampedNewton) from the zero state. */
export function dcOperatingPoint(model: NonlinearModel, u0: Float64Array): { x: Float64Array; iterations: number } {
  const n = model.stateNames.length;
  const du = new Float64Array(u0.length);
  const jacobian = model.jacobian;
  if (!jacobian) throw new SysgraphError('solver-failure', 'the model gives no Jacobian for the operating point', { field: 'initial' });
  const residual = (x: Float64Array) => {
    const r = new Float64Array(n);
    model.f(0, x, u0, du, r);
    return r;
  };
  const x0 = new Float64Array(n);
  const r0 = residual(x0);
  const forcing = normInf(r0);
  // f(x0, u0) = 0 exactly (a circuit at rest whose sources start at 0): x0 is the root, as the first test of the
  // iteration below would find, without the Jacobian that test would evaluate and scan (O(nnz) each, cold).
  if (forcing === 0) return { x: x0, iterations: 0 };
  const root = dampedNewton<Jacobian>(
    {
      residual,
      jacobian: (x) => jacobian(0, x, u0, du) as Jacobian,
      factor: jacobianSolve({}),
      residualBound: (x, J) => TOLERANCE * Math.max(termScale(J, x), forcing),
    },
    x0,
    { maxIterations: MAX_ITERATIONS, maxHalvings: MAX_HALVINGS, blame: { field: 'initial' }, initialResidual: r0 },
  );
  return { x: root.x, iterations: root.iterations };
}

/**
 * The nonzero entries of x by state name: a state left out starts at +0 wherever the record is read (the
 * simulator's initial state, the end time's), so a circuit at rest gives an empty record instead of one of 10^4
 * names that the caller spreads and the simulator looks up one by one. −0 is kept (it is not +0).
 */
function byName(states: readonly string[], x: Float64Array): Record<string, number> {
  const out: Record<string, number> = {};
  for (let i = 0; i < x.length; i++) if (x[i] !== 0 || Object.is(x[i], -0)) out[states[i]] = x[i];
  return out;
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
    return byName(states, op.x);
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
