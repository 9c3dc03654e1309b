/**
 * The force layout's worker for the largest graphs: it receives the graph as typed arrays (start positions and
 * branch ends), packs them (forceLayoutMatrices) and runs ForceAtlas2's iteration (graphology-layout-forceatlas2's
 * `iterate`, the same function its own worker runs) for a given time, then sends the final positions back,
 * transferred — and, if asked, the positions so far every `updateMs` (a drawing that shows the layout settling
 * at a few frames a second, not one full redraw per iteration). One request per worker.
 */
import iterate from 'graphology-layout-forceatlas2/iterate';
import DEFAULTS from 'graphology-layout-forceatlas2/defaults';
import { forceLayoutMatrices, PPN } from '../ui/force-layout-matrices';
import type { LayoutRequest, LayoutResult } from '../ui/layout-in-worker';

/** The positions out of the node matrix, as two arrays to transfer. */
function positions(nodes: Float32Array, n: number, iterations: number, done: boolean): LayoutResult {
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = nodes[i * PPN];
    y[i] = nodes[i * PPN + 1];
  }
  return { x, y, iterations, done };
}

self.onmessage = (e: MessageEvent<LayoutRequest>) => {
  const { x, y, from, to, settings, ms, updateMs } = e.data;
  const options = { ...DEFAULTS, ...settings };
  const { nodes, edges } = forceLayoutMatrices(x, y, from, to);
  const post = (r: LayoutResult) => (self as unknown as Worker).postMessage(r, [r.x.buffer, r.y.buffer]);
  const start = performance.now();
  const end = start + ms;
  let next = updateMs > 0 ? start + updateMs : Infinity;
  let iterations = 0;
  do {
    iterate(options, nodes, edges);
    iterations++;
    const now = performance.now();
    if (now >= next && now < end) {
      // the positions so far, for a drawing that shows the layout settling
      post(positions(nodes, x.length, iterations, false));
      next = now + updateMs;
    }
  } while (performance.now() < end);
  post(positions(nodes, x.length, iterations, true));
};
