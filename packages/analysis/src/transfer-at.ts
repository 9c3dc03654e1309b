/**
 * transferAt: H(s) = C (sI − A)⁻¹ B + D + s E at a complex s, from one complex LU of (sI − A):
 * O(n³ + n²·m) for n states and m inputs. Returns H as rows (outputs) of complex entries (inputs).
 */
import { SysgraphError } from '@sysgraph/core';
import { factorResolvent } from '@sysgraph/linalg';
import type { Complex } from './complex';
import type { NumericModel } from './numeric-model';

export function transferAt(model: NumericModel, s: Complex): Complex[][] {
  const n = model.A.length;
  const ny = model.C.length;
  const m = model.D[0]?.length ?? model.B[0]?.length ?? 0;
  const H: Complex[][] = Array.from({ length: ny }, (_, i) =>
    Array.from({ length: m }, (_, j) => ({ re: model.D[i][j] + s.re * model.E[i][j], im: s.im * model.E[i][j] })),
  );
  if (n === 0) return H;
  let lu;
  try {
    lu = factorResolvent(model.A.map((r) => [...r]), s.re, s.im);
  } catch {
    throw new SysgraphError('bad-option', `s = ${s.re} + ${s.im}i is a pole of the model: H(s) is not defined there`, { field: 's', expected: 'a point that is not an eigenvalue of A' });
  }
  for (let j = 0; j < m; j++) {
    const x = lu.solve(Float64Array.from(model.B, (row) => row[j]));
    for (let i = 0; i < ny; i++) {
      let re = 0;
      let im = 0;
      for (let k = 0; k < n; k++) {
        re += model.C[i][k] * x.re[k];
        im += model.C[i][k] * x.im[k];
      }
      H[i][j] = { re: H[i][j].re + re, im: H[i][j].im + im };
    }
  }
  return H;
}

/** The DC gain H(0) = D − C A⁻¹ B (an error when A is singular: a pole at s = 0). */
export function dcGain(model: NumericModel): number[][] {
  return transferAt(model, { re: 0, im: 0 }).map((row) => row.map((z) => z.re));
}
