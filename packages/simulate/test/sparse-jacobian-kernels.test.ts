/**
 * The kernels of the sparse nonlinear path, each against an independent dense computation: the pattern of
 * I − c·J and its values (iteration-pattern.ts), the fixed-pattern factoriser's solves and counters
 * (iteration-factoriser.ts), the column colouring (column-colouring.ts: no two columns of a colour share a row)
 * and the one-sided difference Jacobians (difference-jacobian.ts) against exact derivatives, including a law
 * whose domain ends at the state (sqrt at 0: forward only) and one finite on neither side.
 */
import { describe, expect, it } from 'vitest';
import { CsrMatrix, csrFromDense, csrToDense } from '@sysgraph/linalg';
import { fillIteration, hasPattern, iterationPattern } from '../src/sparse/iteration-pattern';
import { createIterationFactoriser } from '../src/sparse/iteration-factoriser';
import { colourColumns } from '../src/sparse/column-colouring';
import { colouredDifference, denseDifference, detectedDifference, isFailure } from '../src/problem/difference-jacobian';
import { emptyStats } from '../src/stats';

/** A random sparse matrix with some zero diagonals (deterministic). */
function randomSparse(n: number, seed: number): number[][] {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? (i % 3 === 0 ? 0 : rnd() - 0.5) : rnd() < 0.2 ? rnd() - 0.5 : 0)));
}

describe('I − c·J on a fixed pattern', () => {
  it('the pattern is J ∪ diagonal and the values are I − cJ, for several c and values', () => {
    const J = randomSparse(12, 7);
    const csr = csrFromDense(J);
    const p = iterationPattern(csr);
    const values = new Float64Array(p.colIdx.length);
    for (const c of [0.1, 2.5]) {
      const a = csrToDense(fillIteration(p, c, csr, values));
      for (let i = 0; i < 12; i++) for (let j = 0; j < 12; j++) expect(a[i][j]).toBeCloseTo((i === j ? 1 : 0) - c * J[i][j], 14);
    }
    expect(p.colIdx.length).toBe(csr.nnz + J.filter((r, i) => r[i] === 0).length);
    expect(hasPattern(p, csr)).toBe(true);
    expect(hasPattern(p, new CsrMatrix(12, 12, Int32Array.from(csr.rowPtr), Int32Array.from(csr.colIdx), csr.values))).toBe(true);
    expect(hasPattern(p, csrFromDense(randomSparse(12, 8)))).toBe(false);
  });

  it('the values are those of clearing, scattering −cJ and adding 1 on the diagonal, bit for bit (stored zeros, −0, missing diagonals)', () => {
    // rows: a stored 0 on the diagonal and a −0 off it; no diagonal; a diagonal beside entries on both sides
    const missing = new CsrMatrix(3, 3, Int32Array.of(0, 2, 3, 6), Int32Array.of(0, 2, 0, 0, 1, 2), Float64Array.of(0, -0, 3e-17, 2, -4, 1e300));
    // every diagonal stored (P = pattern(J): the pass without index arrays), −0 among them
    const stored = new CsrMatrix(3, 3, Int32Array.of(0, 2, 4, 6), Int32Array.of(0, 2, 0, 1, 1, 2), Float64Array.of(-0, -0, 3e-17, 10, -4, 1e300));
    for (const [j, same] of [[missing, false], [stored, true]] as const) {
      const p = iterationPattern(j);
      expect(p.samePattern).toBe(same);
      const values = new Float64Array(p.colIdx.length);
      for (const c of [0.1, 1e-300, 3]) {
        fillIteration(p, c, j, values);
        const expected = new Float64Array(p.colIdx.length);
        for (let k = 0; k < j.nnz; k++) expected[p.jPos[k]] = -c * j.values[k];
        for (let i = 0; i < 3; i++) expected[p.diagPos[i]] += 1;
        for (let k = 0; k < values.length; k++) expect(Object.is(values[k], expected[k]), `c = ${c}, entry ${k}`).toBe(true);
      }
    }
  });

  it('on seeded random patterns that store every diagonal: the bits of −cJ, then + 1 on the diagonal (one pass)', () => {
    let s = 17;
    const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let trial = 0; trial < 20; trial++) {
      const n = 5 + Math.floor(60 * rnd());
      // rows with entries left of the diagonal, right of it, both or neither; values with zeros, −0 and wide exponents
      const dense = Array.from({ length: n }, (_, i) =>
        Array.from({ length: n }, (_, k) => (i === k || rnd() < 0.15 ? (rnd() < 0.1 ? (rnd() < 0.5 ? 0 : -0) : (rnd() - 0.5) * 10 ** (12 * rnd() - 6)) : undefined)),
      );
      const rowPtr = new Int32Array(n + 1);
      const cols: number[] = [];
      const vals: number[] = [];
      dense.forEach((row, i) => {
        row.forEach((v, k) => {
          if (v !== undefined) {
            cols.push(k);
            vals.push(v);
          }
        });
        rowPtr[i + 1] = cols.length;
      });
      const j = new CsrMatrix(n, n, rowPtr, Int32Array.from(cols), Float64Array.from(vals));
      const p = iterationPattern(j);
      expect(p.samePattern).toBe(true);
      const values = new Float64Array(p.colIdx.length).fill(NaN);
      for (const c of [0.37, 1e-9, 2e300]) {
        fillIteration(p, c, j, values);
        const expected = new Float64Array(p.colIdx.length);
        for (let k = 0; k < j.nnz; k++) expected[p.jPos[k]] = -c * j.values[k];
        for (let i = 0; i < n; i++) expected[p.diagPos[i]] += 1;
        for (let k = 0; k < values.length; k++) expect(Object.is(values[k], expected[k]), `n = ${n}, c = ${c}, entry ${k}`).toBe(true);
      }
    }
  });

  it('the factoriser solves (I − cJ) x = b; one factorisation, then refactorisations; a new pattern starts over', () => {
    const stats = emptyStats();
    const f = createIterationFactoriser(stats);
    const J = randomSparse(15, 3);
    const csr = csrFromDense(J);
    const b = Float64Array.from({ length: 15 }, (_, i) => Math.sin(i + 1));
    const g = Float64Array.from({ length: 15 }, (_, i) => Math.cos(3 * i));
    const comb = Float64Array.from({ length: 15 }, (_, i) => (i % 4 === 0 ? -0 : 1e-3 * i));
    for (const c of [0.2, 0.3, 0.25]) {
      const lu = f.factor(c, csr);
      const x = lu.solve(b, new Float64Array(15));
      // residual of (I − cJ) x = b, formed densely
      for (let i = 0; i < 15; i++) {
        let r = x[i] - b[i];
        for (let j = 0; j < 15; j++) r -= c * J[i][j] * x[j];
        expect(Math.abs(r)).toBeLessThan(1e-12);
      }
      // a stage's right-hand side hγ (f + hd·g + comb) formed inside the solve: the bits of forming it first
      const formed = Float64Array.from(b, (v, i) => 0.05 * (v + -0.02 * g[i] + comb[i]));
      const fused = lu.solveSum!(0.05, b, -0.02, g, comb, new Float64Array(15));
      const plain = lu.solve(formed, new Float64Array(15));
      for (let i = 0; i < 15; i++) expect(Object.is(fused[i], plain[i]), `c = ${c}, entry ${i}`).toBe(true);
    }
    expect(stats.factorizations).toBe(1);
    expect(stats.refactorizations).toBe(2);
    f.factor(0.2, csrFromDense(randomSparse(15, 4)));
    expect(stats.factorizations).toBe(2);
  });
});

describe('column colouring and difference Jacobians', () => {
  it('no two columns of one colour share a row; a tridiagonal pattern takes 3 colours', () => {
    const J = csrFromDense(randomSparse(30, 11));
    const col = colourColumns(J);
    const colour = new Int32Array(30);
    for (let g = 0; g < col.count; g++) for (let k = col.start[g]; k < col.start[g + 1]; k++) colour[col.columns[k]] = g;
    for (let i = 0; i < 30; i++) {
      const seen = new Set<number>();
      for (let p = J.rowPtr[i]; p < J.rowPtr[i + 1]; p++) {
        expect(seen.has(colour[J.colIdx[p]])).toBe(false);
        seen.add(colour[J.colIdx[p]]);
      }
    }
    const tri = csrFromDense(Array.from({ length: 9 }, (_, i) => Array.from({ length: 9 }, (_, j) => (Math.abs(i - j) <= 1 ? 1 : 0))));
    expect(colourColumns(tri).count).toBe(3);
  });

  // f_i = x_{i−1} x_i + sin(x_{i+1}) + sqrt(x_0) for i = 0 (domain x_0 ≥ 0): exact J by hand
  const n = 8;
  const rhs = (_t: number, x: Float64Array, out: Float64Array) => {
    for (let i = 0; i < n; i++) out[i] = (i > 0 ? x[i - 1] * x[i] : 0) + (i < n - 1 ? Math.sin(x[i + 1]) : 0) + (i === 0 ? Math.sqrt(x[0]) : 0);
  };
  const exact = (x: Float64Array) =>
    Array.from({ length: n }, (_, i) =>
      Array.from({ length: n }, (_, j) => (j === i - 1 ? x[i] : 0) + (j === i && i > 0 ? x[i - 1] : 0) + (j === i + 1 ? Math.cos(x[j]) : 0) + (i === 0 && j === 0 ? 0.5 / Math.sqrt(x[0]) : 0)),
    );

  it('dense, coloured and detected differences agree with the exact Jacobian to √ε', () => {
    const x = Float64Array.from({ length: n }, (_, i) => 0.5 + 0.1 * i);
    const f0 = new Float64Array(n);
    rhs(0, x, f0);
    const J = exact(x);
    const dense = denseDifference(rhs, 0, x, f0);
    const pattern = csrFromDense(J.map((r) => r.map((v) => (v === 0 ? 0 : 1))));
    const coloured = colouredDifference(rhs, 0, x, f0, pattern, colourColumns(pattern));
    const detected = detectedDifference(rhs, 0, x, f0);
    if (isFailure(dense) || isFailure(coloured) || isFailure(detected)) throw new Error('unexpected failure');
    const d = csrToDense(coloured);
    const e = csrToDense(detected);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        expect(Math.abs(dense.data[i * n + j] - J[i][j])).toBeLessThan(1e-6);
        expect(Math.abs(d[i][j] - J[i][j])).toBeLessThan(1e-6);
        expect(Math.abs(e[i][j] - J[i][j])).toBeLessThan(1e-6);
      }
    }
  });

  it('at the edge of a domain (sqrt at 0, J = +∞) the forward difference stays inside it: finite, large, positive', () => {
    const x = Float64Array.from({ length: n }, (_, i) => (i === 0 ? 0 : 0.3));
    const f0 = new Float64Array(n);
    rhs(0, x, f0);
    const dense = denseDifference(rhs, 0, x, f0);
    if (isFailure(dense)) throw new Error('unexpected failure');
    // (sqrt(δ) − 0)/δ = 1/sqrt(δ), δ = √ε
    expect(dense.data[0]).toBeCloseTo(1 / Math.sqrt(Math.sqrt(Number.EPSILON)), 0);
    // and the backward side is used where forward leaves the domain: sqrt(−x) at 0
    const back = (_t: number, z: Float64Array, out: Float64Array) => void (out[0] = Math.sqrt(-z[0]));
    const jb = denseDifference(back, 0, Float64Array.of(0), Float64Array.of(0));
    if (isFailure(jb)) throw new Error('unexpected failure');
    expect(jb.data[0]).toBeCloseTo(-1 / Math.sqrt(Math.sqrt(Number.EPSILON)), 0);
    // finite on neither side: the failed column is named
    const none = (_t: number, z: Float64Array, out: Float64Array) => void (out[0] = Math.sqrt(z[0]) - Math.sqrt(-z[0]));
    expect(denseDifference(none, 0, Float64Array.of(0), Float64Array.of(0))).toEqual({ failedColumn: 0 });
  });
});
