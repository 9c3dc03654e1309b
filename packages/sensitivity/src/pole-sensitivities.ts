/**
 * poleSensitivities: ∂λ/∂θ for every eigenvalue λ of A, by first-order perturbation of a simple eigenvalue
 * (Wilkinson, "The Algebraic Eigenvalue Problem", §2.8):
 *
 *     ∂λ/∂θ = (wᴴ (∂A/∂θ) v) / (wᴴ v),      A v = λ v,  wᴴ A = λ wᴴ,
 *
 * and normalised (θ/λ)·∂λ/∂θ. A repeated (or defective) eigenvalue has no derivative: its entries are NaN and a
 * note names it (|λ_i − λ_j| ≤ 1e-6 · max(|λ|, ‖A‖), or a condition 1/|cos∠(w, v)| above 1e10).
 */
import type { CompiledModel } from '@sysgraph/engine';
import { eigenvalues } from '@sysgraph/linalg';
import { eigenvector } from './eigenvector';
import type { MatrixSensitivities, MatrixSensitivityOptions } from './matrix-sensitivities';
import { matrixSensitivities } from './matrix-sensitivities';

export interface ComplexNumber {
  readonly re: number;
  readonly im: number;
}

export interface PoleSensitivity {
  readonly pole: ComplexNumber;
  /** ∂λ/∂θ_k, one per parameter. */
  readonly derivatives: readonly ComplexNumber[];
  /** (θ_k/λ)·∂λ/∂θ_k. */
  readonly normalised: readonly ComplexNumber[];
  /** The eigenvalue's condition number ‖w‖‖v‖/|wᴴv| (1 for a normal matrix; NaN for a repeated eigenvalue). */
  readonly condition: number;
}

export interface PoleSensitivities {
  readonly parameters: readonly string[];
  readonly poles: readonly PoleSensitivity[];
  readonly notes: readonly string[];
}

const mul = (a: ComplexNumber, b: ComplexNumber): ComplexNumber => ({ re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re });
const div = (a: ComplexNumber, b: ComplexNumber): ComplexNumber => {
  const d = b.re * b.re + b.im * b.im;
  return { re: (a.re * b.re + a.im * b.im) / d, im: (a.im * b.re - a.re * b.im) / d };
};
const NAN: ComplexNumber = { re: NaN, im: NaN };

/** From matrix sensitivities already computed (A and ∂A/∂θ_k). */
export function polesFromMatrices(sens: MatrixSensitivities): PoleSensitivities {
  const A = sens.matrices.A;
  const n = A.length;
  const notes: string[] = [];
  if (n === 0) return { parameters: sens.parameters, poles: [], notes: ['the model has no states: no poles'] };
  const spectrum = eigenvalues(A);
  let norm = 0;
  for (const row of A) for (const x of row) norm = Math.max(norm, Math.abs(x));
  const At = A[0].map((_, j) => A.map((row) => row[j]));
  const poles: PoleSensitivity[] = [];
  for (let i = 0; i < n; i++) {
    const lambda = { re: spectrum.re[i], im: spectrum.im[i] };
    const scale = Math.max(Math.hypot(lambda.re, lambda.im), norm);
    const repeated = Array.from({ length: n }, (_, j) => j).some((j) => j !== i && Math.hypot(spectrum.re[j] - lambda.re, spectrum.im[j] - lambda.im) <= 1e-6 * scale);
    if (repeated) {
      notes.push(`the eigenvalue ${fmt(lambda)} is repeated: it has no derivative (its sensitivities are NaN)`);
      poles.push({ pole: lambda, derivatives: sens.parameters.map(() => NAN), normalised: sens.parameters.map(() => NAN), condition: NaN });
      continue;
    }
    const v = eigenvector(A, lambda.re, lambda.im);
    // the left eigenvector: A^T u = λ u, so u^T A = λ u^T (w = ū; wᴴ = uᵀ)
    const u = eigenvector(At, lambda.re, lambda.im);
    // uᵀ v
    let uv: ComplexNumber = { re: 0, im: 0 };
    let nu = 0;
    let nv = 0;
    for (let j = 0; j < n; j++) {
      const p = mul({ re: u.re[j], im: u.im[j] }, { re: v.re[j], im: v.im[j] });
      uv = { re: uv.re + p.re, im: uv.im + p.im };
      nu += u.re[j] ** 2 + u.im[j] ** 2;
      nv += v.re[j] ** 2 + v.im[j] ** 2;
    }
    const condition = Math.sqrt(nu * nv) / Math.hypot(uv.re, uv.im);
    if (!(condition < 1e10)) {
      notes.push(`the eigenvalue ${fmt(lambda)} is defective (condition ${condition.toExponential(1)}): it has no derivative (its sensitivities are NaN)`);
      poles.push({ pole: lambda, derivatives: sens.parameters.map(() => NAN), normalised: sens.parameters.map(() => NAN), condition });
      continue;
    }
    const derivatives = sens.derivatives.map((d) => {
      // uᵀ (∂A/∂θ) v
      let s: ComplexNumber = { re: 0, im: 0 };
      for (let r = 0; r < n; r++) {
        const dr = d.A[r];
        let tr = 0;
        let ti = 0;
        for (let c = 0; c < n; c++) {
          tr += dr[c] * v.re[c];
          ti += dr[c] * v.im[c];
        }
        const p = mul({ re: u.re[r], im: u.im[r] }, { re: tr, im: ti });
        s = { re: s.re + p.re, im: s.im + p.im };
      }
      return div(s, uv);
    });
    const normalised = derivatives.map((d, k) => (lambda.re === 0 && lambda.im === 0 ? NAN : mul(div({ re: sens.values[k], im: 0 }, lambda), d)));
    poles.push({ pole: lambda, derivatives, normalised, condition });
  }
  return { parameters: sens.parameters, poles, notes };
}

export function poleSensitivities(model: CompiledModel, parameters: readonly string[], options: MatrixSensitivityOptions = {}): PoleSensitivities {
  const sens = matrixSensitivities(model, parameters, options);
  const r = polesFromMatrices(sens);
  return { ...r, notes: [...sens.notes, ...r.notes] };
}

function fmt(z: ComplexNumber): string {
  return z.im === 0 ? `${z.re.toPrecision(6)}` : `${z.re.toPrecision(6)} ${z.im < 0 ? '−' : '+'} ${Math.abs(z.im).toPrecision(6)}j`;
}
