/** symmetricEigen (EISPACK tred2 + tql2): a closed-form spectrum, the eigen-equation and orthonormality, typed errors. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { symmetricEigen } from '../src/index';

describe('symmetricEigen', () => {
  it('tridiag(−1, 2, −1): λ_k = 2 − 2cos(kπ/(n + 1))', () => {
    const n = 40;
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      a[i * n + i] = 2;
      if (i + 1 < n) a[i * n + i + 1] = a[(i + 1) * n + i] = -1;
    }
    const { values } = symmetricEigen(a, n);
    for (let k = 1; k <= n; k++) expect(values[k - 1]).toBeCloseTo(2 - 2 * Math.cos((k * Math.PI) / (n + 1)), 12);
  });

  it('A q_j = λ_j q_j and QᵀQ = I on random symmetric matrices', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 144, maxLength: 144 }), (n, xs) => {
        const a = new Float64Array(n * n);
        for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) a[i * n + j] = a[j * n + i] = xs[i * 12 + j];
        const { values, vectors } = symmetricEigen(a, n);
        for (let j = 0; j < n; j++) {
          for (let i = 0; i < n; i++) {
            let aq = 0;
            for (let k = 0; k < n; k++) aq += a[i * n + k] * vectors[j * n + k];
            expect(Math.abs(aq - values[j] * vectors[j * n + i])).toBeLessThan(1e-10 * 120);
          }
          for (let k = 0; k < n; k++) {
            let dot = 0;
            for (let i = 0; i < n; i++) dot += vectors[j * n + i] * vectors[k * n + i];
            expect(Math.abs(dot - (j === k ? 1 : 0))).toBeLessThan(1e-12);
          }
          if (j > 0) expect(values[j]).toBeGreaterThanOrEqual(values[j - 1]);
        }
      }),
      { seed: 20261122, numRuns: 60 },
    );
  });

  it('a wrong size and a non-finite entry are typed errors naming the matrix and the entry', () => {
    expect(() => symmetricEigen(new Float64Array(3), 2)).toThrow(expect.objectContaining({ code: 'bad-value', element: 'symmetricEigen A', field: 'length' }));
    expect(() => symmetricEigen(Float64Array.of(1, 0, 0, Number.NaN), 2)).toThrow(expect.objectContaining({ code: 'bad-value', field: '[1][1]' }));
  });
});
