/**
 * The WebGL probe's worker: whether an OffscreenCanvas gives a WebGL 2 (or 1) context. Creating the first WebGL
 * context starts the browser's GPU process (with a software rasteriser, SwiftShader, about a second): done here,
 * that wait is off the page's main thread, and the page's own contexts come quickly afterwards.
 */
let ok = false;
try {
  if (typeof OffscreenCanvas !== 'undefined') {
    const c = new OffscreenCanvas(1, 1);
    const gl = (c.getContext('webgl2') ?? c.getContext('webgl')) as WebGLRenderingContext | null;
    ok = gl !== null;
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  }
} catch {
  ok = false;
}
postMessage(ok);
