/**
 * The fuzz pool: cases 0 … n−1 of a kind, split into ranges over worker threads. A watchdog ends a thread whose
 * current case has run longer than `killSeconds` (the case is counted as a hang) and starts a new one at the next
 * case; a case that finishes after `slowSeconds` without a typed budget error is counted as over budget. The run
 * stops handing out ranges when `deadline` (ms since the epoch) is past: the cases run are reported.
 */
import { Worker } from 'node:worker_threads';
import type { CaseKind, CaseOutcome } from './fuzz-case';

export interface PoolOptions {
  readonly kind: CaseKind;
  readonly cases: number;
  readonly threads: number;
  readonly slowSeconds: number;
  readonly killSeconds: number;
  readonly deadline: number;
  readonly chunk?: number;
  readonly log: (line: string) => void;
}

export interface Finished {
  readonly k: number;
  readonly ms: number;
  /** Absent for a hang (the thread was ended). */
  readonly outcome?: CaseOutcome;
}

const WORKER = new URL('./fuzz-worker.mjs', import.meta.url);


export function runPool(o: PoolOptions, onCase: (f: Finished) => void): Promise<{ run: number; stoppedEarly: boolean }> {
  const chunk = o.chunk ?? 200;
  let next = 0;
  let run = 0;
  let stoppedEarly = false;
  let lastLog = Date.now();
  return new Promise((resolve, reject) => {
    let live = 0;
    const take = (): { from: number; to: number } | undefined => {
      if (next >= o.cases) return undefined;
      if (Date.now() > o.deadline) {
        stoppedEarly = true;
        return undefined;
      }
      const from = next;
      next = Math.min(o.cases, next + chunk);
      return { from, to: next };
    };
    const start = (range: { from: number; to: number } | undefined) => {
      if (range === undefined) {
        if (live === 0) resolve({ run, stoppedEarly });
        return;
      }
      live++;
      const worker = new Worker(WORKER, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 2048 } });
      let current: { k: number; at: number } | undefined;
      let to = range.to;
      let ended = false;
      const end = (then: { from: number; to: number } | undefined) => {
        if (ended) return;
        ended = true;
        clearInterval(watch);
        live--;
        void worker.terminate().then(() => start(then));
      };
      const watch = setInterval(() => {
        if (current && Date.now() - current.at > o.killSeconds * 1000) {
          const k = current.k;
          current = undefined;
          run++;
          o.log(`${o.kind} case ${k}: no answer in ${o.killSeconds} s, thread ended (counted as a hang)`);
          onCase({ k, ms: o.killSeconds * 1000 });
          end(k + 1 < to ? { from: k + 1, to } : take());
        }
      }, 250);
      worker.on('message', (m: { start?: number; at?: number; done?: number; ms?: number; outcome?: CaseOutcome; finished?: number }) => {
        if (m.start !== undefined) current = { k: m.start, at: Date.now() };
        else if (m.done !== undefined) {
          current = undefined;
          run++;
          onCase({ k: m.done, ms: m.ms!, outcome: m.outcome });
          if (Date.now() - lastLog > 30_000) {
            lastLog = Date.now();
            o.log(`${o.kind}: ${run} cases run (next range from ${next})`);
          }
        } else if (m.finished !== undefined) {
          const r = take();
          if (r === undefined) end(undefined);
          else {
            to = r.to;
            worker.postMessage({ kind: o.kind, ...r });
          }
        }
      });
      worker.on('error', (e) => {
        // an error outside a case (the worker's own): the cases of its range not done are lost, say so
        o.log(`${o.kind}: worker error ${e instanceof Error ? e.message : String(e)} at case ${current?.k ?? '?'}`);
        if (current) {
          onCase({ k: current.k, ms: Date.now() - current.at, outcome: { status: 'untyped', codes: [], elementLevel: 0, both: 0, either: 0, budget: false, stage: 'worker', detail: String(e) } });
          run++;
          const k = current.k;
          current = undefined;
          end(k + 1 < to ? { from: k + 1, to } : take());
        } else {
          end(undefined);
          reject(e);
        }
      });
      worker.on('exit', (code) => {
        // a thread that stopped by itself (out of memory, a crash of the runtime): its current case is untyped
        if (ended) return;
        o.log(`${o.kind}: worker stopped (exit ${code}) at case ${current?.k ?? '?'}`);
        const k = current?.k;
        if (k !== undefined) {
          run++;
          onCase({ k, ms: Date.now() - current!.at, outcome: { status: 'untyped', codes: [], elementLevel: 0, both: 0, either: 0, budget: false, stage: 'worker', detail: `the thread stopped (exit ${code})` } });
        }
        ended = true;
        clearInterval(watch);
        live--;
        start(k !== undefined && k + 1 < to ? { from: k + 1, to } : take());
      });
      worker.postMessage({ kind: o.kind, ...range });
    };
    for (let t = 0; t < o.threads; t++) start(take());
  });
}
