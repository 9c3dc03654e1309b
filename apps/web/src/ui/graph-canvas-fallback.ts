/**
 * drawGraphCanvas: the large linear graph on a 2D canvas, for a browser without WebGL (where sigma.js cannot
 * run): every branch a line, every node a dot, in the colours of largeGraphData, fitted to the canvas; the
 * searched branches on top in the hit colour. O(N + B) per drawing; redrawn on each animation frame while the
 * layout moves. No zoom or hover: the search and the summary above stand in.
 */
import type { MultiDirectedGraph } from 'graphology';
import { HIT_COLOUR } from './large-graph-data';
import type { LargeEdge, LargeNode } from './large-graph-data';

export function drawGraphCanvas(canvas: HTMLCanvasElement, graph: MultiDirectedGraph<LargeNode, LargeEdge>, hits: ReadonlySet<string>): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const dpr = window.devicePixelRatio || 1;
  const w = canvas.clientWidth;
  const h = canvas.clientHeight;
  if (canvas.width !== Math.round(w * dpr)) canvas.width = Math.round(w * dpr);
  if (canvas.height !== Math.round(h * dpr)) canvas.height = Math.round(h * dpr);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  graph.forEachNode((_, a) => {
    x0 = Math.min(x0, a.x);
    x1 = Math.max(x1, a.x);
    y0 = Math.min(y0, a.y);
    y1 = Math.max(y1, a.y);
  });
  const m = 12;
  const k = Math.min((w - 2 * m) / (x1 - x0 || 1), (h - 2 * m) / (y1 - y0 || 1));
  const ox = (w - k * (x1 - x0)) / 2;
  const oy = (h - k * (y1 - y0)) / 2;
  // graph y grows upwards (as in sigma), the canvas's downwards
  const px = (x: number) => ox + k * (x - x0);
  const py = (y: number) => h - (oy + k * (y - y0));
  const line = (e: string, colour: string, width: number) => {
    const [s, t] = graph.extremities(e);
    const a = graph.getNodeAttributes(s);
    const b = graph.getNodeAttributes(t);
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.beginPath();
    ctx.moveTo(px(a.x), py(a.y));
    ctx.lineTo(px(b.x), py(b.y));
    ctx.stroke();
  };
  graph.forEachEdge((e, a) => line(e, a.color, a.size));
  for (const e of hits) if (graph.hasEdge(e)) line(e, HIT_COLOUR, 4);
  graph.forEachNode((_, a) => {
    ctx.fillStyle = a.color;
    ctx.beginPath();
    ctx.arc(px(a.x), py(a.y), a.size, 0, 2 * Math.PI);
    ctx.fill();
  });
}
