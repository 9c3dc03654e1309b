/**
 * Zeros: the finite generalised eigenvalues of the Rosenbrock system matrix (Rosenbrock, "State-space and
 * Multivariable Theory", 1970; Emami-Naeini & Van Dooren, Automatica 18, 1982):
 *
 *   P(s) = [ A − sI   B      ]      det P(s) = det(A − sI) · (D + sE − C (A − sI)⁻¹ B) = ± det(sI − A) · H(s)
 *          [ C        D + sE ]
 *
 * as the pencil K − sM with K = [[A, B], [C, D]], M = [[I, 0], [0, −E]] (packages/linalg's
 * generalizedEigenvalues: deflation of the infinite eigenvalues). For one input–output pair (B a column, C a row)
 * these are the zeros of H(s) = N(s)/det(sI − A) before cancellation (a zero equal to a pole is kept: it is an
 * uncontrollable or unobservable mode of that pair). For a square MIMO model (as many outputs as inputs) the
 * same pencil gives the transmission zeros. A pair with H ≡ 0 has a singular pencil: no zeros (undefined).
 *
 * A non-square model (p outputs ≠ m inputs) has a rectangular pencil; its zeros are the s where the rank of P(s)
 * drops below its normal rank. Where that normal rank is full, n + min(p, m), they are found by compression to
 * square pencils (the "random compression" of the rectangular zero problem):
 *
 *   p > m:  P_W(s) = diag(I, W) P(s),   W  m×p      p < m:  P_V(s) = P(s) diag(I, V),   V  m×p
 *
 * rank P_W(s) ≤ rank P(s), so every zero of P is a zero of each square P_W; the square pencil's other zeros depend
 * on W, and for independent W₁, W₂, W₃ they coincide with probability zero. The zeros are those of P_{W₁} found
 * again (to within 1e-6·max(1, |z|)) among those of P_{W₂} and P_{W₃}, each counted once per match. The W are
 * fixed pseudo-random matrices (a seeded generator: the same answer on every run). Three O((n + min(p, m))³)
 * eigenvalue problems. Where a compressed pencil is singular (the normal rank of P is not full: a staircase
 * reduction would be needed) the answer is undefined (not computed).
 */
import { generalizedEigenvalues, SingularMatrixError } from '@sysgraph/linalg';
import type { Complex } from './complex';
import type { NumericModel } from './numeric-model';

/** The zeros of det [[A − sI, B(:, inputs)], [C(outputs, :), D + sE]], or undefined when it vanishes identically. */
function pencilZeros(model: NumericModel, outputs: readonly number[], inputs: readonly number[]): Complex[] | undefined {
  const n = model.A.length;
  const size = n + outputs.length;
  const K = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  const M = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) K[i][j] = model.A[i][j];
    inputs.forEach((u, q) => (K[i][n + q] = model.B[i][u]));
    M[i][i] = 1;
  }
  outputs.forEach((y, p) => {
    for (let j = 0; j < n; j++) K[n + p][j] = model.C[y][j];
    inputs.forEach((u, q) => {
      K[n + p][n + q] = model.D[y][u];
      M[n + p][n + q] = -(model.E[y]?.[u] ?? 0);
    });
  });
  try {
    const { re, im } = generalizedEigenvalues(K, M);
    return Array.from(re, (x, k) => ({ re: x, im: im[k] }));
  } catch (e) {
    if (e instanceof SingularMatrixError) return undefined;
    throw e;
  }
}

/** The zeros of H(s) from input `input` to output `output` (undefined when H ≡ 0). O((n+1)³). */
export function transferZeros(model: NumericModel, output: number, input: number): Complex[] | undefined {
  return pencilZeros(model, [output], [input]);
}

/**
 * The transmission zeros (the invariant zeros of the Rosenbrock pencil): where the rank of P(s) drops below its
 * normal rank. Square models: det P(s) = 0, undefined when det H ≡ 0. Non-square models: by compression to square
 * pencils (rectangularZeros), undefined when the pencil's normal rank is not full (not computed).
 */
export function transmissionZeros(model: NumericModel): Complex[] | undefined {
  const outputs = model.C.length;
  const inputs = model.B[0]?.length ?? model.D[0]?.length ?? 0;
  if (outputs === 0 || inputs === 0) return undefined;
  if (outputs !== inputs) return rectangularZeros(model, outputs, inputs);
  return pencilZeros(model, [...Array(outputs).keys()], [...Array(inputs).keys()]);
}

/** A seeded generator of numbers in [−1, 1] (a linear congruential generator, Numerical Recipes' constants). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state / 2 ** 32) * 2 - 1;
  };
}

type Rows = readonly (readonly number[])[];
const times = (X: Rows, Y: Rows): number[][] => X.map((row) => (Y[0] ?? []).map((_, j) => row.reduce((acc, x, k) => acc + x * Y[k][j], 0)));

/** The square model W·(C, D, E) (p > m, W m×p) or (B, D, E)·V (p < m, V m×p). */
function compressed(model: NumericModel, p: number, m: number, random: () => number): NumericModel {
  const k = Math.min(p, m);
  if (p > m) {
    const W = Array.from({ length: k }, () => Array.from({ length: p }, random));
    return { A: model.A, B: model.B, C: times(W, model.C), D: times(W, model.D), E: times(W, model.E) };
  }
  const V = Array.from({ length: m }, () => Array.from({ length: k }, random));
  return { A: model.A, B: times(model.B, V), C: model.C, D: times(model.D, V), E: times(model.E, V) };
}

/** The zeros of a non-square model whose pencil has full normal rank, by three compressions (see above). */
function rectangularZeros(model: NumericModel, p: number, m: number): Complex[] | undefined {
  const random = seeded(0x5eed + 31 * p + m);
  const k = Math.min(p, m);
  const all = [...Array(k).keys()];
  const sets: Complex[][] = [];
  for (let c = 0; c < 3; c++) {
    const z = pencilZeros(compressed(model, p, m, random), all, all);
    if (!z) return undefined;
    sets.push(z);
  }
  const close = (a: Complex, b: Complex) => Math.hypot(a.re - b.re, a.im - b.im) <= 1e-6 * Math.max(1, Math.hypot(a.re, a.im));
  const unused = sets.slice(1).map((z) => [...z]);
  const zeros: Complex[] = [];
  for (const z of sets[0]) {
    const at = unused.map((others) => others.findIndex((w) => close(z, w)));
    if (at.some((i) => i < 0)) continue;
    at.forEach((i, c) => unused[c].splice(i, 1));
    zeros.push(z);
  }
  return zeros;
}
