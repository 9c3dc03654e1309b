/**
 * warmSigma / takeSigma: a sigma.js renderer built in idle time on an empty graph, before any large answer
 * arrives, and handed to the next large drawing (large-graph-view.ts), which gives it its graph (setGraph) and
 * its container. Sigma's constructor creates its WebGL context and compiles its programs (about 130 ms on a
 * software rasteriser, measured by apps/web/scripts/profile-long-tasks.ts): paid here, between user actions,
 * that is not a task of the answer's. Built only when the WebGL probe says yes; one at a time; a taken
 * renderer is replaced in the next idle period. Without requestIdleCallback the renderer is built on demand.
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

async function build(): Promise<WarmSigma | undefined> {
  if (!(await probeWebGL())) return undefined;
  const { default: SigmaRenderer } = await import('sigma');
  const container = document.createElement('div');
  container.className = 'graph-sigma';
  try {
    return { renderer: new SigmaRenderer(new MultiDirectedGraph<LargeNode, LargeEdge>(), container, SIGMA_SETTINGS), container };
  } catch {
    return undefined;
  }
}

/** Builds a renderer for the next large drawing when the page is idle (nothing where requestIdleCallback is missing). */
export function warmSigma(): void {
  if (ready !== undefined || !('requestIdleCallback' in window)) return;
  requestIdleCallback(() => {
    ready ??= build().catch(() => undefined);
  }, { timeout: 5000 });
}

/** The renderer built in idle time (or a new one now), undefined without WebGL; another is warmed for the next drawing. */
export function takeSigma(): Promise<WarmSigma | undefined> {
  const taken = ready ?? build().catch(() => undefined);
  ready = undefined;
  void taken.then((w) => {
    if (w !== undefined) warmSigma();
  });
  return taken;
}
