/**
 * The periodic particular solution of M x' = A x + g sin(ωt + φ): x_p = Xr sin(ωt + φ) + Xi cos(ωt + φ) with
 * (iωM − A)(Xr + i Xi) = g, solved in real form (M diagonal, given as its diagonal):
 *
 *   [[−A, −ωM], [ωM, −A]] [Xr; Xi] = [g; 0]
 *
 * One LU of a 2n × 2n matrix (sparse when A is). Singular when iω is an eigenvalue of M⁻¹A (resonance of an
 * undamped mode): a typed error, the response then grows and has no periodic part.
 */
import { SysgraphError } from '@sysgraph/core';
import { csrFromTriplets, denseZeros, factorDenseLU, factorSparseLU } from '@sysgraph/linalg';
import type { LinearOperator } from '../problem/linear-operator';

export interface HarmonicResponse {
  readonly sinPart: Float64Array;
  readonly cosPart: Float64Array;
}

export function harmonicResponse(A: LinearOperator, mass: Float64Array, omega: number, g: Float64Array): HarmonicResponse {
  const n = A.rows;
  const rhs = new Float64Array(2 * n);
  rhs.set(g);
  let solution: Float64Array;
  try {
    if (A.csr) {
      const { rowPtr, colIdx, values } = A.csr;
      const ri: number[] = [];
      const ci: number[] = [];
      const v: number[] = [];
      for (let i = 0; i < n; i++) {
        for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
          ri.push(i, n + i);
          ci.push(colIdx[p], n + colIdx[p]);
          v.push(-values[p], -values[p]);
        }
        ri.push(i, n + i);
        ci.push(n + i, i);
        v.push(-omega * mass[i], omega * mass[i]);
      }
      const lu = factorSparseLU(csrFromTriplets(2 * n, 2 * n, ri, ci, v), { ordering: 'amd' });
      solution = lu.solve(rhs, new Float64Array(2 * n)) as Float64Array;
    } else {
      const a = A.toDense();
      const big = denseZeros(2 * n, 2 * n);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          big.data[i * 2 * n + j] = -a.data[i * n + j];
          big.data[(n + i) * 2 * n + n + j] = -a.data[i * n + j];
        }
        big.data[i * 2 * n + n + i] = -omega * mass[i];
        big.data[(n + i) * 2 * n + i] = omega * mass[i];
      }
      solution = factorDenseLU(big, 'harmonic matrix iωM − A').solve(rhs);
    }
  } catch {
    throw new SysgraphError('solver-failure', `the model resonates at ω = ${omega} rad/s (iωM − A is singular)`, {
      field: 'inputs',
      expected: 'a sine frequency that is not an undamped natural frequency, or the stiff solver',
    });
  }
  for (let i = 0; i < 2 * n; i++) {
    if (!Number.isFinite(solution[i])) {
      throw new SysgraphError('solver-failure', `the model resonates at ω = ${omega} rad/s (iωM − A is singular)`, {
        field: 'inputs',
        expected: 'a sine frequency that is not an undamped natural frequency, or the stiff solver',
      });
    }
  }
  return { sinPart: solution.slice(0, n), cosPart: solution.slice(n) };
}
