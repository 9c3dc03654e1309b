/**
 * sparseSensitivityModel: the forward sensitivity equations of sensitivity-model.ts with CSR blocks (the same
 * equations, scaled by θ_k so the columns are θ_k ∂x/∂θ_k and θ_k ∂y/∂θ_k):
 *
 *     [x̃  ]'   [ A          0 ] [x̃  ]   [ B         ]          [ C          0 ]
 *     [θs_k]  = [ θ ∂A/∂θ_k  A ] [θs_k] + [ θ ∂B/∂θ_k ] u,  y = [ θ ∂C/∂θ_k  C ] [x̃; θs_k] + …
 *
 * The one assembly of the augmented model: the dense sensitivityModel converts its matrices to CSR, calls this,
 * and converts the result back.
 */
import type { CsrMatrix } from '@sysgraph/linalg';
import { csrBlocks, csrScale, csrZeros } from '@sysgraph/linalg';
import type { LinearModel } from '@sysgraph/simulate';
import { augmentedNames } from '../sensitivity-names';
import type { SparseMatrixSensitivities } from './sparse-sensitivities';

/** The standard form's matrices that enter the augmented model. */
export type ModelMatrices = Readonly<Record<'A' | 'B' | 'C' | 'D' | 'E' | 'Bd', CsrMatrix>>;

/** What the assembly reads of a sensitivity result (dense or sparse): its names and values, the standard form's
 * matrices and, by parameter index, their derivatives (only the chosen parameters' entries are read). */
export type SensitivityModelInput = Pick<SparseMatrixSensitivities, 'parameters' | 'values' | 'states' | 'inputs' | 'outputs'> & {
  readonly matrices: ModelMatrices;
  readonly derivatives: readonly ModelMatrices[];
};

/** The augmented model with its matrices typed as CSR (what sensitivityModel converts back to dense rows). */
export interface SparseSensitivityModel extends LinearModel {
  readonly A: CsrMatrix;
  readonly B: CsrMatrix;
  readonly Bd: CsrMatrix;
  readonly C: CsrMatrix;
  readonly D: CsrMatrix;
  readonly F: CsrMatrix;
}

export function sparseSensitivityModel(sens: SensitivityModelInput, parameters: readonly number[] = sens.parameters.map((_, k) => k)): SparseSensitivityModel {
  const { A, B, C, D, E, Bd } = sens.matrices;
  const p = parameters.length;
  const n = A.rows;
  const q = C.rows;
  const m = B.cols;
  const scaled = (k: number, name: 'A' | 'B' | 'C' | 'D' | 'E' | 'Bd') => csrScale(sens.derivatives[k][name], sens.values[k]);
  // block (row b, column c) of the augmented A: A on the diagonal, θ∂A/∂θ_k in the first column
  const Aa = csrBlocks([[A, ...parameters.map(() => null)], ...parameters.map((k, b) => [scaled(k, 'A'), ...parameters.map((_, c) => (c === b ? A : null))])] as (CsrMatrix | null)[][]);
  const column = (top: CsrMatrix, name: 'B' | 'Bd') => csrBlocks([[top], ...parameters.map((k) => [scaled(k, name)])]);
  const Ca = q === 0 ? csrZeros(0, n * (1 + p)) : csrBlocks([[C, ...parameters.map(() => null)], ...parameters.map((k, b) => [scaled(k, 'C'), ...parameters.map((_, c) => (c === b ? C : null))])] as (CsrMatrix | null)[][]);
  const outputColumn = (top: CsrMatrix, name: 'D' | 'E') => (q === 0 ? csrZeros(0, m) : csrBlocks([[top], ...parameters.map((k) => [scaled(k, name)])]));
  const names = (base: readonly string[]) => augmentedNames(base, parameters, sens.parameters);
  return {
    kind: 'linear',
    stateNames: names(sens.states),
    inputNames: sens.inputs,
    outputNames: names(sens.outputs),
    A: Aa,
    B: m === 0 ? csrZeros(n * (1 + p), 0) : column(B, 'B'),
    Bd: m === 0 ? csrZeros(n * (1 + p), 0) : column(Bd, 'Bd'),
    C: Ca,
    D: outputColumn(D, 'D'),
    F: outputColumn(E, 'E'),
  };
}
