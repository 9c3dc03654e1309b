/**
 * Benchmark of the dense helpers of @sysgraph/linalg on random matrices (n = 50, 100, 300):
 * denseSolve, eigenvalues, expm, complex resolvent factorisation. Prints medians;
 * run with `npx tsx benchmarks/src/linalg-dense.ts`.
 */
import { denseSolve, eigenvalues, expm, factorResolvent } from '@sysgraph/linalg';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function time(runs: number, f: () => void): number {
  f();
  const ts: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    f();
    ts.push(performance.now() - t0);
  }
  return median(ts);
}

/** Seeded uniform numbers in [−0.5, 0.5) (Park–Miller). */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647 - 0.5;
  };
}

console.log(`dense helpers, Node ${process.version}; medians in ms`);
console.log('| n | denseSolve | eigenvalues | expm | factorResolvent (jω) |');
console.log('|---|---|---|---|---|');
for (const n of [50, 100, 300]) {
  const rand = seeded(n);
  const a = Array.from({ length: n }, () => Array.from({ length: n }, () => rand()));
  const stable = a.map((row, i) => row.map((v, j) => v / Math.sqrt(n) - (i === j ? 1 : 0)));
  const b = Array.from({ length: n }, () => rand());
  const runs = n >= 300 ? 3 : 7;
  const solveMs = time(runs, () => void denseSolve(a, b));
  const eigMs = time(runs, () => void eigenvalues(a));
  const expmMs = time(runs, () => void expm(stable));
  const resMs = time(runs, () => void factorResolvent(stable, 0, 2));
  console.log(`| ${n} | ${solveMs.toFixed(1)} | ${eigMs.toFixed(1)} | ${expmMs.toFixed(1)} | ${resMs.toFixed(1)} |`);
}
