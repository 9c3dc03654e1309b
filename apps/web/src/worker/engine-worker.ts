/**
 * The engine worker: runs the pipeline for the page off the main thread, so that typing never freezes it.
 * Requests are answered in order; a request superseded by a newer one while waiting is skipped, and so is
 * the follow-up (comparison and overlay) of a request that has been superseded.
 */
import { createSystemParser } from '@sysgraph/description';
import { createTimeMath } from '@sysgraph/engine';
import { createRestrictedParser } from '@sysgraph/simulate';
import type { RunRequest, SweepCancel, SweepRequest, TraceView, WorkerMessage } from '../engine/protocol';
import { runPipeline } from '../engine/run-pipeline';
import { createModelMemo } from '../engine/model-memo';
import { answerTransfer, traceBuffers } from '../engine/answer-transfer';
import type { EngineContext } from '../engine/run-pipeline';
import { createSweepRunner } from './sweep-runner';

interface WorkerScope {
  onmessage: ((event: MessageEvent<RunRequest | SweepRequest | SweepCancel>) => void) | null;
  postMessage(message: WorkerMessage, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

// The parsers live as long as the worker: the JSON schema and the mathjs instance are built once; so do the
// nonlinear models of the last few descriptions (deriving one takes about half a second), and the mathjs instance
// that differentiates values in t.
const context: EngineContext = { system: createSystemParser(), signals: createRestrictedParser(), models: createModelMemo(), timeMath: createTimeMath() };
let latest: RunRequest | undefined;
let scheduled = false;

const buffersOf = (trace: TraceView): Transferable[] => [...new Set(traceBuffers(trace))];

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  // let queued messages arrive first, so that only the newest request runs
  setTimeout(runLatest, 0);
}

function runLatest(): void {
  scheduled = false;
  const req = latest;
  latest = undefined;
  if (!req) return;
  const run = runPipeline(req, context);
  const a = run.answer;
  // typed arrays and packed strings, their buffers transferred (engine/answer-transfer.ts)
  scope.postMessage(a, answerTransfer(a));
  const followUp = run.followUp;
  if (followUp) {
    setTimeout(() => {
      if (latest) return; // superseded: the newer request comes first
      const f = followUp();
      scope.postMessage(f, f.overlay ? buffersOf(f.overlay.right) : []);
    }, 0);
  }
}

const sweeps = createSweepRunner(context.system, (m, transfer) => scope.postMessage(m, transfer));

scope.onmessage = (event) => {
  const m = event.data;
  if ('kind' in m) {
    if (m.kind === 'sweep') sweeps.start(m);
    else sweeps.cancel(m.id);
    return;
  }
  latest = m;
  schedule();
};
