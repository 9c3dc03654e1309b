/**
 * el / svg: build DOM nodes with attributes and children. Strings become text nodes (textContent), never
 * HTML: user names reach the page only this way or through KaTeX with escaped \text{} (tex.ts).
 */
export type Child = Node | string | number | null | undefined | false;

function append(node: Node, children: readonly Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Readonly<Record<string, string | number | boolean | undefined>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k.startsWith('on')) throw new Error(`el: event attributes are not allowed (${k})`);
    node.setAttribute(k, v === true ? '' : String(v));
  }
  append(node, children);
  return node;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Readonly<Record<string, string | number | undefined>> = {},
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined) continue;
    if (k.startsWith('on')) throw new Error(`svg: event attributes are not allowed (${k})`);
    node.setAttribute(k, String(v));
  }
  append(node, children);
  return node;
}

/** Replace all children of a node. */
export function replaceChildren(node: Element, ...children: Child[]): void {
  node.replaceChildren();
  append(node, children);
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`missing element #${id}`);
  return node as T;
}
