/**
 * holdRenders: sigma.js asked not to render while a large graph's branches are added in slices. Each added edge
 * makes sigma (3.x) schedule a render that processes the whole graph again (its edgeAdded listener marks the
 * graph for processing), so slices in successive tasks cost a full pass over all nodes and edges in nearly every
 * frame between them, each pass reallocating its programs' buffers (the garbage collection of the 5000-section
 * ladder's profiles). Held, the slices only index their own edges and one render processes the whole graph at
 * the end. Mechanism: sigma schedules a render only when no frame is pending (`renderFrame`, a private field), so
 * a pending mark is set while held; release clears it and schedules the one render. A render called directly
 * (a search's refresh) still runs and clears the hold. If a later sigma drops the field, holding does nothing and
 * the slices render as before.
 */
const HELD = -1;

interface Pending {
  renderFrame: number | null;
}

/** Holds the renderer's scheduled renders; the function returned releases them and schedules one render. */
export function holdRenders(renderer: { scheduleRender(): unknown }): () => void {
  const r = renderer as unknown as Pending;
  if (!('renderFrame' in r) || r.renderFrame !== null) return () => undefined;
  r.renderFrame = HELD;
  return () => {
    if (r.renderFrame === HELD) r.renderFrame = null;
    renderer.scheduleRender();
  };
}
