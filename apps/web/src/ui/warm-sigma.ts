/**
 * warmSigma / takeSigma / parkSigma: a sigma.js renderer built in idle time on an empty graph, before any large
 * answer arrives, and handed to the next large drawing (large-graph-view.ts), which gives it its graph
 * (setGraph) and its container; when that drawing goes away its renderer is parked again for the next. Sigma's
 * constructor creates its WebGL context and compiles its programs (about 130 ms on a software rasteriser,
 * measured by apps/web/scripts/profile-long-tasks.ts): paid here, between user actions, not in a task of the
 * answer's. Built only when the WebGL probe says yes; one at a time. Without requestIdleCallback the renderer is
 * built on demand.
 */
import type Sigma from 'sigma';
import { MultiDirectedGraph } from 'graphology';
import type { LargeEdge, LargeNode } from './large-graph-data';
import { probeWebGL } from './webgl-probe';

export interface WarmSigma {
  renderer: Sigma<LargeNode, LargeEdge>;
  /** The renderer's own container (its canvases inside), to be placed in the drawing's stage. */
  container: HTMLDivElement;
}

/** The settings every large drawing uses (its reducers are set when it takes the renderer). */
export const SIGMA_SETTINGS = { defaultEdgeType: 'line', allowInvalidContainer: true, labelRenderedSizeThreshold: 9, zIndex: true } as const;

let ready: Promise<WarmSigma | undefined> | undefined;

function idle(): Promise<void> {
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 }));
}

async function build(inIdle: boolean): Promise<WarmSigma | undefined> {
  if (!(await probeWebGL())) return undefined;
  const { default: SigmaRenderer } = await import('sigma');
  // the probe and the import end in tasks of their own: wait for the next idle period again
  if (inIdle) await idle();
  // parked off-screen in the document at the size it will have in the stage (the graph card's width, the
  // stage's 420 px less its borders): sigma sizes its canvases once, here, and resize() on arrival is a no-op
  // (a context made on a detached 1 × 1 canvas and resized on arrival cost a 1.6 s setAttribute in a profile)
  const container = document.createElement('div');
  container.className = 'graph-sigma graph-sigma-parked';
  const card = document.getElementById('graph');
  container.style.width = `${Math.max(1, (card?.clientWidth ?? 0) - 2 || Math.round(window.innerWidth / 2))}px`;
  document.body.appendChild(container);
  try {
    const renderer = new SigmaRenderer(new MultiDirectedGraph<LargeNode, LargeEdge>(), container, SIGMA_SETTINGS);
    measureSigma(renderer);
    // one node, one edge drawn and taken away: the programs' first draw (their buffers, the rasteriser's first
    // use of each shader) is paid here too — the first large drawing's first two passes were 140 ms each at
    // load 6 against 90 ms for a later drawing of five times as many branches
    renderer.setGraph(warmUpGraph());
    renderer.setGraph(new MultiDirectedGraph<LargeNode, LargeEdge>());
    // for the measuring script and the browser test: a renderer is waiting ('warm') or drawing ('taken')
    if (inIdle) document.documentElement.dataset.sigma = 'warm';
    return { renderer, container };
  } catch {
    container.remove();
    return undefined;
  }
}

/** Two nodes and a branch between them, in the attributes a large drawing gives. */
function warmUpGraph(): MultiDirectedGraph<LargeNode, LargeEdge> {
  const g = new MultiDirectedGraph<LargeNode, LargeEdge>();
  g.addNode('a', { x: 0, y: 0, size: 7, color: '#1d2430', label: 'a', ground: true });
  g.addNode('b', { x: 1, y: 1, size: 2.5, color: '#5d6778', label: 'b', ground: false });
  g.addDirectedEdgeWithKey('e', 'a', 'b', { size: 1.6, color: '#b8c0cc', cls: 'A', kind: 'capacitor', element: 'e', inTree: true, state: true });
  return g;
}

/**
 * sigma.js's process (every node and edge into its programs' buffers) and render, as user-timing measures
 * (`sysgraph:sigma-process`, `sysgraph:sigma-render`, the render including a process when one is due): what the
 * browser test attributes its long tasks to.
 */
function measureSigma(renderer: Sigma<LargeNode, LargeEdge>): void {
  let processStart = 0;
  let renderStart = 0;
  renderer.on('beforeProcess', () => void (processStart = performance.now()));
  renderer.on('afterProcess', () => void performance.measure('sysgraph:sigma-process', { start: processStart }));
  renderer.on('beforeRender', () => void (renderStart = performance.now()));
  renderer.on('afterRender', () => void performance.measure('sysgraph:sigma-render', { start: renderStart }));
}

/** Builds a renderer for the next large drawing when the page is idle (nothing where requestIdleCallback is missing). */
export function warmSigma(): void {
  if (ready !== undefined || !('requestIdleCallback' in window)) return;
  ready = idle().then(() => build(true)).catch(() => undefined);
}

/**
 * Takes back the renderer of a drawing that is going away: emptied, parked again and handed to the next large
 * drawing, instead of killed (destroying a WebGL context and its buffers is a synchronous wait on the GPU process).
 */
export function parkSigma(w: WarmSigma): void {
  if (ready !== undefined) {
    w.renderer.kill();
    w.container.remove();
    return;
  }
  w.renderer.setGraph(new MultiDirectedGraph<LargeNode, LargeEdge>());
  w.renderer.setSettings({ nodeReducer: null, edgeReducer: null });
  w.renderer.getCamera().setState({ x: 0.5, y: 0.5, ratio: 1, angle: 0 });
  // the width it had in the stage, read before it leaves: resize() on the next arrival finds nothing to change
  w.container.style.width = `${w.container.offsetWidth}px`;
  w.container.classList.add('graph-sigma-parked');
  document.body.appendChild(w.container);
  ready = Promise.resolve(w);
  document.documentElement.dataset.sigma = 'warm';
}

/** The renderer built in idle time (or a new one now), undefined without WebGL. */
export function takeSigma(): Promise<WarmSigma | undefined> {
  const taken = ready ?? build(false).catch(() => undefined);
  ready = undefined;
  document.documentElement.dataset.sigma = 'taken';
  return taken;
}
