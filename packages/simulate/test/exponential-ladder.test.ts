/**
 * The Krylov method's small exponential y(σ) = e^{σĴ} e_1 (krylov/exponential-ladder.ts: Padé at the finest rung,
 * squarings kept, a Taylor series for the remainder), against closed forms: a damped rotation
 * (e^{aσ}(cos bσ, −sin bσ)), a Jordan block (e^{λσ}(1, σ)), and a stiff non-normal 3 × 3 matrix S diag(λ) S⁻¹
 * with S unit upper triangular (its first column written by hand), at step multiples of the anchor and at
 * arbitrary times.
 */
import { describe, expect, it } from 'vitest';
import { exponentialLadder } from '../src/krylov/exponential-ladder';

const matrix = (rows: number[][]) => ({ rows: rows.length, cols: rows.length, data: Float64Array.from(rows.flat()) });
const times = (anchor: number) => [anchor, anchor / 2, 2 * anchor, anchor / 16, (3 * anchor) / 16, 0.37 * anchor, 1.93 * anchor, 0];

function expectClose(actual: Float64Array, expected: number[], tol: number) {
  const scale = Math.max(1e-300, ...expected.map(Math.abs));
  expected.forEach((e, i) => expect(Math.abs(actual[i] - e) / scale, `component ${i}: ${actual[i]} vs ${e}`).toBeLessThan(tol));
}

describe('exponential ladder', () => {
  it('a damped rotation: e^{aσ}(cos bσ, −sin bσ)', () => {
    const a = -3;
    const b = 40;
    const f = exponentialLadder(matrix([[a, b], [-b, a]]), 0.5);
    for (const s of times(0.5)) expectClose(f(s), [Math.exp(a * s) * Math.cos(b * s), -Math.exp(a * s) * Math.sin(b * s)], 1e-12);
  });

  it('a Jordan block: e^{λσ}(1, σ)', () => {
    const lambda = -2.5;
    const f = exponentialLadder(matrix([[lambda, 0], [1, lambda]]), 1);
    for (const s of times(1)) expectClose(f(s), [Math.exp(lambda * s), s * Math.exp(lambda * s)], 1e-12);
  });

  it('a stiff, non-normal matrix S diag(λ) S⁻¹ (λ down to −1e6)', () => {
    // S = [[1, 1, 1], [0, 1, 1], [0, 0, 1]], S⁻¹ = [[1, −1, 0], [0, 1, −1], [0, 0, 1]]
    const l = [-1, -1e3, -1e6];
    const S = [[1, 1, 1], [0, 1, 1], [0, 0, 1]];
    const Si = [[1, -1, 0], [0, 1, -1], [0, 0, 1]];
    const J = S.map((row, i) => Si[0].map((_, j) => row.reduce((acc, sik, k) => acc + sik * l[k] * Si[k][j], 0)));
    const f = exponentialLadder(matrix(J), 1e-3);
    for (const s of times(1e-3)) {
      // e^{σJ} e_1 = S diag(e^{σλ}) S⁻¹ e_1, S⁻¹ e_1 = e_1: the first column of S times e^{σλ_1}
      expectClose(f(s), [Math.exp(l[0] * s), 0, 0], 1e-12);
    }
    // a second start direction through the same matrix: e_1 of the permuted problem checks the fast modes
    const P = [[0, 0, 1], [0, 1, 0], [1, 0, 0]];
    const Jp = P.map((_, i) => P.map((__, j) => J[2 - i][2 - j]));
    const g = exponentialLadder(matrix(Jp), 1e-3);
    for (const s of times(1e-3)) {
      // P J P e_1 = P J e_3: e^{σJ} e_3 = S diag(e^{σλ}) S⁻¹ e_3, S⁻¹ e_3 = (0, −1, 1)
      const e = l.map((x) => Math.exp(x * s));
      const col = [-e[1] + e[2], -e[1] + e[2], e[2]];
      expectClose(g(s), [col[2], col[1], col[0]], 1e-11);
    }
  });

  it('the zero matrix: e_1 at every σ', () => {
    const f = exponentialLadder(matrix([[0, 0], [0, 0]]), 1);
    expectClose(f(3.7), [1, 0], 1e-300);
  });
});
