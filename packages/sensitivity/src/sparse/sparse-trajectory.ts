/**
 * sparseTrajectorySensitivities: ∂y(t)/∂θ of a large network by the forward sensitivity equations in CSR blocks
 * (sparse-sensitivity-model.ts), every parameter in one run of n(1 + p) states, integrated by the solvers the
 * model itself gets at that size (Krylov, Chebyshev or the stiff solver with a sparse LU).
 */
import type { CompiledModel } from '@sysgraph/engine';
import type { TrajectoryOptions, TrajectorySensitivities } from '../trajectory-sensitivities';
import { integrateSensitivities } from '../trajectory-sensitivities';
import type { SparseMatrixSensitivities } from './sparse-sensitivities';
import { sparseSensitivities } from './sparse-sensitivities';
import { sparseSensitivityModel } from './sparse-sensitivity-model';

export function sparseTrajectoryFromMatrices(model: CompiledModel, sens: SparseMatrixSensitivities, options: TrajectoryOptions = {}): TrajectorySensitivities {
  return integrateSensitivities(model, sens, (group) => sparseSensitivityModel(sens, group), false, options);
}

export function sparseTrajectorySensitivities(model: CompiledModel, parameters: readonly string[], options: TrajectoryOptions = {}): TrajectorySensitivities {
  return sparseTrajectoryFromMatrices(model, sparseSensitivities(model, parameters), options);
}

/** True when the engine keeps the model sparse (above its branch threshold): the sensitivities then go sparse too. */
export function isSparseModel(model: CompiledModel): boolean {
  return model.family === 'linear' && model.linear().numeric?.backend === 'sparse';
}
