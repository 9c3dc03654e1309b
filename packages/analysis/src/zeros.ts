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
 * The transmission zeros of a square model (outputs = inputs ≥ 1): where the normal rank of H(s) drops.
 * undefined for a non-square model (not computed: the pencil is then rectangular) or when det H ≡ 0.
 */
export function transmissionZeros(model: NumericModel): Complex[] | undefined {
  const outputs = model.C.length;
  const inputs = model.B[0]?.length ?? model.D[0]?.length ?? 0;
  if (outputs === 0 || outputs !== inputs) return undefined;
  return pencilZeros(model, [...Array(outputs).keys()], [...Array(inputs).keys()]);
}
