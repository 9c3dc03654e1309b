/**
 * Standard form, formulation.md section 5.3 (LTI): with x̃ = x − Bd u,
 *   x̃' = A x̃ + B u,   A = E⁻¹A0,   Bd = E⁻¹B1,   B = E⁻¹B0 + A Bd.
 * One factorisation of E for the three blocks A0, B0, B1. E singular is D3.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Backend } from './backend';
import type { Descriptor } from './descriptor';
import { SingularMatrix } from './algebra/matrix-algebra';
import { solveEach } from './algebra/solve-each';

export interface StandardForm<M> {
  readonly A: M;
  readonly B: M;
  readonly Bd: M;
  /** E⁻¹B0: the input matrix of the original state, x' = A x + E⁻¹B0 u + Bd u'. */
  readonly Bx: M;
}

/** stateIds: the state branches' ids, read only to name the elements of a singular E. */
export function standardForm<M, T>(d: Descriptor<M>, be: Backend<M, T>, stateIds: () => readonly string[]): StandardForm<M> {
  const alg = be.algebra;
  const nx = alg.rows(d.E);
  if (nx === 0) {
    const m = alg.cols(d.B0);
    return { A: alg.zeros(0, 0), B: alg.zeros(0, m), Bd: alg.zeros(0, m), Bx: alg.zeros(0, m) };
  }
  const m = alg.cols(d.B0);
  let X: M[];
  try {
    X = solveEach(alg, d.E, [d.A0, d.B0, d.B1]);
  } catch (e) {
    if (!(e instanceof SingularMatrix)) throw e;
    const ids = stateIds();
    throw new SysgraphError('singular-storage', `the storage elements are dependent in a way no tree removes (generalised mass matrix singular near ${ids[e.column] ?? 'a state'}): zero or perfectly coupled capacitances or inductances (|k| = 1). Model a perfect coupling as an ideal transformer plus a magnetising inductance.`, { element: ids[e.column] ?? ids[0], field: 'value', elements: [...ids], expected: 'a nonsingular generalised mass matrix' });
  }
  const [A, Bx, Bd] = X;
  const B = alg.add(Bx, alg.mul(A, Bd));
  return { A, B, Bd, Bx };
}
