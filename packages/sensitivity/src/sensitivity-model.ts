/**
 * sensitivityModel: the forward sensitivity equations of x̃' = A x̃ + B u, y = C x̃ + D u + F u', x = x̃ + Bd u,
 * for p parameters, as one linear model for the project's solvers (block lower triangular):
 *
 *     s_k' = A s_k + (∂A/∂θ_k) x̃ + (∂B/∂θ_k) u                    (s_k = ∂x̃/∂θ_k)
 *     ∂x/∂θ_k = s_k + (∂Bd/∂θ_k) u                                (the augmented model's physical states)
 *     ∂y/∂θ_k = C s_k + (∂C/∂θ_k) x̃ + (∂D/∂θ_k) u + (∂F/∂θ_k) u'
 *
 * with ∂x/∂θ_k(t0) = 0 (the initial state does not depend on θ), which the simulator turns into
 * s_k(t0) = −(∂Bd/∂θ_k) u(t0) as it does x̃(t0) = x(t0) − Bd u(t0).
 *
 * Integrated in the scale of x: the augmented states are θ_k s_k (= ∂x̃/∂ln θ_k), so every ∂-term above enters
 * multiplied by θ_k, and the model's sensitivity columns are θ_k ∂x/∂θ_k and θ_k ∂y/∂θ_k. Unscaled, a capacitance
 * of 1 µF makes ∂x/∂C a million times x, and the solvers' error norms and the exact method's rounding test,
 * which look at max|x|, fail on the mix.
 */
import type { CsrMatrix } from '@sysgraph/linalg';
import { csrFromDense, csrToDense, csrZeros } from '@sysgraph/linalg';
import type { LinearModel } from '@sysgraph/simulate';
import type { Matrices, MatrixSensitivities } from './matrix-sensitivities';
import { sparseSensitivityModel } from './sparse/sparse-sensitivity-model';
import type { ModelMatrices } from './sparse/sparse-sensitivity-model';

export { augmentedNames, scaledSensitivityName, sensitivityName } from './sensitivity-names';

/** A dense rows × cols matrix as CSR (cols given: a matrix of no rows carries no width). */
const csrOf = (a: readonly (readonly number[])[], cols: number): CsrMatrix => (a.length === 0 ? csrZeros(0, cols) : csrFromDense(a));

/**
 * The augmented model in dense rows: the one assembly (sparseSensitivityModel) on the matrices as CSR, its blocks
 * converted back, so the simulator sees the dense model it always saw (the same entries: A, B, … copied and
 * θ_k ∂M/∂θ_k scaled, nothing summed).
 */
export function sensitivityModel(sens: MatrixSensitivities, parameters: readonly number[] = sens.parameters.map((_, k) => k)): LinearModel {
  const n = sens.states.length;
  const m = sens.inputs.length;
  const csr = (d: Matrices): ModelMatrices => ({ A: csrOf(d.A, n), B: csrOf(d.B, m), Bd: csrOf(d.Bd, m), C: csrOf(d.C, n), D: csrOf(d.D, m), E: csrOf(d.E, m) });
  // only the chosen parameters' derivatives are read
  const derivatives: ModelMatrices[] = [];
  for (const k of parameters) derivatives[k] = csr(sens.derivatives[k]);
  const model = sparseSensitivityModel({ ...sens, matrices: csr(sens.matrices), derivatives }, parameters);
  return {
    ...model,
    A: csrToDense(model.A),
    B: csrToDense(model.B),
    Bd: csrToDense(model.Bd),
    C: csrToDense(model.C),
    D: csrToDense(model.D),
    F: csrToDense(model.F),
  };
}
