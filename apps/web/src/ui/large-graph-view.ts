/**
 * renderLargeGraph: a linear graph above LARGE_GRAPH branches, drawn by sigma.js (WebGL, on graphology) with a
 * ForceAtlas2 layout (Jacomy et al. 2014; graphology-layout-forceatlas2's iteration) that runs in a Web Worker of
 * its own (layout-in-worker.ts) for LAYOUT_MS and then stops: the page stays responsive while the nodes settle.
 * Tree branches in their class colour, links thin and grey, state branches thick in the state colour
 * (largeGraphData). The summary's search by element id highlights the matching branches and moves the camera
 * to the first.
 *
 * Without WebGL (no context, or sigma's constructor fails) the same graph and layout are drawn on a 2D canvas
 * (graph-canvas-fallback.ts) and a note says so. sigma and the layout are imported lazily: small graphs never
 * load them. The host records data-renderer (webgl | canvas) and data-layout (running | settled).
 *
 * Every position update of a drawn graph makes sigma process all its nodes and edges again (one full pass, its
 * programs' buffers reallocated). Up to LIVE_LAYOUT_BRANCHES the drawing is built first and shows the layout
 * settling, its positions every LAYOUT_UPDATE_MS (ten passes in the 4 s; the library's supervisor moved the nodes
 * every iteration, about one pass per frame). Above, the layout runs first and the drawing is built after it at
 * the final positions (one pass in all; a pass over the 10^4 branches of a 5000-section ladder was 100–400 ms
 * under load, measured). The cost: that drawing appears once the layout has run (LAYOUT_MS), not while it
 * settles. Sigma's renders are held while nodes and branches are handed to it in slices (sigma-hold.ts).
 */
import type Sigma from 'sigma';
import type { PackedGraph } from '../engine/protocol';
import { branchCount, classesPresent, nodeCount } from '../engine/packed-graph';
import { el } from './dom';
import { graphLegend } from './graph-view';
import { renderGraphSummary } from './graph-summary';
import { drawGraphCanvas } from './graph-canvas-fallback';
import { MultiDirectedGraph } from 'graphology';
import { addLargeBranches, addLargeNodes, HIT_COLOUR, startPositions } from './large-graph-data';
import { layoutInWorker } from './layout-in-worker';
import { holdRenders } from './sigma-hold';
import { nextTask } from './task-steps';
import { parkSigma, SIGMA_SETTINGS, takeSigma } from './warm-sigma';
import type { WarmSigma } from './warm-sigma';
import type { LargeEdge, LargeNode } from './large-graph-data';

/** How long ForceAtlas2 runs before it is stopped (ms). */
export const LAYOUT_MS = 4000;
/** Up to LIVE_LAYOUT_BRANCHES the drawing shows the layout settling: its positions so far this often (ms). */
export const LAYOUT_UPDATE_MS = 400;
const FADED = '#e3e7ed';
/** Above this many branches the layout runs before the drawing is built, not on it. */
export const LIVE_LAYOUT_BRANCHES = 4000;
/** Branches handed to graphology and sigma per task: sigma indexes each added edge alone (a partial refresh). */
export const BRANCHES_PER_TASK = 200;
/**
 * The same above LIVE_LAYOUT_BRANCHES, where the layout has already run: every frame in which branches were
 * added makes sigma process the whole graph again (its edgeAdded listener asks for it), so fewer, larger slices
 * mean fewer of those passes (50 slices of 200 for the 10^4 branches of a 5000-section ladder were up to 50); a
 * slice of 1000 was itself 80–90 ms at load 8, one of 500 about half that.
 */
export const SETTLED_BRANCHES_PER_TASK = 500;
/** Nodes handed to sigma per task (its renders held meanwhile). */
export const NODES_PER_TASK = 500;

interface Live {
  renderer?: Sigma<LargeNode, LargeEdge>;
  warm?: WarmSigma;
  /** Stops the layout's worker. */
  cancelLayout?: () => void;
  frame?: number;
}

let live: Live = {};
let generation = 0;

/** Stops the layout worker, the renderer and the redraw loop of the drawing on the page, if any. */
export function disposeLargeGraph(): void {
  generation++;
  if (live.frame !== undefined) cancelAnimationFrame(live.frame);
  live.cancelLayout?.();
  if (live.warm !== undefined) parkSigma(live.warm);
  live = {};
}

export function renderLargeGraph(host: HTMLElement, g: PackedGraph): void {
  disposeLargeGraph();
  const mine = generation;
  const graph = new MultiDirectedGraph<LargeNode, LargeEdge>();
  const hits = new Set<string>();
  const hitNodes = new Set<string>();
  const stage = el('div', { class: 'graph-stage', id: 'graph-stage', role: 'img', 'aria-label': `linear graph with ${nodeCount(g)} nodes and ${branchCount(g)} branches, force layout` });
  const note = el('p', { class: 'hint graph-drawing-note', id: 'graph-drawing-note' }, 'Laying out the graph…');
  const figure = el('figure', { class: 'graph-drawing', id: 'graph-drawing', 'data-layout': 'running', 'data-hits': 0 }, stage, note, graphLegend(classesPresent(g)));
  let redraw = () => {};
  let focus = (_: string) => {};
  renderGraphSummary(
    host,
    g,
    (ids) => {
      hits.clear();
      hitNodes.clear();
      for (const id of ids) {
        if (!graph.hasEdge(id)) continue;
        hits.add(id);
        const [s, t] = graph.extremities(id);
        hitNodes.add(s).add(t);
      }
      figure.dataset.hits = String(hits.size);
      redraw();
      if (hits.size > 0) focus(graph.source([...hits][0]));
    },
    figure,
  );

  const settle = (what: string) => {
    figure.dataset.layout = 'settled';
    note.textContent = what;
    redraw();
  };
  const drawnNote = () => (figure.dataset.renderer === 'webgl' ? 'Drawn with WebGL (sigma.js), ForceAtlas2 layout. Wheel to zoom, drag to pan.' : 'WebGL is not available in this browser: the graph is drawn on a 2D canvas instead (no zoom).');
  /** The branches into the drawn graph in slices of BRANCHES_PER_TASK, a task each (sigma indexes each as it comes). */
  const addBranches = async (perTask = BRANCHES_PER_TASK): Promise<boolean> => {
    const B = branchCount(g);
    for (let k = 0; k < B; k += perTask) {
      await nextTask();
      if (mine !== generation) return false;
      const t0 = performance.now();
      addLargeBranches(graph, g, k, k + perTask);
      performance.measure('sysgraph:branches', { start: t0 });
    }
    figure.dataset.branches = String(graph.size);
    return true;
  };
  /**
   * The renderer given the empty graph, then the nodes at these positions and the branches in slices, a task
   * each, without a render between them, then drawn in one render: a graph given whole to setGraph is indexed,
   * processed and rendered in one task (the 10^3 ladder's nodes 110–190 ms at load 13, the 5000 ladder's 81 ms at
   * load 8), and each render processes all nodes and their labels (80–120 ms a pass for 5001 nodes at load 13).
   * False when a newer answer took over.
   */
  const drawInSlices = async (at: { x: Float32Array; y: Float32Array }, branchesPerTask = BRANCHES_PER_TASK): Promise<boolean> => {
    const webgl = await startSigma();
    if (mine !== generation) return false;
    if (!webgl) startCanvas();
    const release = live.renderer ? holdRenders(live.renderer) : () => undefined;
    try {
      const N = nodeCount(g);
      for (let k = 0; k < N; k += NODES_PER_TASK) {
        await nextTask();
        if (mine !== generation) return false;
        const n0 = performance.now();
        addLargeNodes(graph, g, at, k, k + NODES_PER_TASK);
        performance.measure('sysgraph:nodes', { start: n0 });
      }
      return await addBranches(branchesPerTask);
    } finally {
      release();
    }
  };
  const start = async () => {
    const B = branchCount(g);
    if (B > LIVE_LAYOUT_BRANCHES) {
      // laid out first, drawn after: ForceAtlas2 runs for LAYOUT_MS in a worker of its own on the engine's packed
      // arrays (layout-in-worker.ts: no graphology graph on this thread for the layout, no supervisor spawned
      // from a Blob, no positions per iteration); its final positions go into the drawn graph as its nodes are
      // added, before sigma sees it, so sigma processes the graph once, never as a whole again
      const { inferSettings } = await import('graphology-layout-forceatlas2');
      if (mine !== generation) return;
      const l0 = performance.now();
      const N = nodeCount(g);
      const { x, y } = startPositions(N);
      const run = layoutInWorker(x, y, g.from, g.to, { ...inferSettings(N), barnesHutOptimize: true, slowDown: 5 }, LAYOUT_MS);
      live.cancelLayout = run.cancel;
      performance.measure('sysgraph:layout-spawn', { start: l0 });
      let at: { x: Float32Array; y: Float32Array };
      try {
        const final = await run.result;
        at = final;
        figure.dataset.layoutIterations = String(final.iterations);
      } catch {
        at = startPositions(N);
        figure.dataset.layoutIterations = '0';
      }
      if (mine !== generation) return;
      live.cancelLayout = undefined;
      note.textContent = 'Drawing the graph…';
      if (!(await drawInSlices(at, SETTLED_BRANCHES_PER_TASK))) return;
      settle(drawnNote());
      return;
    }
    const { inferSettings } = await import('graphology-layout-forceatlas2');
    if (mine !== generation) return;
    const N = nodeCount(g);
    const start0 = startPositions(N);
    // the renderer first, built in idle time before the answer (warm-sigma.ts), given the graph in slices; then
    // the layout, whose positions so far come every LAYOUT_UPDATE_MS: each is one full processing of the drawing
    // by sigma (the library's supervisor moved the nodes every iteration, one such pass per frame for the
    // layout's 4 s)
    if (!(await drawInSlices(start0))) return;
    const move = (at: { x: Float32Array; y: Float32Array }) => {
      const p0 = performance.now();
      // graphology keeps the nodes in the order they were added: node index order
      let i = 0;
      graph.updateEachNodeAttributes((_, a) => {
        a.x = at.x[i];
        a.y = at.y[i];
        i++;
        return a;
      }, { attributes: ['x', 'y'] });
      performance.measure('sysgraph:layout-positions', { start: p0 });
    };
    const l0 = performance.now();
    const run = layoutInWorker(Float32Array.from(start0.x), Float32Array.from(start0.y), g.from, g.to, { ...inferSettings(N), barnesHutOptimize: N > 500, slowDown: 5 }, LAYOUT_MS, (r) => mine === generation && move(r), LAYOUT_UPDATE_MS);
    live.cancelLayout = run.cancel;
    performance.measure('sysgraph:layout-spawn', { start: l0 });
    try {
      const final = await run.result;
      if (mine !== generation) return;
      move(final);
      figure.dataset.layoutIterations = String(final.iterations);
    } catch {
      // no worker: the drawing stays at its start positions
      if (mine !== generation) return;
      figure.dataset.layoutIterations = '0';
    }
    live.cancelLayout = undefined;
    settle(drawnNote());
  };

  const startSigma = async (): Promise<boolean> => {
    const warm = await takeSigma();
    if (warm === undefined) return false;
    if (mine !== generation) {
      warm.renderer.kill();
      return true;
    }
    try {
      const { renderer, container } = warm;
      container.classList.remove('graph-sigma-parked');
      container.style.width = '';
      stage.appendChild(container);
      renderer.setSettings({
        ...SIGMA_SETTINGS,
        nodeReducer: (node, data) => (hits.size === 0 ? data : hitNodes.has(node) ? { ...data, color: HIT_COLOUR, size: 6, forceLabel: true, zIndex: 2 } : { ...data, color: FADED, label: null }),
        edgeReducer: (edge, data) => (hits.size === 0 ? data : hits.has(edge) ? { ...data, color: HIT_COLOUR, size: 4, zIndex: 2 } : { ...data, color: FADED }),
      });
      const t0 = performance.now();
      renderer.setGraph(graph);
      renderer.resize();
      performance.measure('sysgraph:sigma-set-graph', { start: t0 });
      live.renderer = renderer;
      live.warm = warm;
      figure.dataset.renderer = 'webgl';
      redraw = () => renderer.refresh({ skipIndexation: true });
      focus = (node) => {
        const d = renderer.getNodeDisplayData(node);
        if (d) void renderer.getCamera().animate({ x: d.x, y: d.y, ratio: 0.25 }, { duration: 300 });
      };
      return true;
    } catch {
      warm.renderer.kill();
      warm.container.remove();
      return false;
    }
  };

  const startCanvas = () => {
    stage.replaceChildren();
    const canvas = el('canvas', { class: 'graph-canvas' });
    stage.appendChild(canvas);
    figure.dataset.renderer = 'canvas';
    note.textContent = 'WebGL is not available in this browser: the graph is drawn on a 2D canvas instead (no zoom). Laying out…';
    redraw = () => drawGraphCanvas(canvas, graph, hits);
    const loop = () => {
      redraw();
      if (figure.dataset.layout === 'running') live.frame = requestAnimationFrame(loop);
    };
    live.frame = requestAnimationFrame(loop);
  };

  void start();
}
