/**
 * What two state-space models of one system share whatever their states (x₂ = T x₁ leaves them unchanged):
 * the poles (eigenvalues of A) and the transfer matrix H(s) = C (sI − A)⁻¹ B + D + E s at test points.
 * Poles are listed in a canonical order (real part, then imaginary part) and matched nearest first, so that
 * rounding never pairs the two halves of a complex pair crosswise.
 */
import { poles, transferAt } from '@sysgraph/analysis';
import type { Complex, NumericModel } from '@sysgraph/analysis';

export function sortedPoles(A: readonly (readonly number[])[]): Complex[] {
  if (A.length === 0) return [];
  return poles({ A }).sort((a, b) => a.re - b.re || a.im - b.im);
}

/** max over the poles of |p_k − q_match(k)|, each pole of p matched to the nearest unused pole of q. */
export function poleDistance(p: readonly Complex[], q: readonly Complex[]): number {
  if (p.length !== q.length) return Infinity;
  const used = new Array<boolean>(q.length).fill(false);
  let d = 0;
  for (const z of p) {
    let best = -1;
    let bestD = Infinity;
    q.forEach((w, k) => {
      const dk = Math.hypot(z.re - w.re, z.im - w.im);
      if (!used[k] && dk < bestD) [best, bestD] = [k, dk];
    });
    used[best] = true;
    d = Math.max(d, bestD);
  }
  return d;
}

export const TEST_POINTS: readonly Complex[] = [{ re: 0.37, im: 0 }, { re: 0.1, im: 1.3 }, { re: 2.1, im: -0.5 }, { re: 0, im: 7.3 }];

/** max over the test points and entries of |H_x(s) − H_ref(s)| (points on a pole are skipped). */
export function transferDistance(x: NumericModel, ref: NumericModel): number {
  let d = 0;
  for (const s of TEST_POINTS) {
    try {
      const h = transferAt(x, s);
      const g = transferAt(ref, s);
      h.forEach((row, i) => row.forEach((z, j) => (d = Math.max(d, Math.hypot(z.re - g[i][j].re, z.im - g[i][j].im)))));
    } catch {
      // a test point on a pole: skip it
    }
  }
  return d;
}

/** The invariant difference of two models: poles and H(s) at the test points. */
export function invariantDifference(x: NumericModel, ref: NumericModel): number {
  return Math.max(poleDistance(sortedPoles(x.A), sortedPoles(ref.A)), transferDistance(x, ref));
}

export const formatPole = (z: Complex) => (Math.abs(z.im) < 1e-12 * Math.max(1, Math.abs(z.re)) ? z.re.toPrecision(8) : `${z.re.toPrecision(8)} ${z.im < 0 ? '-' : '+'} ${Math.abs(z.im).toPrecision(8)}j`);
