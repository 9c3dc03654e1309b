/**
 * Benchmark of the sparse LU of @sysgraph/linalg: AMD ordering, factorisation, refactorisation and solve on
 * 2-D grid Laplacians plus a small diagonal (the RC grid's matrix) and on tridiagonal (ladder) matrices.
 * Prints medians; run with `npx tsx benchmarks/src/linalg-sparse-lu.ts [--quick]`.
 */
import { amdOrdering, csrFromTriplets, csrMulVec, factorSparseLU, refactorSparseLU } from '@sysgraph/linalg';
import type { CsrMatrix } from '@sysgraph/linalg';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Median wall time in ms of `runs` calls (after one warm-up call when warm is set). */
function time(runs: number, f: () => void, warm = true): number {
  if (warm) f();
  const ts: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    f();
    ts.push(performance.now() - t0);
  }
  return median(ts);
}

/** 5-point Laplacian of a k×k grid plus `diag` on the diagonal. */
function gridLaplacian(k: number, diag: number, scale = 1): CsrMatrix {
  const n = k * k;
  const ri = new Int32Array(5 * n);
  const ci = new Int32Array(5 * n);
  const v = new Float64Array(5 * n);
  let t = 0;
  for (let x = 0; x < k; x++) {
    for (let y = 0; y < k; y++) {
      const i = x * k + y;
      let d = diag;
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= k || yy >= k) continue;
        ri[t] = i;
        ci[t] = xx * k + yy;
        v[t++] = -scale;
        d += scale;
      }
      ri[t] = i;
      ci[t] = i;
      v[t++] = d;
    }
  }
  return csrFromTriplets(n, n, ri.subarray(0, t), ci.subarray(0, t), v.subarray(0, t));
}

/** Ladder: tridiagonal [−1, 2 + diag, −1]. */
function tridiagonal(n: number, diag: number, scale = 1): CsrMatrix {
  const ri: number[] = [];
  const ci: number[] = [];
  const v: number[] = [];
  for (let i = 0; i < n; i++) {
    if (i > 0) ri.push(i), ci.push(i - 1), v.push(-scale);
    ri.push(i), ci.push(i), v.push(2 * scale + diag);
    if (i < n - 1) ri.push(i), ci.push(i + 1), v.push(-scale);
  }
  return csrFromTriplets(n, n, ri, ci, v);
}

interface Row {
  matrix: string;
  n: number;
  nnzA: number;
  amdMs: number;
  factorMs: number;
  refactorMs: number;
  solveMs: number;
  nnzLU: number;
  nsPerFactorNnz: number;
  relResidual: number;
}

function bench(label: string, a: CsrMatrix, bScale: (a2: number) => CsrMatrix, big: boolean): Row {
  const n = a.rows;
  const runsSlow = big ? 3 : 5;
  const amdMs = time(runsSlow, () => void amdOrdering(a), !big);
  const factorMs = time(runsSlow, () => void factorSparseLU(a), !big);
  const lu = factorSparseLU(a);
  const a2 = bScale(1.7); // same pattern, new values (a new step size)
  const refactorMs = time(runsSlow, () => void refactorSparseLU(lu, a2), !big);
  const b = Float64Array.from({ length: n }, (_, i) => Math.sin(0.37 * i) + 0.1);
  const x = new Float64Array(n);
  const solveMs = time(big ? 20 : 50, () => void lu.solve(b, x));
  const r = csrMulVec(a, x);
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (r[i] - b[i]) ** 2;
    den += b[i] ** 2;
  }
  const nnzLU = lu.nnzL + lu.nnzU - n;
  return {
    matrix: label,
    n,
    nnzA: a.nnz,
    amdMs,
    factorMs,
    refactorMs,
    solveMs,
    nnzLU,
    nsPerFactorNnz: (solveMs * 1e6) / nnzLU,
    relResidual: Math.sqrt(num / den),
  };
}

const quick = process.argv.includes('--quick');
const rows: Row[] = [];
for (const k of quick ? [32, 100] : [32, 100, 316]) {
  rows.push(bench(`grid ${k}×${k}`, gridLaplacian(k, 1e-3), (s) => gridLaplacian(k, 1e-3, s), k > 200));
}
for (const n of quick ? [100_000] : [100_000, 1_000_000]) {
  rows.push(bench(`tridiagonal`, tridiagonal(n, 1e-3), (s) => tridiagonal(n, 1e-3, s), n > 100_000));
}

const fmt = (x: number, d = 1): string => (x >= 100 ? x.toFixed(0) : x.toFixed(d));
console.log(`sparse LU (Gilbert–Peierls, AMD), Node ${process.version}; medians; nnz(L+U) counts the diagonal once`);
console.log('| matrix | n | nnz(A) | AMD ms | factor ms | refactor ms | solve ms | nnz(L+U) | ns / factor nnz (solve) | ‖Ax−b‖/‖b‖ |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.matrix} | ${r.n} | ${r.nnzA} | ${fmt(r.amdMs)} | ${fmt(r.factorMs)} | ${fmt(r.refactorMs)} | ${fmt(r.solveMs, 2)} | ${r.nnzLU} | ${r.nsPerFactorNnz.toFixed(2)} | ${r.relResidual.toExponential(1)} |`,
  );
}
