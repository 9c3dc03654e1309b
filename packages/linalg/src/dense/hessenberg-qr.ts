/**
 * eigenvaluesHqr: eigenvalues of a real matrix by balancing, reduction to upper Hessenberg form by stabilised
 * elimination, and Francis double-shift QR with deflation (EISPACK balanc / elmhes / hqr; Press et al.,
 * "Numerical Recipes", 3rd ed., §11.6–11.7), with an iteration cap so that no input can make it loop forever.
 */
import { SysgraphError } from '@sysgraph/core';

/** Diagonal similarity D⁻¹ A D with powers of two D making row and column norms comparable (exact in floating point). */
function balance(a: Float64Array, n: number): void {
  const radix = 2;
  const sqrdx = radix * radix;
  let done = false;
  for (let sweep = 0; !done && sweep < 100; sweep++) {
    done = true;
    for (let i = 0; i < n; i++) {
      let r = 0;
      let c = 0;
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        c += Math.abs(a[j * n + i]);
        r += Math.abs(a[i * n + j]);
      }
      if (c === 0 || r === 0) continue;
      const s = c + r;
      let f = 1;
      let g = r / radix;
      while (c < g && f < 1e150) {
        f *= radix;
        c *= sqrdx;
      }
      g = r * radix;
      while (c > g && f > 1e-150) {
        f /= radix;
        c /= sqrdx;
      }
      if ((c + r) / f < 0.95 * s) {
        done = false;
        const ginv = 1 / f;
        for (let j = 0; j < n; j++) a[i * n + j] *= ginv; // row i / f
        for (let j = 0; j < n; j++) a[j * n + i] *= f; // column i · f
      }
    }
  }
}

/** Similarity reduction to upper Hessenberg form by Gaussian elimination with pivoting (elmhes). */
function hessenberg(a: Float64Array, n: number): void {
  for (let m = 1; m < n - 1; m++) {
    let x = 0;
    let piv = m;
    for (let j = m; j < n; j++) {
      if (Math.abs(a[j * n + m - 1]) > Math.abs(x)) {
        x = a[j * n + m - 1];
        piv = j;
      }
    }
    if (piv !== m) {
      for (let j = m - 1; j < n; j++) swap(a, piv * n + j, m * n + j);
      for (let j = 0; j < n; j++) swap(a, j * n + piv, j * n + m);
    }
    if (x === 0) continue;
    for (let i = m + 1; i < n; i++) {
      let y = a[i * n + m - 1];
      if (y === 0) continue;
      y /= x;
      a[i * n + m - 1] = 0;
      // row_i ← row_i − y row_m, then column_m ← column_m + y column_i (the similarity's inverse)
      for (let j = m; j < n; j++) a[i * n + j] -= y * a[m * n + j];
      for (let j = 0; j < n; j++) a[j * n + m] += y * a[j * n + i];
    }
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}

/**
 * Eigenvalues of the n×n row-major matrix a (destroyed). Exceptional shifts after every 10 iterations without
 * deflation; SysgraphError('solver-failure') after 30·max(10, n) iterations in all (LAPACK's cap). O(n³).
 */
export function eigenvaluesHqr(a: Float64Array, n: number): { re: Float64Array; im: Float64Array } {
  const wr = new Float64Array(n);
  const wi = new Float64Array(n);
  balance(a, n);
  hessenberg(a, n);
  const at = (i: number, j: number): number => a[i * n + j];
  let anorm = 0;
  for (let i = 0; i < n; i++) for (let j = Math.max(i - 1, 0); j < n; j++) anorm += Math.abs(at(i, j));
  let nn = n - 1;
  let t = 0; // accumulated exceptional shifts
  let its = 0;
  let total = 0;
  let x = 0;
  let y = 0;
  let w = 0;
  while (nn >= 0) {
    // Look for a negligible subdiagonal element a[l][l−1].
    let l = nn;
    for (; l >= 1; l--) {
      let s = Math.abs(at(l - 1, l - 1)) + Math.abs(at(l, l));
      if (s === 0) s = anorm;
      if (Math.abs(at(l, l - 1)) + s === s) {
        a[l * n + l - 1] = 0;
        break;
      }
    }
    x = at(nn, nn);
    if (l === nn) {
      // One root found.
      wr[nn] = x + t;
      wi[nn] = 0;
      nn--;
      its = 0;
      continue;
    }
    y = at(nn - 1, nn - 1);
    w = at(nn, nn - 1) * at(nn - 1, nn);
    if (l === nn - 1) {
      // Two roots from the trailing 2×2 block: λ = x + p ± √(p² + w), p = (y − x)/2.
      const p = 0.5 * (y - x);
      const q = p * p + w;
      let z = Math.sqrt(Math.abs(q));
      x += t;
      if (q >= 0) {
        z = p + (p >= 0 ? z : -z);
        wr[nn - 1] = wr[nn] = x + z;
        if (z !== 0) wr[nn] = x - w / z;
        wi[nn - 1] = wi[nn] = 0;
      } else {
        wr[nn - 1] = wr[nn] = x + p;
        wi[nn - 1] = -z;
        wi[nn] = z;
      }
      nn -= 2;
      its = 0;
      continue;
    }
    if (total >= 30 * Math.max(10, n)) {
      throw new SysgraphError('solver-failure', `eigenvalues: the QR iteration did not converge (${total} iterations)`, {
        element: 'eigenvalues',
        expected: 'a matrix whose Hessenberg QR iteration converges within 30·max(10, n) iterations',
      });
    }
    if (its > 0 && its % 10 === 0) {
      // Exceptional shift after every 10 iterations without deflation.
      t += x;
      for (let i = 0; i <= nn; i++) a[i * n + i] -= x;
      const s = Math.abs(at(nn, nn - 1)) + Math.abs(at(nn - 1, nn - 2));
      x = y = 0.75 * s;
      w = -0.4375 * s * s;
    }
    its++;
    total++;
    // Two consecutive small subdiagonal elements: start of the double-shift step.
    let m = nn - 2;
    let p = 0;
    let q = 0;
    let r = 0;
    let z = 0;
    for (; m >= l; m--) {
      z = at(m, m);
      r = x - z;
      const s0 = y - z;
      p = (r * s0 - w) / at(m + 1, m) + at(m, m + 1);
      q = at(m + 1, m + 1) - z - r - s0;
      r = at(m + 2, m + 1);
      const s = Math.abs(p) + Math.abs(q) + Math.abs(r);
      p /= s;
      q /= s;
      r /= s;
      if (m === l) break;
      const u = Math.abs(at(m, m - 1)) * (Math.abs(q) + Math.abs(r));
      const v = Math.abs(p) * (Math.abs(at(m - 1, m - 1)) + Math.abs(z) + Math.abs(at(m + 1, m + 1)));
      if (u + v === v) break;
    }
    for (let i = m + 2; i <= nn; i++) {
      a[i * n + i - 2] = 0;
      if (i !== m + 2) a[i * n + i - 3] = 0;
    }
    // Double QR step on rows l … nn and columns m … nn (Householder reflections of size 3).
    for (let k = m; k <= nn - 1; k++) {
      if (k !== m) {
        p = at(k, k - 1);
        q = at(k + 1, k - 1);
        r = k !== nn - 1 ? at(k + 2, k - 1) : 0;
        x = Math.abs(p) + Math.abs(q) + Math.abs(r);
        if (x !== 0) {
          p /= x;
          q /= x;
          r /= x;
        }
      }
      const norm = Math.sqrt(p * p + q * q + r * r);
      const s = p >= 0 ? norm : -norm;
      if (s === 0) continue;
      if (k === m) {
        if (l !== m) a[k * n + k - 1] = -at(k, k - 1);
      } else a[k * n + k - 1] = -s * x;
      p += s;
      x = p / s;
      y = q / s;
      z = r / s;
      q /= p;
      r /= p;
      for (let j = k; j <= nn; j++) {
        let pp = at(k, j) + q * at(k + 1, j);
        if (k !== nn - 1) {
          pp += r * at(k + 2, j);
          a[(k + 2) * n + j] -= pp * z;
        }
        a[(k + 1) * n + j] -= pp * y;
        a[k * n + j] -= pp * x;
      }
      const mmin = nn < k + 3 ? nn : k + 3;
      for (let i = l; i <= mmin; i++) {
        let pp = x * at(i, k) + y * at(i, k + 1);
        if (k !== nn - 1) {
          pp += z * at(i, k + 2);
          a[i * n + k + 2] -= pp * r;
        }
        a[i * n + k + 1] -= pp * q;
        a[i * n + k] -= pp;
      }
    }
  }
  return { re: wr, im: wi };
}
