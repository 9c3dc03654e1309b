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
import type { LinearModel } from '@sysgraph/simulate';
import type { MatrixSensitivities } from './matrix-sensitivities';

/** The name of ∂q/∂θ in traces and tables. */
export const sensitivityName = (quantity: string, parameter: string): string => `d(${quantity})/d(${parameter})`;

/** The column of the sensitivity model: θ·∂q/∂θ. */
export const scaledSensitivityName = (quantity: string, parameter: string): string => `${parameter}·d(${quantity})/d(${parameter})`;

/** The augmented model's names: the quantities, then θ·d(q)/d(θ) for each chosen parameter. */
export function augmentedNames(base: readonly string[], parameters: readonly number[], names: readonly string[]): string[] {
  return [...base, ...parameters.flatMap((k) => base.map((x) => scaledSensitivityName(x, names[k])))];
}

export function sensitivityModel(sens: MatrixSensitivities, parameters: readonly number[] = sens.parameters.map((_, k) => k)): LinearModel {
  const { A, B, C, D, E, Bd } = sens.matrices;
  const n = A.length;
  const m = sens.inputs.length;
  const q = sens.outputs.length;
  const p = parameters.length;
  const N = n * (1 + p);
  const zeros = (r: number, c: number) => Array.from({ length: r }, () => new Array<number>(c).fill(0));
  const Aa = zeros(N, N);
  const Ba = zeros(N, m);
  const Bda = zeros(N, m);
  const Ca = zeros(q * (1 + p), N);
  const Da = zeros(q * (1 + p), m);
  const Fa = zeros(q * (1 + p), m);
  const place = (dst: number[][], src: readonly (readonly number[])[], r0: number, c0: number, scale = 1) => {
    for (let i = 0; i < src.length; i++) for (let j = 0; j < src[i].length; j++) dst[r0 + i][c0 + j] = scale * src[i][j];
  };
  place(Aa, A, 0, 0);
  place(Ba, B, 0, 0);
  place(Bda, Bd, 0, 0);
  place(Ca, C, 0, 0);
  place(Da, D, 0, 0);
  place(Fa, E, 0, 0);
  parameters.forEach((k, b) => {
    const d = sens.derivatives[k];
    const theta = sens.values[k];
    const r = n * (b + 1);
    const o = q * (b + 1);
    place(Aa, A, r, r);
    place(Aa, d.A, r, 0, theta);
    place(Ba, d.B, r, 0, theta);
    place(Bda, d.Bd, r, 0, theta);
    place(Ca, C, o, r);
    place(Ca, d.C, o, 0, theta);
    place(Da, d.D, o, 0, theta);
    place(Fa, d.E, o, 0, theta);
  });
  const names = (base: readonly string[]) => augmentedNames(base, parameters, sens.parameters);
  return {
    kind: 'linear',
    stateNames: names(sens.states),
    inputNames: sens.inputs,
    outputNames: names(sens.outputs),
    A: Aa,
    B: Ba,
    Bd: Bda,
    C: Ca,
    D: Da,
    F: Fa,
  };
}
