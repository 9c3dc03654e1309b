/**
 * probeWebGL: whether the page can draw with WebGL, found without blocking the main thread. A worker creates the
 * first context (webgl-probe-worker.ts: that starts the GPU process, slow on a software rasteriser); its yes is
 * the answer. Only when the worker cannot answer (no OffscreenCanvas WebGL, no module worker) is a context made on
 * the page and released at once: that check cost 115 ms of the main thread on a 10^3-section ladder, and a page
 * whose own context fails after a worker's yes is still caught, by sigma's constructor, which falls back to the
 * 2D canvas (large-graph-view.ts). Asked once per page; startWebGLProbe() is called at start-up, in idle time, so that a large
 * graph finds the answer ready.
 */
let probe: Promise<boolean> | undefined;

function onPage(): boolean {
  try {
    const c = document.createElement('canvas');
    const gl = (c.getContext('webgl2') ?? c.getContext('webgl')) as WebGLRenderingContext | null;
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    return gl !== null;
  } catch {
    return false;
  }
}

function inWorker(): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    try {
      const w = new Worker(new URL('../worker/webgl-probe-worker.ts', import.meta.url), { type: 'module', name: 'sysgraph-webgl-probe' });
      w.onmessage = (e: MessageEvent<boolean>) => {
        w.terminate();
        resolve(e.data);
      };
      w.onerror = () => {
        w.terminate();
        resolve(undefined);
      };
    } catch {
      resolve(undefined);
    }
  });
}

export function probeWebGL(): Promise<boolean> {
  // a worker's no (no OffscreenCanvas WebGL) is not the page's no: ask the page then
  probe ??= inWorker().then((worker) => worker === true || onPage()).catch(() => false);
  return probe;
}

/** Starts the probe when the page is idle (or after a moment where requestIdleCallback is missing). */
export function startWebGLProbe(): void {
  const go = () => void probeWebGL();
  if ('requestIdleCallback' in window) requestIdleCallback(go, { timeout: 2000 });
  else setTimeout(go, 500);
}
