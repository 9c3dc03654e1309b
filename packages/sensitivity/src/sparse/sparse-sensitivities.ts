/**
 * sparseSensitivities: ∂A/∂θ … ∂Bd/∂θ and the descriptor's ∂Em, ∂A0, ∂B0, ∂B1 of a large network, by the sparse
 * formulation run in dual numbers (sparse-dual-backend.ts): every matrix and every derivative a CSR matrix, so a
 * 10^4-branch ladder costs about p + 1 sparse formulations, not a dense n × n anything.
 */
import type { CompiledModel } from '@sysgraph/engine';
import type { StateSpace } from '@sysgraph/formulation';
import { formulate } from '@sysgraph/formulation';
import type { CsrMatrix } from '@sysgraph/linalg';
import { checkParameters, requireLinear } from '../check-model';
import type { SensitivityMatrix } from '../matrix-sensitivities';
import { SENSITIVITY_MATRICES } from '../matrix-sensitivities';
import type { DualCsr } from './dual-csr-algebra';
import { sparseDualBackend } from './sparse-dual-backend';

export type SparseMatrices = Readonly<Record<SensitivityMatrix, CsrMatrix>>;

export interface SparseMatrixSensitivities {
  readonly parameters: readonly string[];
  readonly values: readonly number[];
  readonly method: 'numeric-sparse';
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly matrices: SparseMatrices;
  /** derivatives[k][name] = ∂name/∂θ_k, sparse. */
  readonly derivatives: readonly SparseMatrices[];
  readonly notes: readonly string[];
}

export function sparseSensitivities(model: CompiledModel, parameters: readonly string[]): SparseMatrixSensitivities {
  requireLinear(model, 'sensitivity');
  checkParameters(model, parameters);
  const ss = formulate(model.structure, sparseDualBackend(model.description, parameters), { stateChoice: model.options.stateChoice }) as StateSpace<DualCsr>;
  const all: Record<SensitivityMatrix, DualCsr> = {
    A: ss.A, B: ss.B, C: ss.C, D: ss.D, E: ss.E, Bd: ss.Bd,
    Em: ss.descriptor.E, A0: ss.descriptor.A0, B0: ss.descriptor.B0, B1: ss.descriptor.B1,
  };
  const pick = (f: (m: DualCsr) => CsrMatrix) => Object.fromEntries(SENSITIVITY_MATRICES.map((name) => [name, f(all[name])])) as Record<SensitivityMatrix, CsrMatrix>;
  return {
    parameters,
    values: parameters.map((p) => model.description.parameters.get(p) as number),
    method: 'numeric-sparse',
    states: ss.states,
    inputs: ss.inputs,
    outputs: ss.outputs,
    matrices: pick((m) => m.v),
    derivatives: parameters.map((_, k) => pick((m) => m.d[k])),
    notes: [`sparse numeric derivatives of the formulation (dual numbers on the sparse algebra): a model of ${ss.states.length} states`],
  };
}
