/**
 * The symmetric mode of the Krylov solver (RC-type networks): the tridiagonal eigensolver against ml-matrix, the
 * factorisation plan (banded Cholesky in natural or reverse Cuthill–McKee order, sparse LU for wide bands), and
 * the solver on relabelled ladders, grids and a network that is not definite, against closed forms and the exact
 * method.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EigenvalueDecomposition, Matrix, solve } from 'ml-matrix';
import { csrFromTriplets, csrIdentity } from '@sysgraph/linalg';
import type { CsrMatrix } from '@sysgraph/linalg';
import { simulate } from '../src/index';
import type { LinearModel } from '../src/index';
import { tridiagonalEigen } from '../src/krylov/tridiagonal-eigen';
import { BANDED_WORK_LIMIT, factorSymmetricDefinite, symmetricPlan } from '../src/sparse/sparse-backend';
import { scaledShiftInvert } from '../src/krylov/scaled-shift-invert';
import { rcLadder, rcLadderRampExact } from './fixtures/rc-ladder';

const SEED = 20261122;

/** The model with its states relabelled: new state π(k) is old state k. */
function relabelled(model: LinearModel, pi: readonly number[]): LinearModel {
  const n = pi.length;
  const move = (m: CsrMatrix, rowsToo: boolean, colsToo: boolean) => {
    const r: number[] = [];
    const c: number[] = [];
    const v: number[] = [];
    for (let i = 0; i < m.rows; i++) {
      for (let p = m.rowPtr[i]; p < m.rowPtr[i + 1]; p++) {
        r.push(rowsToo ? pi[i] : i);
        c.push(colsToo ? pi[m.colIdx[p]] : m.colIdx[p]);
        v.push(m.values[p]);
      }
    }
    return csrFromTriplets(m.rows, m.cols, r, c, v);
  };
  const names = new Array<string>(n);
  model.stateNames.forEach((name, k) => (names[pi[k]] = name));
  return {
    ...model,
    stateNames: names,
    A: move(model.A as CsrMatrix, true, true),
    B: move(model.B as CsrMatrix, true, false),
    C: move(model.C as CsrMatrix, false, true),
    M: model.M ? move(model.M as CsrMatrix, true, true) : undefined,
  };
}

/** A deterministic shuffle of 0 … n − 1. */
function shuffle(n: number, seed: number): number[] {
  const pi = Array.from({ length: n }, (_, i) => i);
  let s = seed >>> 0;
  for (let i = n - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [pi[i], pi[j]] = [pi[j], pi[i]];
  }
  return pi;
}

/** side × side RC grid: conductance g between neighbours, g to ground at the last node, capacitance c per node; input current at node 0. */
function rcGrid(side: number, g: number, c: number): LinearModel {
  const n = side * side;
  const r: number[] = [];
  const col: number[] = [];
  const v: number[] = [];
  const diag = new Float64Array(n);
  diag[n - 1] -= g;
  for (let i = 0; i < n; i++) {
    const right = i % side < side - 1 ? i + 1 : -1;
    const down = i + side < n ? i + side : -1;
    for (const j of [right, down]) {
      if (j < 0) continue;
      r.push(i, j);
      col.push(j, i);
      v.push(g, g);
      diag[i] -= g;
      diag[j] -= g;
    }
  }
  for (let i = 0; i < n; i++) {
    r.push(i);
    col.push(i);
    v.push(diag[i]);
  }
  return {
    kind: 'linear',
    stateNames: Array.from({ length: n }, (_, k) => `v${k}`),
    inputNames: ['Is'],
    outputNames: [],
    M: csrIdentity(n, c),
    A: csrFromTriplets(n, n, r, col, v),
    B: csrFromTriplets(n, 1, [0], [0], [1]),
    C: csrFromTriplets(0, n, [], [], []),
    D: [],
  };
}

describe('tridiagonalEigen', () => {
  it('agrees with ml-matrix on random symmetric tridiagonal matrices: T X = X Λ, X orthogonal', () => {
    // entries below 1e-200 are zero: ml-matrix, the reference, fails on denormal inputs
    const entry = fc.double({ min: -3, max: 3, noNaN: true }).map((x) => (Math.abs(x) < 1e-200 ? 0 : x));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.array(entry, { minLength: 60, maxLength: 60 }), (k, xs) => {
        const d = xs.slice(0, k);
        const e = xs.slice(30, 30 + k - 1);
        const eig = tridiagonalEigen(d, e, k)!;
        expect(eig).toBeDefined();
        const dense = Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => (i === j ? d[i] : j === i + 1 ? e[i] : i === j + 1 ? e[j] : 0)));
        const ref = new EigenvalueDecomposition(new Matrix(dense), { assumeSymmetric: true }).realEigenvalues.sort((a, b) => a - b);
        const got = Array.from(eig.values).sort((a, b) => a - b);
        const scale = Math.max(1, ...ref.map(Math.abs));
        for (let i = 0; i < k; i++) expect(Math.abs(got[i] - ref[i])).toBeLessThan(1e-12 * scale);
        const X = eig.vectors;
        for (let i = 0; i < k; i++) {
          for (let j = 0; j < k; j++) {
            let tx = 0;
            for (let m = 0; m < k; m++) tx += dense[i][m] * X[m * k + j];
            expect(Math.abs(tx - X[i * k + j] * eig.values[j])).toBeLessThan(1e-11 * scale);
            let dot = 0;
            for (let m = 0; m < k; m++) dot += X[m * k + i] * X[m * k + j];
            expect(Math.abs(dot - (i === j ? 1 : 0))).toBeLessThan(1e-12);
          }
        }
      }),
      { seed: SEED, numRuns: 100 },
    );
  });
});

describe('symmetric factorisation plan', () => {
  it('banded Cholesky for a chain in any labelling and for a small grid, sparse LU for a large grid; all solve like the matrix says', () => {
    const ladder = relabelled(rcLadder(300, 1, 1), shuffle(300, 7));
    const plan = symmetricPlan(ladder.A as CsrMatrix);
    expect(plan.banded).toBe(true);
    expect(plan.ordering).toBeDefined();
    expect(plan.bandwidth).toBe(1);
    // 20 × 20: half-bandwidth ≈ 20 after RCM, band work 400·21² ≪ BANDED_WORK_LIMIT
    const grid = rcGrid(20, 1, 1);
    const gridPlan = symmetricPlan(grid.A as CsrMatrix);
    expect(gridPlan.banded).toBe(true);
    expect(gridPlan.ordering).toBeDefined();
    expect(gridPlan.bandwidth).toBeGreaterThanOrEqual(20);
    // 50 × 50: band work 2500·51² > BANDED_WORK_LIMIT, the fill-reducing sparse LU
    const large = rcGrid(50, 1, 1);
    expect(2500 * 51 * 51).toBeGreaterThan(BANDED_WORK_LIMIT);
    expect(symmetricPlan(large.A as CsrMatrix).banded).toBe(false);
    for (const a of [ladder.A as CsrMatrix, grid.A as CsrMatrix, large.A as CsrMatrix]) {
      const n = a.rows;
      const x = Float64Array.from({ length: n }, (_, i) => Math.sin(i + 1));
      const b = new Float64Array(n);
      for (let i = 0; i < n; i++) for (let p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) b[i] += a.values[p] * x[a.colIdx[p]];
      const solved = factorSymmetricDefinite(a, -1).solve(b, new Float64Array(n));
      for (let i = 0; i < n; i++) expect(solved[i]).toBeCloseTo(x[i], 8);
    }
  });

  it('falls back to the sparse LU when the matrix is not definite', () => {
    // tridiag(1, 0.5, 1): indefinite, symmetric, narrow band
    const n = 50;
    const r: number[] = [];
    const c: number[] = [];
    const v: number[] = [];
    for (let i = 0; i < n; i++) {
      r.push(i);
      c.push(i);
      v.push(0.5);
      if (i > 0) r.push(i, i - 1), c.push(i - 1, i), v.push(1, 1);
    }
    const a = csrFromTriplets(n, n, r, c, v);
    expect(symmetricPlan(a).banded).toBe(true);
    const x = Float64Array.from({ length: n }, (_, i) => Math.cos(i));
    const b = new Float64Array(n);
    for (let i = 0; i < n; i++) for (let p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) b[i] += a.values[p] * x[a.colIdx[p]];
    const solved = factorSymmetricDefinite(a, 1).solve(b, new Float64Array(n));
    for (let i = 0; i < n; i++) expect(solved[i]).toBeCloseTo(x[i], 8);
  });
});

describe('scaledShiftInvert on a relabelled chain', () => {
  it.each([
    ['definite', 0.01],
    ['not definite (the general LU, wrapped to the chain order)', 5],
  ])('%s: solves (I − γ D⁻¹AD⁻¹) x = b in the order it reports', (_label, gamma) => {
    const n = 40;
    // A: a chain with conductances 1 … and a positive diagonal entry at one node (so large γ is indefinite)
    const base = rcLadder(n, 1, 1, true);
    const pi = shuffle(n, 3);
    const A = relabelled(base, pi).A as CsrMatrix;
    const values = Float64Array.from(A.values);
    for (let p = A.rowPtr[pi[20]]; p < A.rowPtr[pi[20] + 1]; p++) if (A.colIdx[p] === pi[20]) values[p] += 4;
    const a = csrFromTriplets(n, n, ...triplets(A, values));
    const d = Float64Array.from({ length: n }, (_, i) => 0.5 + ((i * 7) % 5) / 4);
    const factorise = scaledShiftInvert(a, d, symmetricPlan(a));
    const order = factorise.order;
    expect(order).toBeDefined();
    const dense = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
    for (let i = 0; i < n; i++) for (let p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) dense[i][a.colIdx[p]] -= (gamma * a.values[p]) / (d[i] * d[a.colIdx[p]]);
    const b = Array.from({ length: n }, (_, i) => Math.sin(3 * i + 1));
    const ref = solve(new Matrix(dense), Matrix.columnVector(b)).getColumn(0);
    const rhs = Float64Array.from({ length: n }, (_, k) => b[order![k]]);
    const x = factorise(gamma).solve(rhs, new Float64Array(n));
    for (let k = 0; k < n; k++) expect(x[k]).toBeCloseTo(ref[order![k]], 9);
  });
});

describe('krylov, symmetric mode', { timeout: 120_000 }, () => {
  it('a relabelled 500-section RC ladder (reverse Cuthill–McKee + banded Cholesky): the modal solution to 1e-7', () => {
    const N = 500;
    const R = 1e3 / N;
    const C = 1e-6 / N;
    const rise = 4e-6;
    const pi = shuffle(N, 11);
    const model = relabelled(rcLadder(N, R, C, true), pi);
    const r = simulate(model, { tEnd: 4e-3, inputs: { Vs: `ramp(1, ${rise})` }, samples: 21, record: ['v1', 'v250', 'v500'] });
    expect(r.solver).toBe('krylov');
    const t = r.columns[0];
    let err = 0;
    for (let k = 0; k < t.length; k++) {
      const exact = rcLadderRampExact(N, R, C, rise, t[k], [1, 250, 500]);
      // columns come in state order, which the relabelling changed
      ['v1', 'v250', 'v500'].forEach((name, c) => (err = Math.max(err, Math.abs(r.columns[r.names.indexOf(name)][k] - exact[c]))));
    }
    expect(err).toBeLessThan(1e-7);
  });

  it('an RC grid (wide band: banded Cholesky in RCM order, its work below the limit) agrees with the exact method', () => {
    const model = rcGrid(11, 1, 1e-3);
    const common = { tEnd: 0.05, inputs: { Is: 'pwl(0, 0, 1e-3, 1, 0.02, 1, 0.021, 0)' }, samples: 26, record: ['v0', 'v60', 'v120'] };
    const krylov = simulate(model, { ...common, solver: 'krylov', rtol: 1e-9, atol: 1e-12 });
    const exact = simulate(model, { ...common, solver: 'exact' });
    for (let c = 1; c < exact.columns.length; c++) {
      for (let k = 0; k < exact.columns[c].length; k++) expect(Math.abs(krylov.columns[c][k] - exact.columns[c][k])).toBeLessThan(1e-8);
    }
  });

  it.each([false, true])('a symmetric network that is not definite (a negative conductance; relabelled: %s): falls back and still agrees with the exact method', (relabel) => {
    const base = rcLadder(130, 1, 1e-3, true);
    // a negative conductance to ground at one node makes A indefinite (one growing mode)
    const A = base.A as CsrMatrix;
    const values = Float64Array.from(A.values);
    for (let p = A.rowPtr[64]; p < A.rowPtr[65]; p++) if (A.colIdx[p] === 64) values[p] += 3;
    const natural: LinearModel = { ...base, A: csrFromTriplets(130, 130, ...triplets(A, values)) };
    // relabelled, the chain's solves work in the chain's order and the fallback LU in the model's
    const model = relabel ? relabelled(natural, shuffle(130, 5)) : natural;
    const common = { tEnd: 0.01, inputs: { Vs: 'ramp(1, 1e-3)' }, samples: 11, record: ['v1', 'v65', 'v130'] };
    const krylov = simulate(model, { ...common, solver: 'krylov', rtol: 1e-10, atol: 1e-12 });
    const exact = simulate(model, { ...common, solver: 'exact' });
    const peak = Math.max(...exact.columns.slice(1).flatMap((col) => Array.from(col, Math.abs)));
    for (let c = 1; c < exact.columns.length; c++) {
      for (let k = 0; k < exact.columns[c].length; k++) expect(Math.abs(krylov.columns[c][k] - exact.columns[c][k])).toBeLessThan(1e-7 * peak);
    }
  });
});

function triplets(a: CsrMatrix, values: Float64Array): [number[], number[], number[]] {
  const r: number[] = [];
  const c: number[] = [];
  const v: number[] = [];
  for (let i = 0; i < a.rows; i++) for (let p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) r.push(i), c.push(a.colIdx[p]), v.push(values[p]);
  return [r, c, v];
}
