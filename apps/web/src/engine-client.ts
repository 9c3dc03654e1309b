/**
 * createEngineClient: the page's side of the worker protocol. run() sends the newest description and settings
 * and returns the request id; answers to requests that a newer one has superseded are dropped here.
 */
import type { FollowUp, RunAnswer, RunRequest, SweepMessage, SweepRequest, WorkerMessage } from './engine/protocol';
import type { Settings } from './engine/settings';

export interface EngineClient {
  run(text: string, settings: Settings): number;
  /** Starts a sweep (a newer one replaces it); its points and its end go to onSweep. */
  sweep(req: Omit<SweepRequest, 'kind' | 'id'>): number;
  cancelSweep(id: number): void;
}

export function createEngineClient(onAnswer: (a: RunAnswer) => void, onFollowUp: (f: FollowUp) => void, onCrash: (message: string) => void, onSweep: (m: SweepMessage) => void = () => {}): EngineClient {
  const worker = new Worker(new URL('./worker/engine-worker.ts', import.meta.url), { type: 'module', name: 'sysgraph-engine' });
  let latest = 0;
  let sweepId = 0;
  worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
    const m = event.data;
    if (m.kind === 'sweep-point' || m.kind === 'sweep-done') {
      if (m.id === sweepId) onSweep(m);
      return;
    }
    if (m.id !== latest) return;
    if (m.kind === 'follow-up') onFollowUp(m);
    else onAnswer(m);
  };
  worker.onerror = (event) => onCrash(event.message || 'the engine worker stopped');
  return {
    run(text, settings) {
      const req: RunRequest = { id: ++latest, text, settings };
      worker.postMessage(req);
      return req.id;
    },
    sweep(req) {
      const full: SweepRequest = { kind: 'sweep', id: ++sweepId, ...req };
      worker.postMessage(full);
      return full.id;
    },
    cancelSweep(id) {
      worker.postMessage({ kind: 'sweep-cancel', id });
    },
  };
}
