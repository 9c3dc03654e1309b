/**
 * The iteration matrix (M − c·J) of a step attempt, or undefined when it is singular ('singular-matrix' from the
 * sparse LU, or the dense LU's singular pivot): for a nonlinear model c·J may have an eigenvalue at 1 for this h,
 * which a smaller h cures, so the caller rejects the attempt instead of failing. Other errors pass through.
 */
import { isSysgraphError } from '@sysgraph/core';
import type { LinearSolve } from '../problem/ode-problem';

export function factorOrReject(
  factor: (c: number, t: number, z: Float64Array) => LinearSolve,
  c: number,
  t: number,
  z: Float64Array,
): LinearSolve | undefined {
  try {
    return factor(c, t, z);
  } catch (e) {
    if (isSysgraphError(e) && (e.code === 'singular-matrix' || (e.code === 'solver-failure' && e.field?.startsWith('iteration matrix')))) return undefined;
    throw e;
  }
}
