/**
 * The force layout's worker for the largest graphs: it receives the graph as typed arrays (start positions and
 * branch ends), packs them (forceLayoutMatrices) and runs ForceAtlas2's iteration (graphology-layout-forceatlas2's
 * `iterate`, the same function its own worker runs) for a given time, then sends the final positions back,
 * transferred. The page's main thread never holds a graphology graph for the layout, nor receives a position
 * per iteration. One request per worker.
 */
import iterate from 'graphology-layout-forceatlas2/iterate';
import DEFAULTS from 'graphology-layout-forceatlas2/defaults';
import { forceLayoutMatrices, PPN } from '../ui/force-layout-matrices';
import type { LayoutRequest, LayoutResult } from '../ui/layout-in-worker';

self.onmessage = (e: MessageEvent<LayoutRequest>) => {
  const { x, y, from, to, settings, ms } = e.data;
  const options = { ...DEFAULTS, ...settings };
  const { nodes, edges } = forceLayoutMatrices(x, y, from, to);
  const end = performance.now() + ms;
  let iterations = 0;
  do {
    iterate(options, nodes, edges);
    iterations++;
  } while (performance.now() < end);
  const n = x.length;
  const outX = new Float32Array(n);
  const outY = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    outX[i] = nodes[i * PPN];
    outY[i] = nodes[i * PPN + 1];
  }
  const result: LayoutResult = { x: outX, y: outY, iterations };
  (self as unknown as Worker).postMessage(result, [outX.buffer, outY.buffer]);
};
