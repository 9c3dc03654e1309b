/** Timing helpers: the median of repeated runs, a stopwatch over named stages, and a heap reading after GC. */

/** The median (upper median for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/** Runs `fn`, returns its result and the elapsed milliseconds. */
export function timed<R>(fn: () => R): { result: R; ms: number } {
  const t0 = performance.now();
  const result = fn();
  return { result, ms: performance.now() - t0 };
}

/** Collects garbage when the process runs with --expose-gc (run.ts starts every benchmark so). */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Heap in use, in MB, after a collection. */
export function heapUsedMB(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

/** Rounds for the result files: 3 significant digits, integers above 100. */
export function round(x: number): number {
  if (!Number.isFinite(x)) return x;
  return Math.abs(x) >= 100 ? Math.round(x) : Number(x.toPrecision(3));
}
