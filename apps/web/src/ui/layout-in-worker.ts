/**
 * layoutInWorker: ForceAtlas2 run for a given time in a module worker of its own (worker/layout-worker.ts) on a
 * graph given as typed arrays, its final positions returned. For the largest graphs (large-graph-view.ts): the
 * library's own supervisor (graphology-layout-forceatlas2/worker) needs a graphology graph on the page's main
 * thread, spawns its worker from a Blob of its source (45–82 ms of `Blob` in profiles of the grid) and sends the
 * positions back every iteration, each making sigma process the whole drawing again in the next frame (about
 * 240 passes in the 4 s); here the main thread copies two index arrays and receives two Float32Arrays at the end
 * and, for a drawing that shows the layout settling, every `updateMs`.
 */
import type { ForceAtlas2Settings } from 'graphology-layout-forceatlas2';

export interface LayoutRequest {
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly settings: ForceAtlas2Settings;
  /** How long the iterations run (ms). */
  readonly ms: number;
  /** Positions sent every so often while it runs (ms); 0: only the final ones. */
  readonly updateMs: number;
}

export interface LayoutResult {
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly iterations: number;
  /** The final positions (else the positions so far). */
  readonly done: boolean;
}

export interface RunningLayout {
  /** The final positions; rejected if the worker fails, never settled once cancelled. */
  readonly result: Promise<LayoutResult>;
  /** Stops the worker (a newer drawing): the result never arrives. */
  cancel(): void;
}

/**
 * Runs the layout; `from` and `to` are copied (the caller keeps its arrays), the positions are transferred.
 * With `onUpdate` and `updateMs` > 0 the positions so far are handed to `onUpdate` every `updateMs`.
 */
export function layoutInWorker(x: Float32Array, y: Float32Array, from: Int32Array, to: Int32Array, settings: ForceAtlas2Settings, ms: number, onUpdate?: (r: LayoutResult) => void, updateMs = 0): RunningLayout {
  const worker = new Worker(new URL('../worker/layout-worker.ts', import.meta.url), { type: 'module', name: 'sysgraph-layout' });
  const result = new Promise<LayoutResult>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<LayoutResult>) => {
      if (!e.data.done) {
        onUpdate?.(e.data);
        return;
      }
      worker.terminate();
      resolve(e.data);
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(`the layout worker failed: ${e.message}`));
    };
  });
  const request: LayoutRequest = { x, y, from: from.slice(), to: to.slice(), settings, ms, updateMs: onUpdate ? updateMs : 0 };
  worker.postMessage(request, [request.x.buffer, request.y.buffer, request.from.buffer, request.to.buffer]);
  return { result, cancel: () => worker.terminate() };
}
