/**
 * checkPassivity: two sufficient tests of passivity for a linear network.
 *
 *  1. Storage: W = Σ ½ C v² + ½ iᵀ L i is positive definite when every C > 0 and L is symmetric positive definite;
 *     with every resistance R ≥ 0 and lossless two-ports (v1 i1 + v2 i2 = 0), dW/dt = Σ P_sources − Σ R i² ≤
 *     Σ P_sources, so the network is passive at its source ports.
 *  2. Positive-realness sampled at the source ports: with the port pairs (u, y) chosen so that u·y is the power
 *     delivered into the network (y = −i for an across source, y = −v for a through source), H(s) from u to y is
 *     positive real when A has no eigenvalue in the open right half-plane and H(jω) + H(jω)ᴴ ⪰ 0 for every ω;
 *     the latter is checked on a logarithmic grid of frequencies spanning the spectrum (a sample, not a proof).
 */
import type { CompiledModel } from '@sysgraph/engine';
import { compile, numericModel } from '@sysgraph/engine';
import type { OutputSpec, SystemDescription } from '@sysgraph/description';
import { evaluateExpression } from '@sysgraph/description';
import { transferAt } from '@sysgraph/analysis';
import { eigenvalues, symmetricEigen } from '@sysgraph/linalg';
import { storageValues } from './stored-energy';

export interface PassivityFailure {
  readonly element: string;
  readonly field: string;
  readonly value: number;
  readonly why: string;
}

export interface PositiveReal {
  /** The inputs, each with its port output (the conjugate variable of its sources). */
  readonly ports: readonly string[];
  /** min over the sampled ω of λ_min(H(jω) + H(jω)ᴴ)/2, relative to max |H(jω)|. */
  readonly minimum: number;
  /** The frequency (rad/s) of that minimum. */
  readonly at: number;
  readonly unstable: boolean;
  readonly positiveReal: boolean;
  readonly frequencies: number;
}

export interface Passivity {
  readonly storagePositive: boolean;
  readonly failures: readonly PassivityFailure[];
  readonly positiveReal?: PositiveReal;
  readonly passive: boolean;
}

export const PR_FREQUENCIES = 241;

export function storageFailures(desc: SystemDescription): PassivityFailure[] {
  const failures: PassivityFailure[] = [];
  const s = storageValues(desc);
  for (const c of s.capacitive) if (!(c.value > 0)) failures.push({ element: c.id, field: 'value', value: c.value, why: 'a non-positive capacitance makes the stored energy indefinite' });
  for (const e of desc.oneports.filter((x) => x.type === 'D')) {
    const r = evaluateExpression(e.value, desc.parameters);
    if (!(r >= 0)) failures.push({ element: e.id, field: 'value', value: r, why: 'a negative resistance generates energy' });
  }
  const n = s.inductive.length;
  if (n > 0) {
    const flat = new Float64Array(n * n);
    s.inductance.forEach((row, i) => row.forEach((x, j) => (flat[i * n + j] = x)));
    const eig = symmetricEigen(flat, n);
    if (!(eig.values[0] > 0)) {
      // the element that weighs most in the eigenvector of the smallest eigenvalue
      let j = 0;
      for (let k = 1; k < n; k++) if (Math.abs(eig.vectors[k]) > Math.abs(eig.vectors[j])) j = k;
      failures.push({ element: s.inductive[j], field: desc.mutuals.length > 0 ? 'mutual' : 'value', value: eig.values[0], why: 'the inductance matrix is not positive definite (its smallest eigenvalue is shown)' });
    }
  }
  return failures;
}

/** The port outputs: for each input the conjugate variable of each of its sources, negated (power delivered). */
function portDescription(desc: SystemDescription): { desc: SystemDescription; owners: readonly string[] } {
  const outputs: OutputSpec[] = desc.sources.map((s) => ({ name: `port(${s.id})`, kind: 'branch' as const, element: s.id, variable: s.type === 'E' ? ('through' as const) : ('across' as const) }));
  return { desc: { ...desc, outputs }, owners: desc.sources.map((s) => s.input) };
}

export function positiveReal(model: CompiledModel): PositiveReal | undefined {
  if (model.description.sources.length === 0) return undefined;
  const { desc, owners } = portDescription(model.description);
  const m = numericModel(compile({ description: desc }, model.options));
  const inputs = m.inputs;
  // rows of the port map: y_k = −Σ_{sources s of input k} (conjugate of s)
  const P: number[][] = inputs.map((u) => owners.map((o) => (o === u ? -1 : 0)));
  const mulP = (X: readonly (readonly number[])[]) => P.map((row) => (X[0] ?? []).map((_, j) => row.reduce((acc, p, i) => acc + p * X[i][j], 0)));
  const port = { A: m.A, B: m.B, C: mulP(m.C), D: mulP(m.D), E: mulP(m.E) };
  const spectrum = m.A.length > 0 ? eigenvalues(m.A) : { re: new Float64Array(0), im: new Float64Array(0) };
  const mags = Array.from(spectrum.re, (re, i) => Math.hypot(re, spectrum.im[i])).filter((x) => x > 0);
  const scale = Math.max(...mags.map(Math.abs), 0) || 1;
  const unstable = Array.from(spectrum.re).some((re) => re > 1e-9 * scale);
  const lo = (mags.length > 0 ? Math.min(...mags) : 1) / 1e3;
  const hi = (mags.length > 0 ? Math.max(...mags) : 1) * 1e3;
  const k = inputs.length;
  let minimum = Infinity;
  let at = NaN;
  for (let f = 0; f < PR_FREQUENCIES; f++) {
    const w = lo * (hi / lo) ** (f / (PR_FREQUENCIES - 1));
    let H;
    try {
      H = transferAt(port, { re: 0, im: w });
    } catch {
      continue; // exactly at an imaginary-axis pole
    }
    // the Hermitian part G = (H + Hᴴ)/2 = X + iY as the real symmetric [[X, −Y], [Y, X]]
    const flat = new Float64Array(4 * k * k);
    let big = 0;
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) {
        const x = (H[i][j].re + H[j][i].re) / 2;
        const y = (H[i][j].im - H[j][i].im) / 2;
        big = Math.max(big, Math.hypot(H[i][j].re, H[i][j].im));
        flat[i * 2 * k + j] = x;
        flat[(i + k) * 2 * k + j + k] = x;
        flat[i * 2 * k + j + k] = -y;
        flat[(i + k) * 2 * k + j] = y;
      }
    }
    if (big === 0) continue;
    const rel = symmetricEigen(flat, 2 * k).values[0] / big;
    if (rel < minimum) {
      minimum = rel;
      at = w;
    }
  }
  if (minimum === Infinity) minimum = 0;
  return { ports: inputs, minimum, at, unstable, positiveReal: !unstable && minimum >= -1e-9, frequencies: PR_FREQUENCIES };
}

export function checkPassivity(model: CompiledModel): Passivity {
  const failures = storageFailures(model.description);
  const pr = positiveReal(model);
  return { storagePositive: failures.length === 0, failures, positiveReal: pr, passive: failures.length === 0 || (pr?.positiveReal ?? false) };
}
