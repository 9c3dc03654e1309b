/**
 * A fuzz worker thread: takes { kind, from, to } ranges, runs each case (fuzz-case.ts) and posts
 * { start: k } before it and { done: k, outcome } after it, so that the pool can time each case and end
 * the thread when one hangs.
 */
import { parentPort } from 'node:worker_threads';
import { runCase } from './fuzz-case';
import type { CaseKind } from './fuzz-case';

parentPort!.on('message', (job: { kind: CaseKind; from: number; to: number }) => {
  for (let k = job.from; k < job.to; k++) {
    parentPort!.postMessage({ start: k, at: Date.now() });
    const t0 = performance.now();
    const outcome = runCase(job.kind, k);
    parentPort!.postMessage({ done: k, ms: performance.now() - t0, outcome });
  }
  parentPort!.postMessage({ finished: job.to });
});
