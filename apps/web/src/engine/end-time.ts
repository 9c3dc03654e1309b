/**
 * suggestEndTime: a simulation span that shows the slowest mode settling. The slowest rate is estimated as
 * |λ|min(A) = 1 / ρ(A⁻¹), ρ by the power iteration ‖A⁻ᵏ x‖^(1/k) (Golub & Van Loan, section 7.3.1), and the span
 * is 6/|λ|min rounded up to 1, 2 or 5 × 10ᵏ. A singular A (an integrator) falls back to 10/ρ(A).
 * Cost O(k n³) with k = 40 iterations; a default only — the user sets the end time.
 */

function solve(a: readonly (readonly number[])[], b: readonly number[]): number[] | undefined {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    if (!(Math.abs(m[p][c]) > 1e-300)) return undefined;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / m[c][c];
      if (f !== 0) for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r][n];
    for (let k = r + 1; k < n; k++) s -= m[r][k] * x[k];
    x[r] = s / m[r][r];
  }
  return x;
}

const multiply = (a: readonly (readonly number[])[], x: readonly number[]) => a.map((row) => row.reduce((s, v, k) => s + v * x[k], 0));
const norm = (x: readonly number[]) => Math.sqrt(x.reduce((s, v) => s + v * v, 0));

/** ρ of the operator by the power iteration from a fixed, generic start vector; 0 when it vanishes. */
function spectralRadius(apply: (x: number[]) => number[] | undefined, n: number): number | undefined {
  let x = Array.from({ length: n }, (_, i) => 1 + 0.1 * i);
  let logGrowth = 0;
  const iterations = 40;
  for (let k = 0; k < iterations; k++) {
    const y = apply(x.map((v) => v / norm(x)));
    if (!y) return undefined;
    const g = norm(y);
    if (!(g > 0) || !Number.isFinite(g)) return g === 0 ? 0 : undefined;
    // the geometric mean of the last half of the growth factors (robust to complex pairs)
    if (k >= iterations / 2) logGrowth += Math.log(g);
    x = y;
  }
  return Math.exp(logGrowth / (iterations / 2));
}

function roundUpNice(t: number): number {
  const e = Math.floor(Math.log10(t));
  const base = 10 ** e;
  for (const m of [1, 2, 5, 10]) if (m * base >= t * (1 - 1e-12)) return Number((m * base).toPrecision(6));
  return 10 * base;
}

export function suggestEndTime(A: readonly (readonly number[])[]): number {
  const n = A.length;
  if (n === 0) return 1;
  const inverse = spectralRadius((x) => solve(A, x), n);
  if (inverse !== undefined && inverse > 0 && Number.isFinite(inverse)) return roundUpNice(Math.min(Math.max(6 * inverse, 1e-9), 1e9));
  const forward = spectralRadius((x) => multiply(A, x), n);
  if (forward !== undefined && forward > 0) return roundUpNice(Math.min(Math.max(10 / forward, 1e-9), 1e9));
  return 10;
}
