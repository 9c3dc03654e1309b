/**
 * The distributions of a Monte Carlo parameter, from their text: normal(μ, σ), uniform(a, b), lognormal(μ, σ)
 * (ln X ~ normal(μ, σ)). Each is sampled by its inverse distribution function x = F⁻¹(u), so that plain and Latin
 * hypercube sampling share one code path. Bad specs are 'bad-option' naming the parameter and --dist.
 */
import { SysgraphError } from '@sysgraph/core';

export interface Distribution {
  readonly name: string;
  readonly kind: 'normal' | 'uniform' | 'lognormal';
  readonly a: number;
  readonly b: number;
  readonly spec: string;
  /** F⁻¹(u), u ∈ (0, 1). */
  quantile(u: number): number;
}

const USAGE = 'NAME=normal(mean, sd), NAME=uniform(low, high) or NAME=lognormal(mu, sigma) (of ln X)';

/**
 * Φ⁻¹(p): Acklam's rational approximation (relative error below 1.2e-9 over (0, 1)), central region
 * p ∈ [0.02425, 0.97575] and the two tails by the change of variable q = √(−2 ln p).
 */
export function normalQuantile(p: number): number {
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

function bad(name: string, text: string, why: string): SysgraphError {
  return new SysgraphError('bad-option', `--dist ${text}: ${why}`, { element: name, field: '--dist', expected: USAGE });
}

export function parseDistribution(text: string): Distribution {
  const eq = text.indexOf('=');
  const name = eq > 0 ? text.slice(0, eq).trim() : '';
  if (eq <= 0 || name === '') throw new SysgraphError('bad-option', `--dist ${text}: expected NAME=DIST(a, b)`, { field: '--dist', expected: USAGE });
  const m = /^\s*([a-zA-Z]+)\s*\(([^()]*)\)\s*$/.exec(text.slice(eq + 1));
  if (!m) throw bad(name, text, 'expected DIST(a, b)');
  const kind = m[1].toLowerCase();
  if (kind !== 'normal' && kind !== 'uniform' && kind !== 'lognormal') throw bad(name, text, `unknown distribution "${m[1]}"`);
  const args = m[2].split(',').map((s) => s.trim());
  if (args.length !== 2) throw bad(name, text, `${kind} takes two arguments, got ${args.length}`);
  const [a, b] = args.map((s) => {
    const x = Number(s);
    if (s === '' || !Number.isFinite(x)) throw bad(name, text, `"${s}" is not a finite number`);
    return x;
  });
  if (kind === 'uniform') {
    if (!(b > a)) throw bad(name, text, `uniform(low, high) needs low < high (got ${a}, ${b})`);
    // x = a + (b − a)·u
    return { name, kind, a, b, spec: text, quantile: (u) => a + (b - a) * u };
  }
  if (!(b > 0)) throw bad(name, text, `the standard deviation must be positive (got ${b})`);
  // normal: x = μ + σ Φ⁻¹(u); lognormal: x = exp(μ + σ Φ⁻¹(u))
  if (kind === 'normal') return { name, kind, a, b, spec: text, quantile: (u) => a + b * normalQuantile(u) };
  return { name, kind, a, b, spec: text, quantile: (u) => Math.exp(a + b * normalQuantile(u)) };
}
