/**
 * createEngineClient: the page's side of the worker protocol. run() sends the newest description and settings
 * and returns the request id; answers to requests that a newer one has superseded are dropped here.
 */
import type { FollowUp, RunAnswer, RunRequest, WorkerMessage } from './engine/protocol';
import type { Settings } from './engine/settings';

export interface EngineClient {
  run(text: string, settings: Settings): number;
}

export function createEngineClient(onAnswer: (a: RunAnswer) => void, onFollowUp: (f: FollowUp) => void, onCrash: (message: string) => void): EngineClient {
  const worker = new Worker(new URL('./worker/engine-worker.ts', import.meta.url), { type: 'module', name: 'sysgraph-engine' });
  let latest = 0;
  worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
    const m = event.data;
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
  };
}
