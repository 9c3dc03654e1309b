/**
 * The description document as the drawing edits it: the parsed JSON object, changed only through the pure
 * functions below, each returning a new document (the old one stays intact for undo). The nodes of a
 * description are the ends of its elements (`from`, `to`, the two-ports' `ports[].from/to`), its `ground`
 * entries, and the nodes placed in the drawing, whose positions are kept in the free-form metadata as
 *   "meta": { "layout": { "nodes": { "<node>": { "x": <number>, "y": <number> } } } }
 * (schema: `meta` is a free-form object the parser ignores; docs/design-choices.md). A node placed but not yet
 * joined by an element lives only there.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
export interface Position {
  readonly x: number;
  readonly y: number;
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

export function elementsOf(doc: JsonObject): JsonObject[] {
  return Array.isArray(doc.elements) ? doc.elements.filter(isObject) : [];
}

/** The two ends of each branch an element contributes (one for a one-port, two for a two-port, none for a mutual). */
export function endsOf(e: JsonObject): { from: string; to: string; port?: number }[] {
  if (Array.isArray(e.ports)) {
    return e.ports.filter(isObject).flatMap((p, k) => (typeof p.from === 'string' && typeof p.to === 'string' ? [{ from: p.from, to: p.to, port: k }] : []));
  }
  return typeof e.from === 'string' && typeof e.to === 'string' ? [{ from: e.from, to: e.to }] : [];
}

export function groundsOf(doc: JsonObject): string[] {
  if (typeof doc.ground === 'string') return [doc.ground];
  return Array.isArray(doc.ground) ? doc.ground.filter((g): g is string => typeof g === 'string') : [];
}

export function layoutOf(doc: JsonObject): Map<string, Position> {
  const out = new Map<string, Position>();
  const nodes = isObject(doc.meta) && isObject(doc.meta.layout) && isObject(doc.meta.layout.nodes) ? doc.meta.layout.nodes : {};
  for (const [name, p] of Object.entries(nodes)) {
    if (isObject(p) && typeof p.x === 'number' && typeof p.y === 'number' && Number.isFinite(p.x) && Number.isFinite(p.y)) out.set(name, { x: p.x, y: p.y });
  }
  return out;
}

/** Every node, in order of first appearance: elements' ends, grounds, then nodes placed only in the drawing. */
export function nodesOf(doc: JsonObject): string[] {
  const seen = new Set<string>();
  for (const e of elementsOf(doc)) for (const b of endsOf(e)) (seen.add(b.from), seen.add(b.to));
  for (const g of groundsOf(doc)) seen.add(g);
  for (const n of layoutOf(doc).keys()) seen.add(n);
  return [...seen];
}

export function uniqueName(taken: Iterable<string>, prefix: string): string {
  const set = new Set(taken);
  for (let k = 1; ; k++) if (!set.has(`${prefix}${k}`)) return `${prefix}${k}`;
}

const copy = (doc: JsonObject): JsonObject => structuredClone(doc);

function layoutNodes(doc: JsonObject): JsonObject {
  if (!isObject(doc.meta)) doc.meta = {};
  const meta = doc.meta as JsonObject;
  if (!isObject(meta.layout)) meta.layout = {};
  const layout = meta.layout as JsonObject;
  if (!isObject(layout.nodes)) layout.nodes = {};
  return layout.nodes as JsonObject;
}

const round = (v: number) => Math.round(v);

/** Positions written for the given nodes (all drawn positions on the first edit, so the picture stays put). */
export function withPositions(doc: JsonObject, positions: ReadonlyMap<string, Position>): JsonObject {
  const d = copy(doc);
  const nodes = layoutNodes(d);
  for (const [name, p] of positions) nodes[name] = { x: round(p.x), y: round(p.y) };
  return d;
}

export function addNode(doc: JsonObject, at: Position, name = uniqueName(nodesOf(doc), 'n')): { doc: JsonObject; name: string } {
  return { doc: withPositions(doc, new Map([[name, at]])), name };
}

export function moveNode(doc: JsonObject, name: string, to: Position): JsonObject {
  return withPositions(doc, new Map([[name, to]]));
}

/** Renames a node everywhere: element ends, ports, grounds, layout. */
export function renameNode(doc: JsonObject, from: string, to: string): JsonObject {
  const d = copy(doc);
  const swap = (v: Json | undefined) => (v === from ? to : v);
  for (const e of elementsOf(d)) {
    if (typeof e.from === 'string') e.from = swap(e.from) as string;
    if (typeof e.to === 'string') e.to = swap(e.to) as string;
    if (Array.isArray(e.ports)) for (const p of e.ports.filter(isObject)) (p.from = swap(p.from) as Json, p.to = swap(p.to) as Json);
  }
  if (typeof d.ground === 'string') d.ground = swap(d.ground) as string;
  else if (Array.isArray(d.ground)) d.ground = d.ground.map((g) => swap(g) as Json);
  const nodes = layoutNodes(d);
  if (from in nodes) {
    const entries = Object.entries(nodes).map(([k, v]) => [k === from ? to : k, v] as const);
    for (const k of Object.keys(nodes)) delete nodes[k];
    for (const [k, v] of entries) nodes[k] = v;
  }
  return d;
}

/** Marks a node as a ground (a reference node of its component) or not. */
export function setGround(doc: JsonObject, name: string, ground: boolean): JsonObject {
  if (groundsOf(doc).includes(name) === ground) return doc;
  const d = copy(doc);
  const list = groundsOf(d).filter((g) => g !== name);
  if (ground) list.push(name);
  if (list.length === 0) delete d.ground;
  else d.ground = list;
  return d;
}

export function addElement(doc: JsonObject, element: JsonObject): JsonObject {
  const d = copy(doc);
  if (!Array.isArray(d.elements)) d.elements = [];
  (d.elements as Json[]).push(structuredClone(element));
  return d;
}

/** Replaces the element of the given id (its position in the list kept); a new id is carried into outputs and mutuals. */
export function replaceElement(doc: JsonObject, id: string, element: JsonObject): JsonObject {
  const d = copy(doc);
  const list = Array.isArray(d.elements) ? (d.elements as Json[]) : [];
  const k = list.findIndex((e) => isObject(e) && e.id === id);
  if (k < 0) return d;
  list[k] = structuredClone(element);
  const newId = element.id;
  if (typeof newId === 'string' && newId !== id) renameReferences(d, id, newId);
  return d;
}

function renameReferences(d: JsonObject, from: string, to: string): void {
  for (const o of Array.isArray(d.outputs) ? d.outputs.filter(isObject) : []) if (o.element === from) o.element = to;
  for (const e of elementsOf(d)) if (Array.isArray(e.between)) e.between = e.between.map((x) => (x === from ? to : x));
}

/** Removes an element and what refers to it (outputs, mutual inductances between it and another). */
export function deleteElement(doc: JsonObject, id: string): JsonObject {
  const d = copy(doc);
  if (Array.isArray(d.elements)) d.elements = d.elements.filter((e) => !(isObject(e) && (e.id === id || (Array.isArray(e.between) && e.between.includes(id)))));
  if (Array.isArray(d.outputs)) d.outputs = d.outputs.filter((o) => !(isObject(o) && o.element === id));
  return d;
}

/** Removes a node with every element that touches it, its ground mark and its position. */
export function deleteNode(doc: JsonObject, name: string): JsonObject {
  let d: JsonObject = doc;
  for (const e of elementsOf(doc)) if (typeof e.id === 'string' && endsOf(e).some((b) => b.from === name || b.to === name)) d = deleteElement(d, e.id);
  d = setGround(d, name, false);
  const nodes = layoutNodes(d);
  delete nodes[name];
  return d;
}
