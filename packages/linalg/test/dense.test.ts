import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EigenvalueDecomposition, Matrix, solve as mlSolve, SingularValueDecomposition } from 'ml-matrix';
import {
  complexSolve,
  denseInverse,
  denseSolve,
  eigenvalues,
  expm,
  expmBlockAugmented,
  factorResolvent,
  formatDense,
  generalizedEigenvalues,
  rankAndNullspace,
} from '../src/index';
import { seededRandom } from '@sysgraph/core';
import { SEED, denseMul, denseMulVec, maxAbsDiff } from './helpers';

const identity = (n: number): number[][] => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));

function randomMatrix(rand: () => number, m: number, n: number, scale = 1): number[][] {
  return Array.from({ length: m }, () => Array.from({ length: n }, () => scale * (2 * rand() - 1)));
}

const arbMatrix = (maxN: number, range = 1) =>
  fc.integer({ min: 1, max: maxN }).chain((n) =>
    fc.array(fc.array(fc.double({ min: -range, max: range, noNaN: true }), { minLength: n, maxLength: n }), {
      minLength: n,
      maxLength: n,
    }),
  );

function catchError(f: () => unknown): Record<string, unknown> {
  try {
    f();
  } catch (e) {
    return e as Record<string, unknown>;
  }
  throw new Error('expected an error');
}

describe('expm', () => {
  it('diagonal: e^D = diag(e^{d_i}), also for large norms (scaling and squaring)', () => {
    for (const d of [[0.001, -0.002], [0.3, -1], [2, -3, 0.5], [-40, 10, 0]]) {
      const e = expm(d.map((v, i) => d.map((_, j) => (i === j ? v : 0))));
      d.forEach((v, i) => expect(e[i][i] / Math.exp(v)).toBeCloseTo(1, 12));
      expect(e[0][1]).toBe(0);
    }
  });

  it('nilpotent: e^{Nt} = I + N t + N² t²/2 for the 3×3 shift', () => {
    for (const t of [0.01, 1, 7.5]) {
      const e = expm([
        [0, t, 0],
        [0, 0, t],
        [0, 0, 0],
      ]);
      expect(maxAbsDiff(e, [
        [1, t, (t * t) / 2],
        [0, 1, t],
        [0, 0, 1],
      ])).toBeLessThanOrEqual(1e-13 * Math.max(1, t * t));
    }
  });

  it('rotation: e^{[[0, w], [−w, 0]] t} = [[cos wt, sin wt], [−sin wt, cos wt]]', () => {
    for (const wt of [1e-3, 0.2, 1, 3, 25, 100]) {
      const e = expm([
        [0, wt],
        [-wt, 0],
      ]);
      expect(maxAbsDiff(e, [
        [Math.cos(wt), Math.sin(wt)],
        [-Math.sin(wt), Math.cos(wt)],
      ])).toBeLessThanOrEqual(1e-12 * Math.max(1, wt));
    }
  });

  it('symmetric matrices: agrees with V diag(e^λ) Vᵀ from ml-matrix eigenvectors', () => {
    fc.assert(
      fc.property(arbMatrix(8, 3), (m) => {
        const n = m.length;
        const s = m.map((row, i) => row.map((v, j) => (v + m[j][i]) / 2));
        const evd = new EigenvalueDecomposition(new Matrix(s), { assumeSymmetric: true });
        const v = evd.eigenvectorMatrix;
        const ref = v.mmul(Matrix.diag(evd.realEigenvalues.map(Math.exp))).mmul(v.transpose()).to2DArray();
        const scale = Math.max(...evd.realEigenvalues.map(Math.exp));
        expect(maxAbsDiff(expm(s), ref)).toBeLessThanOrEqual(1e-11 * scale * n);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('e^{A} e^{−A} = I and e^{2A} = (e^{A})² for unsymmetric A', () => {
    fc.assert(
      fc.property(arbMatrix(6, 2), (a) => {
        const n = a.length;
        const ea = expm(a);
        const prod = denseMul(ea, expm(a.map((r) => r.map((v) => -v))));
        expect(maxAbsDiff(prod, identity(n))).toBeLessThanOrEqual(1e-9);
        const e2 = expm(a.map((r) => r.map((v) => 2 * v)));
        const sq = denseMul(ea, ea);
        const scale = Math.max(1, ...sq.flat().map(Math.abs));
        expect(maxAbsDiff(e2, sq)).toBeLessThanOrEqual(1e-11 * scale);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });
});

describe('expmBlockAugmented (Van Loan)', () => {
  it('scalar closed forms: Φ = e^{ah}, Γ0 = b(e^{ah} − 1)/a, Γ1 = b(e^{ah} − 1 − ah)/(a² h)', () => {
    for (const [a, b, h] of [
      [-2, 3, 0.1],
      [0.5, -1, 2],
      [-50, 1, 0.3],
    ]) {
      const r = expmBlockAugmented([[a]], [[b]], h);
      const e = Math.exp(a * h);
      expect(r.phi[0][0]).toBeCloseTo(e, 13);
      expect(r.gamma0[0][0] / ((b * (e - 1)) / a)).toBeCloseTo(1, 12);
      expect(r.gamma1![0][0] / ((b * (e - 1 - a * h)) / (a * a * h))).toBeCloseTo(1, 12);
    }
  });

  it('A = 0 (pure integrator): Γ0 = B h, Γ1 = B h / 2; order 0 has no Γ1', () => {
    const r = expmBlockAugmented([[0, 0], [0, 0]], [[1], [2]], 0.4);
    expect(maxAbsDiff(r.gamma0, [[0.4], [0.8]])).toBeLessThanOrEqual(1e-15);
    expect(maxAbsDiff(r.gamma1!, [[0.2], [0.4]])).toBeLessThanOrEqual(1e-15);
    expect(expmBlockAugmented([[0]], [[1]], 1, 0).gamma1).toBeUndefined();
  });

  it('discretisation is exact for a ramp input: matches the closed-form response of x′ = −x + t', () => {
    // x(0) = 0, u = t: x(t) = t − 1 + e^{−t}.
    const h = 0.25;
    const r = expmBlockAugmented([[-1]], [[1]], h);
    let x = 0;
    for (let k = 0; k < 8; k++) {
      const uk = k * h;
      const uk1 = (k + 1) * h;
      x = r.phi[0][0] * x + (r.gamma0[0][0] - r.gamma1![0][0]) * uk + r.gamma1![0][0] * uk1;
    }
    const t = 8 * h;
    expect(x).toBeCloseTo(t - 1 + Math.exp(-t), 13);
  });

  it('matrix case against Simpson quadrature of ∫ e^{Aτ} dτ B', () => {
    const rand = seededRandom(7);
    const a = randomMatrix(rand, 3, 3);
    const b = randomMatrix(rand, 3, 2);
    const h = 0.7;
    const r = expmBlockAugmented(a, b, h);
    const steps = 200;
    const g0 = b.map((row) => row.map(() => 0));
    const g1 = b.map((row) => row.map(() => 0));
    for (let s = 0; s <= steps; s++) {
      const tau = (h * s) / steps;
      const w = (s === 0 || s === steps ? 1 : s % 2 === 1 ? 4 : 2) * (h / steps / 3);
      const eb = denseMul(expm(a.map((row) => row.map((v) => v * tau))), b);
      eb.forEach((row, i) => row.forEach((v, j) => {
        g0[i][j] += w * v;
        g1[i][j] += (w * v * (h - tau)) / h;
      }));
    }
    expect(maxAbsDiff(r.gamma0, g0)).toBeLessThanOrEqual(1e-9);
    expect(maxAbsDiff(r.gamma1!, g1)).toBeLessThanOrEqual(1e-9);
    expect(maxAbsDiff(r.phi, expm(a.map((row) => row.map((v) => v * h))))).toBeLessThanOrEqual(1e-14);
  });

  it('rejects a bad step', () => {
    expect(catchError(() => expmBlockAugmented([[1]], [[1]], -1))).toMatchObject({ code: 'bad-value', field: 'h' });
  });
});

describe('eigenvalues', () => {
  it('known spectra: triangular, rotation, companion matrix of (s+1)(s+2)(s²+2s+5)', () => {
    const tri = eigenvalues([
      [3, 1, 4],
      [0, -1, 5],
      [0, 0, 2],
    ]);
    expect(Array.from(tri.re)).toEqual([-1, 2, 3]);
    expect(Array.from(tri.im)).toEqual([0, 0, 0]);
    const rot = eigenvalues([
      [0, 2],
      [-2, 0],
    ]);
    expect(Array.from(rot.re).map((v) => Math.abs(v))).toEqual([0, 0]);
    expect(Array.from(rot.im)).toEqual([-2, 2]);
    // (s+1)(s+2)(s²+2s+5) = s⁴ + 5s³ + 13s² + 19s + 10; roots −2, −1 ± 2j, −1.
    const comp = eigenvalues([
      [0, 1, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 1],
      [-10, -19, -13, -5],
    ]);
    const expected = [
      [-2, 0],
      [-1, -2],
      [-1, 0],
      [-1, 2],
    ];
    expected.forEach(([re, im], k) => {
      expect(comp.re[k]).toBeCloseTo(re, 9);
      expect(comp.im[k]).toBeCloseTo(im, 9);
    });
  });

  it('sorted by real part (up to a relative 1e-9 grouping) then imaginary part; sum = trace', () => {
    fc.assert(
      fc.property(arbMatrix(10, 2), (a) => {
        const n = a.length;
        const { re, im } = eigenvalues(a);
        const scale = Math.max(...Array.from(re, (v, k) => Math.hypot(v, im[k])));
        for (let k = 1; k < re.length; k++) {
          expect(re[k] >= re[k - 1] - 1e-9 * n * scale).toBe(true);
          if (re[k] === re[k - 1]) expect(im[k] >= im[k - 1]).toBe(true);
        }
        const trace = a.reduce((s, row, i) => s + row[i], 0);
        expect(Math.abs(re.reduce((s, v) => s + v, 0) - trace)).toBeLessThan(1e-9 * Math.max(1, scale) * n);
        expect(Math.abs(im.reduce((s, v) => s + v, 0))).toBeLessThan(1e-9 * Math.max(1, scale) * n);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('agrees with ml-matrix EigenvalueDecomposition on random matrices (an independent QR code)', () => {
    const rand = seededRandom(5);
    for (let trial = 0; trial < 60; trial++) {
      const n = 1 + (trial % 12);
      const a = randomMatrix(rand, n, n, trial % 3 === 0 ? 100 : 1);
      const mine = eigenvalues(a);
      const ref = new EigenvalueDecomposition(new Matrix(a));
      const scale = Math.max(1, ...ref.realEigenvalues.map((v, k) => Math.hypot(v, ref.imaginaryEigenvalues[k])));
      // Every reference eigenvalue has a match (the multiset is the same: both sorted the same way).
      const sorted = ref.realEigenvalues.map((v, k) => [v, ref.imaginaryEigenvalues[k]]);
      for (const [re, im] of sorted) {
        let best = Infinity;
        for (let q = 0; q < n; q++) best = Math.min(best, Math.hypot(mine.re[q] - re, mine.im[q] - im));
        expect(best).toBeLessThan(1e-10 * scale);
      }
    }
  });

  it('terminates on matrices of subnormal entries (which hang a QR without an iteration cap)', () => {
    const a = [
      [0, 0, 0],
      [2e-323, -1e-300, 2],
      [4e-323, -2, 5e-324],
    ];
    const { re, im } = eigenvalues(a);
    expect(Array.from(im).map((v) => Math.round(v * 1e9) / 1e9).sort()).toEqual([-2, 0, 2]);
    expect(Math.max(...Array.from(re, Math.abs))).toBeLessThan(1e-12);
  });

  it('badly scaled physical matrix (balancing): RLC with L = 1e-6, C = 1e-9, R = 10', () => {
    // x = (vC, iL): vC' = iL / C, iL' = (−vC − R iL) / L. λ² + (R/L) λ + 1/(LC) = 0.
    const L = 1e-6;
    const C = 1e-9;
    const R = 10;
    const { re, im } = eigenvalues([
      [0, 1 / C],
      [-1 / L, -R / L],
    ]);
    const a = R / L / 2;
    const w = Math.sqrt(1 / (L * C) - a * a);
    expect(re[0] / -a).toBeCloseTo(1, 12);
    expect(re[1] / -a).toBeCloseTo(1, 12);
    expect(im[0] / -w).toBeCloseTo(1, 12);
    expect(im[1] / w).toBeCloseTo(1, 12);
  });
});

describe('rankAndNullspace', () => {
  it('a rank-2 3×4 matrix: rank 2 and a 2-dimensional orthonormal null space', () => {
    const a = [
      [1, 2, 3, 4],
      [2, 4, 6, 8],
      [1, 0, 1, 0],
    ];
    const { rank, nullspace, singularValues } = rankAndNullspace(a);
    expect(rank).toBe(2);
    expect(singularValues.length).toBe(3);
    expect(nullspace.length).toBe(2);
    for (const v of nullspace) {
      expect(Math.max(...denseMulVec(a, v).map(Math.abs))).toBeLessThan(1e-12);
      expect(v.reduce((s, x) => s + x * x, 0)).toBeCloseTo(1, 12);
    }
    expect(nullspace[0].reduce((s, x, i) => s + x * nullspace[1][i], 0)).toBeCloseTo(0, 12);
  });

  it('incidence matrix of a triangle: rank 2, null space ∝ (1, −1, 1) (the loop)', () => {
    // rows: nodes, columns: branches 0→1, 1→2, 0→2
    const inc = [
      [1, 0, 1],
      [-1, 1, 0],
      [0, -1, -1],
    ];
    const { rank, nullspace } = rankAndNullspace(inc);
    expect(rank).toBe(2);
    const v = nullspace[0];
    const s = 1 / Math.sqrt(3);
    expect(maxAbsDiff([Array.from(v)], [[s, s, -s]])).toBeLessThan(1e-12);
  });

  it('random products of rank r: rank r', () => {
    const rand = seededRandom(11);
    for (let trial = 0; trial < 20; trial++) {
      const r = 1 + (trial % 4);
      const m = 5 + (trial % 3);
      const n = 6;
      const a = denseMul(randomMatrix(rand, m, r), randomMatrix(rand, r, n));
      const res = rankAndNullspace(a);
      expect(res.rank).toBe(r);
      expect(res.nullspace.length).toBe(n - r);
      for (const v of res.nullspace) expect(Math.max(...denseMulVec(a, v).map(Math.abs))).toBeLessThan(1e-12);
    }
  });
});

describe('denseSolve, denseInverse, complexSolve', () => {
  it('agrees with ml-matrix solve; inverse times A = I', () => {
    fc.assert(
      fc.property(arbMatrix(12), (a0) => {
        const n = a0.length;
        const a = a0.map((row, i) => row.map((v, j) => v + (i === j ? n + 1 : 0))); // well conditioned
        const b = a.map((_, i) => Math.cos(i));
        const x = denseSolve(a, b);
        const ref = mlSolve(new Matrix(a), Matrix.columnVector(b)).getColumn(0);
        for (let i = 0; i < n; i++) expect(x[i]).toBeCloseTo(ref[i], 12);
        expect(maxAbsDiff(denseMul(denseInverse(a), a), identity(n))).toBeLessThan(1e-12);
        const xm = denseSolve(a, a.map((_, i) => [b[i], 2 * b[i]]));
        for (let i = 0; i < n; i++) expect(xm[i][1]).toBeCloseTo(2 * x[i], 12);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('singular matrix: typed error with the column', () => {
    const e = catchError(() => denseSolve([
      [1, 2],
      [2, 4],
    ], [1, 1]));
    expect(e).toMatchObject({ code: 'singular-matrix', column: 1 });
  });

  it('complexSolve agrees with the real 2n×2n system [[Re, −Im], [Im, Re]]', () => {
    fc.assert(
      fc.property(arbMatrix(8), fc.double({ min: -5, max: 5, noNaN: true }), (ar0, w) => {
        const n = ar0.length;
        const ar = ar0.map((row, i) => row.map((v, j) => v + (i === j ? 3 : 0)));
        const ai = ar0.map((row) => row.map((v) => w * v * 0.5));
        const br = ar.map((_, i) => Math.sin(i + 1));
        const bi = ar.map((_, i) => Math.cos(2 * i));
        const x = complexSolve(ar, ai, br, bi);
        const big = new Matrix(2 * n, 2 * n);
        for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
          big.set(i, j, ar[i][j]);
          big.set(i, n + j, -ai[i][j]);
          big.set(n + i, j, ai[i][j]);
          big.set(n + i, n + j, ar[i][j]);
        }
        const ref = mlSolve(big, Matrix.columnVector([...br, ...bi])).getColumn(0);
        for (let i = 0; i < n; i++) {
          expect(x.re[i]).toBeCloseTo(ref[i], 10);
          expect(x.im[i]).toBeCloseTo(ref[n + i], 10);
        }
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('factorResolvent: (jω − a)⁻¹ b for a scalar, and an RC low-pass H(jω) = 1/(1 + jωRC)', () => {
    const lu = factorResolvent([[-2]], 0, 3);
    const x = lu.solve([1]);
    // 1 / (2 + 3j) = (2 − 3j) / 13
    expect(x.re[0]).toBeCloseTo(2 / 13, 15);
    expect(x.im[0]).toBeCloseTo(-3 / 13, 15);
    const rc = 0.5;
    const w = 4;
    const h = factorResolvent([[-1 / rc]], 0, w).solve([1 / rc]);
    expect(h.re[0]).toBeCloseTo(1 / (1 + (w * rc) ** 2), 14);
    expect(h.im[0]).toBeCloseTo(-(w * rc) / (1 + (w * rc) ** 2), 14);
    expect(catchError(() => factorResolvent([[1]], 0, Infinity))).toMatchObject({ code: 'bad-value', field: 'sIm' });
    // s = 2 is an eigenvalue of A = [[2]]: sI − A is singular.
    expect(catchError(() => factorResolvent([[2]], 2, 0))).toMatchObject({ code: 'singular-matrix' });
  });
});

describe('generalizedEigenvalues', () => {
  it('a regular pencil with only infinite eigenvalues after one deflation: det(K − sM) = −1, no finite eigenvalue', () => {
    // K − sM = [[−1 − s, 1], [1, 0]]: determinant −1 for every s (the Rosenbrock pencil of 1/(s + 1), which has no zero)
    const r = generalizedEigenvalues([[-1, 1], [1, 0]], [[1, 0], [0, 0]]);
    expect(Array.from(r.re)).toEqual([]);
    expect(Array.from(r.im)).toEqual([]);
  });

  /** A = T1 diag(J, I) T2, E = T1 diag(I, N) T2: the Weierstrass form with finite part J and nilpotent N. */
  function weierstrass(j: number[][], nil: number[][], seed: number): { a: number[][]; e: number[][] } {
    const rand = seededRandom(seed);
    const r = j.length;
    const m = nil.length;
    const n = r + m;
    const blockA = identity(n).map((row, i) => row.map((v, c) => (i < r && c < r ? j[i][c] : i >= r && c >= r ? v : 0)));
    const blockE = identity(n).map((row, i) => row.map((v, c) => (i < r && c < r ? v : i >= r && c >= r ? nil[i - r][c - r] : 0)));
    const t1 = randomMatrix(rand, n, n).map((row, i) => row.map((v, c) => v + (i === c ? 3 : 0)));
    const t2 = randomMatrix(rand, n, n).map((row, i) => row.map((v, c) => v + (i === c ? 3 : 0)));
    return { a: denseMul(denseMul(t1, blockA), t2), e: denseMul(denseMul(t1, blockE), t2) };
  }
  const jordanZero = (m: number): number[][] => Array.from({ length: m }, (_, i) => Array.from({ length: m }, (_, c) => (c === i + 1 ? 1 : 0)));

  it('E = I: the ordinary eigenvalues', () => {
    const a = [
      [0, 1],
      [-5, -2],
    ];
    const s = generalizedEigenvalues(a, identity(2));
    expect(s.re[0]).toBeCloseTo(-1, 12);
    expect(s.re[1]).toBeCloseTo(-1, 12);
    expect(s.im[0]).toBeCloseTo(-2, 12);
    expect(s.im[1]).toBeCloseTo(2, 12);
  });

  it('index 1, 2 and 3 pencils in disguise: exactly the eigenvalues of the finite block', () => {
    const j = [
      [-1, 2, 0],
      [-2, -1, 0],
      [0, 0, -4],
    ]; // −1 ± 2j, −4
    for (const [m, seed] of [
      [1, 1],
      [2, 2],
      [3, 3],
      [2, 4],
    ]) {
      const nil = m === 1 ? [[0]] : jordanZero(m);
      const { a, e } = weierstrass(j, nil, seed);
      const s = generalizedEigenvalues(a, e);
      expect(s.re.length, `index ${m}`).toBe(3);
      const expected = [
        [-4, 0],
        [-1, -2],
        [-1, 2],
      ];
      expected.forEach(([re, im], k) => {
        expect(s.re[k]).toBeCloseTo(re, 7);
        expect(s.im[k]).toBeCloseTo(im, 7);
      });
    }
  });

  it('an index-1 descriptor system: E = diag(1, 0), finite eigenvalue a11 − a12 a21 / a22', () => {
    const s = generalizedEigenvalues([
      [-1, 2],
      [3, -4],
    ], [
      [1, 0],
      [0, 0],
    ]);
    expect(s.re.length).toBe(1);
    expect(s.re[0]).toBeCloseTo(-1 - (2 * 3) / -4, 12);
  });

  it('badly scaled E (capacitance 1e-9 next to inertia 1e3) keeps both finite eigenvalues', () => {
    const s = generalizedEigenvalues([
      [-1, 0],
      [0, -2],
    ], [
      [1e-9, 0],
      [0, 1e3],
    ]);
    expect(s.re.length).toBe(2);
    expect(s.re[0] / -1e9).toBeCloseTo(1, 12);
    expect(s.re[1] / -2e-3).toBeCloseTo(1, 12);
  });

  it('a singular pencil (common null vector) is a typed error', () => {
    const e = catchError(() => generalizedEigenvalues([
      [1, 0],
      [0, 0],
    ], [
      [1, 0],
      [0, 0],
    ]));
    expect(e.code).toBe('singular-matrix');
  });

  it('random regular pencils: every λ makes A − λE singular', () => {
    const rand = seededRandom(99);
    for (let trial = 0; trial < 20; trial++) {
      const n = 2 + (trial % 5);
      const a = randomMatrix(rand, n, n);
      const e = randomMatrix(rand, n, n);
      if (trial % 2 === 0) for (const row of e) row[n - 1] = 0; // rank-deficient E
      const s = generalizedEigenvalues(a, e);
      for (let k = 0; k < s.re.length; k++) {
        // σ_min(A − λE) relative to ‖A‖ + |λ|‖E‖, via the 2n×2n real form of the complex matrix.
        const big = new Matrix(2 * n, 2 * n);
        for (let i = 0; i < n; i++) for (let c = 0; c < n; c++) {
          const re = a[i][c] - s.re[k] * e[i][c];
          const im = -s.im[k] * e[i][c];
          big.set(i, c, re);
          big.set(i, n + c, -im);
          big.set(n + i, c, im);
          big.set(n + i, n + c, re);
        }
        const sv = new SingularValueDecomposition(big).diagonal;
        const lam = Math.hypot(s.re[k], s.im[k]);
        expect(sv[sv.length - 1] / (1 + lam)).toBeLessThan(1e-8);
      }
    }
  });
});

describe('formatDense', () => {
  it('prints an aligned named table', () => {
    expect(formatDense([
      [1, -0.5],
      [1e-7, 123456789],
    ], ['vC', 'iL'])).toBe(['      vC         iL', 'vC     1       -0.5', 'iL  1e-7  123457000'].join('\n'));
    expect(formatDense([[1, 2]], { rows: ['y'], cols: ['u1', 'u2'] })).toBe(['   u1  u2', 'y   1   2'].join('\n'));
  });
});
