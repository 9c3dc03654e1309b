/**
 * renderLargeGraph: a linear graph above LARGE_GRAPH branches, drawn by sigma.js (WebGL, on graphology) with a
 * ForceAtlas2 layout (Jacomy et al. 2014) that runs in a Web Worker (graphology-layout-forceatlas2/worker) for
 * LAYOUT_MS and then stops: the page stays responsive while the nodes settle. Tree branches in their class
 * colour, links thin and grey, state branches thick in the state colour (largeGraphData). The summary's search by
 * element id highlights the matching branches and moves the camera to the first.
 *
 * Without WebGL (no context, or sigma's constructor fails) the same graph and layout are drawn on a 2D canvas
 * (graph-canvas-fallback.ts) and a note says so. sigma and the layout are imported lazily: small graphs never
 * load them. The host records data-renderer (webgl | canvas) and data-layout (running | settled).
 *
 * Above LIVE_LAYOUT_BRANCHES the layout runs first, on a shadow graph (the same nodes and branches, no
 * attributes) that sigma does not listen to, and the drawn graph is built after it at the final positions:
 * every position update of a drawn graph makes sigma process all nodes and edges again (about 100–400 ms for
 * the 10^4 branches of a 5000-section ladder, measured), one long task per update — one per frame at first, then
 * one per second when the positions were copied every second (LAYOUT_SYNC_MS, removed). The cost: the drawing
 * appears once the layout has run (LAYOUT_MS), not while it settles.
 */
import type Sigma from 'sigma';
import type FA2Layout from 'graphology-layout-forceatlas2/worker';
import type { PackedGraph } from '../engine/protocol';
import { branchCount, classesPresent, nodeCount, nodeName } from '../engine/packed-graph';
import { el } from './dom';
import { graphLegend } from './graph-view';
import { renderGraphSummary } from './graph-summary';
import { drawGraphCanvas } from './graph-canvas-fallback';
import { MultiDirectedGraph } from 'graphology';
import { addLargeBranches, addLargeNodes, HIT_COLOUR } from './large-graph-data';
import { nextTask } from './task-steps';
import { parkSigma, SIGMA_SETTINGS, takeSigma } from './warm-sigma';
import type { WarmSigma } from './warm-sigma';
import type { LargeEdge, LargeNode } from './large-graph-data';

/** How long ForceAtlas2 runs before it is stopped (ms). */
export const LAYOUT_MS = 4000;
const FADED = '#e3e7ed';
/** Above this many branches the layout runs before the drawing is built, not on it. */
export const LIVE_LAYOUT_BRANCHES = 4000;
/** Branches handed to graphology and sigma per task: sigma indexes each added edge alone (a partial refresh). */
export const BRANCHES_PER_TASK = 200;

interface Live {
  renderer?: Sigma<LargeNode, LargeEdge>;
  warm?: WarmSigma;
  layout?: FA2Layout;
  frame?: number;
  timer?: ReturnType<typeof setTimeout>;
}

let live: Live = {};
let generation = 0;

/** Stops the layout worker, the renderer and the redraw loop of the drawing on the page, if any. */
export function disposeLargeGraph(): void {
  generation++;
  if (live.timer !== undefined) clearTimeout(live.timer);
  if (live.frame !== undefined) cancelAnimationFrame(live.frame);
  live.layout?.kill();
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
  const addBranches = async (): Promise<boolean> => {
    const B = branchCount(g);
    for (let k = 0; k < B; k += BRANCHES_PER_TASK) {
      await nextTask();
      if (mine !== generation) return false;
      addLargeBranches(graph, g, k, k + BRANCHES_PER_TASK);
    }
    figure.dataset.branches = String(graph.size);
    return true;
  };
  const start = async () => {
    const [{ default: Layout }, { inferSettings }] = await Promise.all([import('graphology-layout-forceatlas2/worker'), import('graphology-layout-forceatlas2')]);
    if (mine !== generation) return;
    addLargeNodes(graph, g);
    const B = branchCount(g);
    if (B > LIVE_LAYOUT_BRANCHES) {
      // laid out first, drawn after: the layout moves a shadow graph (nodes and branches, no attributes) for
      // LAYOUT_MS; its positions go into the drawn graph before sigma sees it, so sigma processes the graph
      // once, node by node and slice by slice, never as a whole again
      const shadow = new MultiDirectedGraph();
      graph.forEachNode((n, a) => void shadow.addNode(n, { x: a.x, y: a.y }));
      for (let k = 0; k < B; k += 4 * BRANCHES_PER_TASK) {
        await nextTask();
        if (mine !== generation) return;
        for (let j = k; j < Math.min(B, k + 4 * BRANCHES_PER_TASK); j++) shadow.addDirectedEdge(nodeName(g, g.from[j]), nodeName(g, g.to[j]));
      }
      const layout = new Layout(shadow, { settings: { ...inferSettings(shadow), barnesHutOptimize: true, slowDown: 5 } });
      live.layout = layout;
      await nextTask();
      if (mine !== generation) return;
      layout.start();
      await new Promise<void>((resolve) => (live.timer = setTimeout(resolve, LAYOUT_MS)));
      if (mine !== generation) return;
      layout.stop();
      graph.updateEachNodeAttributes((n, a) => ({ ...a, x: shadow.getNodeAttribute(n, 'x') as number, y: shadow.getNodeAttribute(n, 'y') as number }), { attributes: ['x', 'y'] });
      note.textContent = 'Drawing the graph…';
      await nextTask();
      if (mine !== generation) return;
      const webgl = await startSigma();
      if (mine !== generation) return;
      if (!webgl) startCanvas();
      if (!(await addBranches())) return;
      settle(drawnNote());
      return;
    }
    // the renderer first, built in idle time before the answer (warm-sigma.ts), given the nodes alone; then the
    // branches in slices; the layout moves the drawn graph, which sigma redraws every frame
    const webgl = await startSigma();
    if (mine !== generation) return;
    if (!webgl) startCanvas();
    if (!(await addBranches())) return;
    live.layout = new Layout(graph, { settings: { ...inferSettings(graph), barnesHutOptimize: graph.order > 500, slowDown: 5 } });
    // the supervisor's constructor spawns its worker (a Blob of the worker's source: 47 ms in a profile of the
    // grid); start() packs the graph into typed arrays and transfers them: a task each
    await nextTask();
    if (mine !== generation) return;
    live.layout.start();
    live.timer = setTimeout(() => {
      live.layout?.stop();
      settle(drawnNote());
    }, LAYOUT_MS);
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
      renderer.setGraph(graph);
      renderer.resize();
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
