/**
 * symmetricEigen: all eigenvalues and orthonormal eigenvectors of a real symmetric matrix, A = Q Λ Qᵀ, by
 * Householder tridiagonalisation and the implicit QL method — EISPACK tred2 and tql2 (Bowdler, Martin, Reinsch &
 * Wilkinson, Numer. Math. 11, 1968), in the arrangement of JAMA's EigenvalueDecomposition. O(n³); row-major
 * Float64Array. Used for exact modal references (benchmarks) and wherever a symmetric spectrum with its
 * eigenvectors is needed; a general (non-symmetric) spectrum is eigenvalues() (Hessenberg QR).
 */
import { SysgraphError } from '@sysgraph/core';

export interface SymmetricEigen {
  readonly n: number;
  /** Eigenvalues, ascending. */
  readonly values: Float64Array;
  /** Qᵀ row-major: row j (entries [j·n, j·n + n)) is the unit eigenvector of values[j]. */
  readonly vectors: Float64Array;
}

/** `a` is n × n row-major and symmetric (only its lower triangle is read); it is not modified. */
export function symmetricEigen(a: Float64Array, n: number): SymmetricEigen {
  if (!Number.isInteger(n) || n < 0 || a.length !== n * n) {
    throw new SysgraphError('bad-value', `symmetricEigen: expected ${n * n} entries (n = ${n}), got ${a.length}`, {
      element: 'symmetricEigen A',
      field: 'length',
      expected: 'n · n entries of a row-major square matrix',
    });
  }
  for (let p = 0; p < a.length; p++) {
    if (!Number.isFinite(a[p])) {
      throw new SysgraphError('bad-value', `symmetricEigen: entry (${Math.floor(p / n)}, ${p % n}) is not a finite number`, {
        element: 'symmetricEigen A',
        field: `[${Math.floor(p / n)}][${p % n}]`,
        expected: 'a finite number',
      });
    }
  }
  const V = Float64Array.from(a);
  const d = new Float64Array(n);
  const e = new Float64Array(n);
  tred2(n, V, d, e);
  const W = transpose(V, n); // rows of W = columns of V: the QL rotations then run over contiguous memory
  tql2(n, W, d, e);
  return { n, values: d, vectors: W };
}

function transpose(a: Float64Array, n: number): Float64Array {
  const t = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) t[j * n + i] = a[i * n + j];
  return t;
}

/** Householder reduction to tridiagonal form; V becomes the accumulated transformation. */
function tred2(n: number, V: Float64Array, d: Float64Array, e: Float64Array): void {
  for (let j = 0; j < n; j++) d[j] = V[(n - 1) * n + j];
  for (let i = n - 1; i > 0; i--) {
    let scale = 0;
    let h = 0;
    for (let k = 0; k < i; k++) scale += Math.abs(d[k]);
    if (scale === 0) {
      e[i] = d[i - 1];
      for (let j = 0; j < i; j++) {
        d[j] = V[(i - 1) * n + j];
        V[i * n + j] = 0;
        V[j * n + i] = 0;
      }
    } else {
      for (let k = 0; k < i; k++) {
        d[k] /= scale;
        h += d[k] * d[k];
      }
      let f = d[i - 1];
      let g = Math.sqrt(h);
      if (f > 0) g = -g;
      e[i] = scale * g;
      h -= f * g;
      d[i - 1] = f - g;
      for (let j = 0; j < i; j++) e[j] = 0;
      for (let j = 0; j < i; j++) {
        f = d[j];
        V[j * n + i] = f;
        g = e[j] + V[j * n + j] * f;
        for (let k = j + 1; k <= i - 1; k++) {
          g += V[k * n + j] * d[k];
          e[k] += V[k * n + j] * f;
        }
        e[j] = g;
      }
      f = 0;
      for (let j = 0; j < i; j++) {
        e[j] /= h;
        f += e[j] * d[j];
      }
      const hh = f / (h + h);
      for (let j = 0; j < i; j++) e[j] -= hh * d[j];
      for (let j = 0; j < i; j++) {
        f = d[j];
        g = e[j];
        for (let k = j; k <= i - 1; k++) V[k * n + j] -= f * e[k] + g * d[k];
        d[j] = V[(i - 1) * n + j];
        V[i * n + j] = 0;
      }
    }
    d[i] = h;
  }
  for (let i = 0; i < n - 1; i++) {
    V[(n - 1) * n + i] = V[i * n + i];
    V[i * n + i] = 1;
    const h = d[i + 1];
    if (h !== 0) {
      for (let k = 0; k <= i; k++) d[k] = V[k * n + i + 1] / h;
      for (let j = 0; j <= i; j++) {
        let g = 0;
        for (let k = 0; k <= i; k++) g += V[k * n + i + 1] * V[k * n + j];
        for (let k = 0; k <= i; k++) V[k * n + j] -= g * d[k];
      }
    }
    for (let k = 0; k <= i; k++) V[k * n + i + 1] = 0;
  }
  for (let j = 0; j < n; j++) {
    d[j] = V[(n - 1) * n + j];
    V[(n - 1) * n + j] = 0;
  }
  V[(n - 1) * n + n - 1] = 1;
  e[0] = 0;
}

/** Implicit QL iterations on the tridiagonal (d, e), accumulating into the rows of W = Vᵀ; sorts ascending. */
function tql2(n: number, W: Float64Array, d: Float64Array, e: Float64Array): void {
  for (let i = 1; i < n; i++) e[i - 1] = e[i];
  e[n - 1] = 0;
  let f = 0;
  let tst1 = 0;
  const eps = 2 ** -52;
  for (let l = 0; l < n; l++) {
    tst1 = Math.max(tst1, Math.abs(d[l]) + Math.abs(e[l]));
    let m = l;
    while (m < n && Math.abs(e[m]) > eps * tst1) m++;
    if (m === n) m = n - 1;
    if (m > l) {
      let iter = 0;
      do {
        if (++iter > 300) {
          throw new SysgraphError('solver-failure', `symmetricEigen: the QL iteration did not converge at eigenvalue ${l}`, {
            element: 'symmetricEigen A',
            field: `eigenvalue ${l}`,
            expected: 'convergence within 300 QL sweeps',
          });
        }
        let g = d[l];
        let p = (d[l + 1] - g) / (2 * e[l]);
        let r = Math.hypot(p, 1);
        if (p < 0) r = -r;
        d[l] = e[l] / (p + r);
        d[l + 1] = e[l] * (p + r);
        const dl1 = d[l + 1];
        let h = g - d[l];
        for (let i = l + 2; i < n; i++) d[i] -= h;
        f += h;
        p = d[m];
        let c = 1;
        let c2 = c;
        let c3 = c;
        const el1 = e[l + 1];
        let s = 0;
        let s2 = 0;
        for (let i = m - 1; i >= l; i--) {
          c3 = c2;
          c2 = c;
          s2 = s;
          g = c * e[i];
          h = c * p;
          r = Math.hypot(p, e[i]);
          e[i + 1] = s * r;
          s = e[i] / r;
          c = p / r;
          p = c * d[i] - s * g;
          d[i + 1] = h + s * (c * g + s * d[i]);
          const rowI = i * n;
          const rowI1 = rowI + n;
          for (let k = 0; k < n; k++) {
            h = W[rowI1 + k];
            W[rowI1 + k] = s * W[rowI + k] + c * h;
            W[rowI + k] = c * W[rowI + k] - s * h;
          }
        }
        p = (-s * s2 * c3 * el1 * e[l]) / dl1;
        e[l] = s * p;
        d[l] = c * p;
      } while (Math.abs(e[l]) > eps * tst1);
    }
    d[l] += f;
    e[l] = 0;
  }
  // selection sort, ascending, rows of W with the values
  for (let i = 0; i < n - 1; i++) {
    let k = i;
    let p = d[i];
    for (let j = i + 1; j < n; j++) if (d[j] < p) (k = j), (p = d[j]);
    if (k !== i) {
      d[k] = d[i];
      d[i] = p;
      for (let j = 0; j < n; j++) {
        const t = W[i * n + j];
        W[i * n + j] = W[k * n + j];
        W[k * n + j] = t;
      }
    }
  }
}
