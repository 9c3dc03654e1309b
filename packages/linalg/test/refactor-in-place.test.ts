/**
 * refactorSparseLU with inPlace: the factors of a new matrix on the same pattern overwrite the old ones (the same
 * object comes back) and solve A x = b to round-off (residual checked against A itself); a pivot that fails the
 * threshold test falls back to a fresh factorisation, still correct.
 */
import { describe, expect, it } from 'vitest';
import { csrResidual } from './helpers';
import { CsrMatrix, factorSparseLU, refactorSparseLU } from '../src/index';

/** A tridiagonal-plus-corner pattern in a scrambled numbering, values from `diag`. */
function matrix(n: number, perm: Int32Array, diag: (i: number) => number): CsrMatrix {
  const rows: Map<number, number>[] = Array.from({ length: n }, () => new Map());
  const put = (i: number, j: number, v: number) => rows[perm[i]].set(perm[j], v);
  for (let i = 0; i < n; i++) {
    put(i, i, diag(i));
    if (i > 0) put(i, i - 1, -1);
    if (i < n - 1) put(i, i + 1, -1.5);
  }
  put(0, n - 1, 0.5);
  const rowPtr = new Int32Array(n + 1);
  const colIdx: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < n; i++) {
    const cols = [...rows[i].keys()].sort((a, b) => a - b);
    for (const c of cols) {
      colIdx.push(c);
      values.push(rows[i].get(c)!);
    }
    rowPtr[i + 1] = colIdx.length;
  }
  return new CsrMatrix(n, n, rowPtr, Int32Array.from(colIdx), Float64Array.from(values));
}

describe('refactorisation in place', () => {
  const n = 60;
  const perm = Int32Array.from({ length: n }, (_, i) => (i * 37) % n);
  const b = Float64Array.from({ length: n }, (_, i) => Math.cos(i));

  it('same object, new values: A x = b to round-off for a sequence of matrices on one pattern', () => {
    let lu = factorSparseLU(matrix(n, perm, (i) => 4 + Math.sin(i)), { ordering: 'amd' });
    const first = lu;
    for (let k = 1; k <= 5; k++) {
      const a = matrix(n, perm, (i) => 3 + k + Math.sin(i * k));
      const outcome = { path: 'pattern' as 'numeric' | 'pivots' | 'pattern' };
      lu = refactorSparseLU(lu, a, outcome, { inPlace: true });
      expect(outcome.path).toBe('numeric');
      expect(lu).toBe(first);
      const x = lu.solve(b);
      expect(csrResidual(a, x, b)).toBeLessThan(1e-12);
    }
  });

  it('a pivot that fails the threshold test: a fresh factorisation, still A x = b', () => {
    const lu = factorSparseLU(matrix(n, perm, () => 10), { ordering: 'amd' });
    // tiny diagonal: the kept pivots fail the threshold test against the off-diagonal entries
    const a = matrix(n, perm, (i) => (i % 2 === 0 ? 1e-9 : 5));
    const outcome = { path: 'numeric' as 'numeric' | 'pivots' | 'pattern' };
    const again = refactorSparseLU(lu, a, outcome, { inPlace: true });
    expect(outcome.path).toBe('pivots');
    expect(csrResidual(a, again.solve(b), b)).toBeLessThan(1e-9);
    // and the object it returned refactorises in place in turn
    const c = matrix(n, perm, (i) => 6 + Math.cos(i));
    const third = refactorSparseLU(again, c, outcome, { inPlace: true });
    expect(csrResidual(c, third.solve(b), b)).toBeLessThan(1e-12);
  });

  it('values that are not finite: what a fresh factorisation does with them, and the next matrix on the same arrays is right again', () => {
    const a = matrix(n, perm, (i) => 4 + Math.sin(i));
    let lu = factorSparseLU(a, { ordering: 'amd' });
    const first = lu;
    const finite = Float64Array.from(a.values);
    // the same pattern arrays from here on (the refactorisation's scatter program is kept for them)
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY]) {
      a.values[a.rowPtr[n >> 1] + 1] = bad;
      let fresh: unknown;
      try {
        fresh = factorSparseLU(a, { ordering: 'amd' });
      } catch (e) {
        fresh = e;
      }
      let again: unknown;
      const outcome = { path: 'numeric' as 'numeric' | 'pivots' | 'pattern' };
      try {
        again = refactorSparseLU(lu, a, outcome, { inPlace: true });
      } catch (e) {
        again = e;
      }
      expect(outcome.path).not.toBe('numeric');
      expect(again instanceof Error).toBe(fresh instanceof Error);
      if (fresh instanceof Error) expect((again as { code?: string }).code).toBe((fresh as { code?: string }).code);
      for (let p = 0; p < finite.length; p++) a.values[p] = finite[p] * 1.25;
      const outcome2 = { path: 'pattern' as 'numeric' | 'pivots' | 'pattern' };
      lu = refactorSparseLU(first, a, outcome2, { inPlace: true });
      expect(outcome2.path).toBe('numeric');
      expect(csrResidual(a, lu.solve(b), b)).toBeLessThan(1e-12);
    }
  });
});
