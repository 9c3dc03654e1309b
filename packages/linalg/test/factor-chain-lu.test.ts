/**
 * The direct first factorisation of a chain (factor-chain-lu.ts) against Gilbert–Peierls (gilbertPeierls): on seeded
 * random tridiagonal matrices in shuffled numberings (n = 2 … 500; zeros and −0 among the entries, diagonals too
 * small for the threshold, missing diagonals, off-diagonals stored one way only) the factors, when the direct path
 * takes them, equal the general ones field by field (patterns, permutations, values with Object.is), and it takes
 * them exactly where Gilbert–Peierls pivots on the diagonal all along a chain; factorSparseLU gives the general
 * factors or the general error everywhere. Refactorisations of the direct factors (on the band positions they keep)
 * equal those of the general ones. Then on the I − c·J of a diode-clamped RC ladder numbered C1, C10, C100, ….
 */
import { seededRandom } from '@sysgraph/core';
import { describe, expect, it } from 'vitest';
import { CsrMatrix, SingularMatrixError, factorSparseLU, rcmOrdering, refactorSparseLU } from '../src/index';
import type { RefactorPath, SparseLU } from '../src/index';
import { factorChainLU } from '../src/sparse/factor-chain-lu';
import { gilbertPeierls } from '../src/sparse/factor-sparse-lu';
import { cuthillMcKeeOrdering } from '../src/sparse/rcm-ordering';
import { SparseLUFactors } from '../src/sparse/sparse-lu';
import { sameBits, shuffled } from './helpers';

const TOL = 0.1;
const SINGULAR_TOL = 1e-14;

/** Field by field: sizes, the chain flag, permutations and patterns equal, values the same bits. */
function expectSameFactors(x: SparseLUFactors, y: SparseLUFactors, what: string): void {
  expect(x.n, what).toBe(y.n);
  expect([x.nnzL, x.nnzU, x.chain], what).toEqual([y.nnzL, y.nnzU, y.chain]);
  expect(Object.is(x.pivotRatio, y.pivotRatio), `${what}: pivotRatio`).toBe(true);
  const a = x.data;
  const b = y.data;
  for (const field of ['colOrder', 'rowPivot', 'lPtr', 'lIdx', 'uPtr', 'uIdx', 'patternRowPtr', 'patternColIdx'] as const) {
    expect(Array.from(a[field]), `${what}: ${field}`).toEqual(Array.from(b[field]));
  }
  sameBits(a.lVal, b.lVal, `${what}: lVal`);
  sameBits(a.uVal, b.uVal, `${what}: uVal`);
  sameBits(a.uDiag, b.uDiag, `${what}: uDiag`);
  expect([a.pivotThreshold, a.singularTol], what).toEqual([b.pivotThreshold, b.singularTol]);
}

/** Rows of entries to CSR (columns sorted). */
function csr(n: number, rows: Map<number, number>[]): CsrMatrix {
  const rowPtr = new Int32Array(n + 1);
  const colIdx: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < n; i++) {
    for (const [j, v] of [...rows[i]].sort((s, t) => s[0] - t[0])) {
      colIdx.push(j);
      values.push(v);
    }
    rowPtr[i + 1] = colIdx.length;
  }
  return new CsrMatrix(n, n, rowPtr, Int32Array.from(colIdx), Float64Array.from(values));
}

/** One of the entry kinds: ordinary, 0, −0, tiny (a pivot below the threshold), large (when `large`). */
function entry(random: () => number, scale: number, large: boolean): number {
  const u = random();
  if (u < 0.05) return 0;
  if (u < 0.1) return -0;
  if (u < 0.15) return 1e-6 * (random() - 0.5);
  if (u < 0.2 && large) return 1e6 * (random() - 0.5);
  return scale * (random() - 0.5);
}

/**
 * A tridiagonal matrix in the numbering perm: diagonals dominant (`dominant`: no large off-diagonals) or of the
 * off-diagonals' size;
 * diagonals missing with probability `missing`, off-diagonals stored one way only with probability `oneWay`.
 */
function randomChain(n: number, random: () => number, dominant: boolean, missing: number, oneWay: number): CsrMatrix {
  const perm = shuffled(n, random);
  const rows = Array.from({ length: n }, () => new Map<number, number>());
  for (let k = 0; k < n; k++) {
    if (random() >= missing) rows[perm[k]].set(perm[k], dominant ? 3 + random() : entry(random, 2, true));
    if (k + 1 < n) {
      const side = random() < oneWay ? (random() < 0.5 ? 1 : 2) : 3;
      if (side & 1) rows[perm[k]].set(perm[k + 1], entry(random, 2, !dominant));
      if (side & 2) rows[perm[k + 1]].set(perm[k], entry(random, 2, !dominant));
    }
  }
  return csr(n, rows);
}

/** Gilbert–Peierls in the order q, or the error it throws. */
function general(a: CsrMatrix, q: Int32Array): SparseLUFactors | Error {
  try {
    return gilbertPeierls(a, q, TOL, SINGULAR_TOL);
  } catch (error) {
    return error as Error;
  }
}

/** Gilbert–Peierls pivoted on the diagonal all along and gave chain factors. */
function diagonalChain(lu: SparseLUFactors | Error): boolean {
  if (!(lu instanceof SparseLUFactors) || !lu.chain) return false;
  const { colOrder, rowPivot } = lu.data;
  for (let k = 0; k < lu.n; k++) if (rowPivot[colOrder[k]] !== k) return false;
  return true;
}

describe('the direct first factorisation of a chain', () => {
  it('equals Gilbert–Peierls field by field on seeded random tridiagonal matrices, and is taken where it applies', () => {
    const random = seededRandom(90210);
    let direct = 0;
    let fallback = 0;
    let singular = 0;
    for (let trial = 0; trial < 400; trial++) {
      const n = trial < 20 ? 2 + (trial % 3) : 2 + Math.floor(random() * (trial < 300 ? 60 : 499));
      const kind = trial % 4;
      const a = randomChain(n, random, kind === 0, kind === 3 ? 0.1 : 0, kind === 2 ? 0.05 : 0);
      const q = rcmOrdering(a);
      expect(Array.from(q)).toEqual(Array.from(cuthillMcKeeOrdering(a)));
      const reference = general(a, q);
      const chain = factorChainLU(a, q, TOL, SINGULAR_TOL);
      const what = `trial ${trial} (n = ${n})`;
      expect(chain !== undefined, what).toBe(diagonalChain(reference));
      if (chain) {
        direct++;
        expectSameFactors(chain, reference as SparseLUFactors, what);
      } else fallback++;
      // the entry point: the general factors, or the general error
      if (reference instanceof Error) {
        singular++;
        expect(reference).toBeInstanceOf(SingularMatrixError);
        expect(() => factorSparseLU(a, { ordering: q })).toThrow(SingularMatrixError);
      } else expectSameFactors(factorSparseLU(a, { ordering: q }) as SparseLUFactors, reference, `${what}, factorSparseLU`);
    }
    expect(direct).toBeGreaterThan(100);
    expect(fallback - singular).toBeGreaterThan(50);
    expect(singular).toBeGreaterThan(0);
  });

  it('refactorises on its band positions as the general factors do on their scatter program, fallbacks alike', () => {
    const random = seededRandom(1789);
    const paths = new Set<RefactorPath>();
    for (const n of [2, 3, 40, 300]) {
      const a0 = randomChain(n, random, true, 0, 0);
      const q = rcmOrdering(a0);
      let direct: SparseLU = factorChainLU(a0, q, TOL, SINGULAR_TOL)!;
      let plain: SparseLU = gilbertPeierls(a0, q, TOL, SINGULAR_TOL);
      expect((direct as SparseLUFactors).data.chainBand).toBeDefined();
      expect((plain as SparseLUFactors).data.chainBand).toBeUndefined();
      for (let round = 0; round < 6; round++) {
        // new values on the same pattern arrays; in round 3 diagonals a hundredth: too small for some kept pivots
        const values = Float64Array.from(a0.values, (v) => (v === 0 ? v : v * (0.5 + random())));
        if (round === 3) for (let i = 0; i < n; i++) values[a0.rowPtr[i] + a0.colIdx.subarray(a0.rowPtr[i], a0.rowPtr[i + 1]).indexOf(i)] *= 0.01;
        const a = new CsrMatrix(n, n, a0.rowPtr, a0.colIdx, values);
        const o1 = { path: 'pattern' as RefactorPath };
        const o2 = { path: 'pattern' as RefactorPath };
        direct = refactorSparseLU(direct, a, o1, { inPlace: true });
        plain = refactorSparseLU(plain, a, o2, { inPlace: true });
        expect(o1.path).toBe(o2.path);
        paths.add(o1.path);
        expectSameFactors(direct as SparseLUFactors, plain as SparseLUFactors, `n = ${n}, round ${round}`);
      }
    }
    expect([...paths].sort()).toEqual(['numeric', 'pivots']);
  });

  it('leaves a matrix off the band, a one-way off-diagonal and n < 2 to the general path', () => {
    const random = seededRandom(5);
    // in the natural order a scrambled chain is off the band
    const scrambled = randomChain(30, random, true, 0, 0);
    expect(factorChainLU(scrambled, Int32Array.from({ length: 30 }, (_, k) => k), TOL, SINGULAR_TOL)).toBeUndefined();
    // a superdiagonal entry without its subdiagonal partner: U has a column without an entry above the diagonal
    const oneWay = csr(3, [new Map([[0, 4], [1, 1]]), new Map([[1, 4], [2, 1]]), new Map([[1, 1], [2, 4]])]);
    expect(factorChainLU(oneWay, Int32Array.from([0, 1, 2]), TOL, SINGULAR_TOL)).toBeUndefined();
    expect(factorChainLU(csr(1, [new Map([[0, 2]])]), Int32Array.from([0]), TOL, SINGULAR_TOL)).toBeUndefined();
  });

  it('equals Gilbert–Peierls on the I − c·J of a diode-clamped RC ladder numbered C1, C10, C100, …', () => {
    // C v̇_k = (v_{k−1} − v_k)/R − (v_k − v_{k+1})/R − I_s (e^{v_k / V_T} − 1): J's diagonal carries the diode's
    // conductance g_k = I_s/V_T · e^{v_k / V_T}, the off-diagonals 1/(R C)
    const n = 2000;
    const R = 1000;
    const C = 1e-9;
    const Is = 1e-14;
    const VT = 0.025852;
    const names = Array.from({ length: n }, (_, k) => `C${k + 1}`).sort();
    const at = new Map(names.map((name, i) => [name, i]));
    const index = (k: number) => at.get(`C${k + 1}`)!;
    for (const [front, c] of [[0.3, 1e-9], [0.7, 2.5e-7], [0.9, 1e-5]] as const) {
      const rows = Array.from({ length: n }, () => new Map<number, number>());
      for (let k = 0; k < n; k++) {
        const v = k < front * n ? 0.7 + 0.05 * Math.sin(k) : 0.1 * k / n;
        const g = (Is / VT) * Math.exp(v / VT);
        const jkk = -((k + 1 < n ? 2 : 1) / R + g) / C;
        rows[index(k)].set(index(k), 1 - c * jkk);
        if (k > 0) rows[index(k)].set(index(k - 1), -c / (R * C));
        if (k + 1 < n) rows[index(k)].set(index(k + 1), -c / (R * C));
      }
      const a = csr(n, rows);
      const q = rcmOrdering(a);
      const chain = factorChainLU(a, q, TOL, SINGULAR_TOL);
      expect(chain).toBeDefined();
      expectSameFactors(chain!, gilbertPeierls(a, q, TOL, SINGULAR_TOL), `c = ${c}`);
      expect(chain!.chain).toBe(true);
    }
  });
});
