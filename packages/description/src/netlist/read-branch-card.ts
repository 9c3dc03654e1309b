/**
 * The parts every element card shares: the name (the element's id: the description's identifier syntax, unique
 * without regard to case across the netlist, as SPICE names are) and the two nodes n+ n− (a branch from n+ to n−:
 * `from` = n+, `to` = n−, as parseSystem reads `from`/`to`). Cost: O(length of the tokens).
 */
import type { ElementClass } from '../raw-input';
import { fail, tokenText } from './netlist-context';
import type { NetlistContext } from './netlist-context';

const MAX_ID = 100;
const MAX_NODE = 200;

/** Identifier characters of the description's schema: [A-Za-z_À-ʯͰ-Ͽ][A-Za-z0-9_À-ʯͰ-Ͽ]*. */
function isIdentifierChar(c: number, first: boolean): boolean {
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95) return true;
  if (c >= 48 && c <= 57) return !first;
  return (c >= 0xc0 && c <= 0x2af) || (c >= 0x370 && c <= 0x3ff);
}

/** The id of the card's element (its first token), registered with its class; undefined after an error. */
export function readElementName(ctx: NetlistContext, t: number, cls: ElementClass, line: number): string | undefined {
  const { start, end } = ctx.tokens;
  const s = start[t];
  const e = end[t];
  let ok = e - s <= MAX_ID;
  for (let k = s; k < e && ok; k++) ok = isIdentifierChar(ctx.text.charCodeAt(k), k === s);
  if (!ok) {
    const id = tokenText(ctx, t);
    fail(ctx, 'bad-netlist', line, `"${id}" is not a usable element name`, {
      element: id,
      field: 'id',
      expected: `letters, digits and _ only (at most ${MAX_ID}), starting with the element letter`,
    });
    return undefined;
  }
  const k = ctx.ids.intern(ctx.text, s, e, line, cls);
  if (!ctx.ids.added) {
    const id = tokenText(ctx, t);
    fail(ctx, 'duplicate-id', line, `"${id}" is already the name of the element on line ${ctx.ids.lineOf(k)}`, {
      element: id,
      field: 'id',
      expected: 'element names unique (SPICE names ignore case)',
      elements: [ctx.ids.names[k]],
    });
    ctx.element = -1 - ctx.duplicates.length;
    ctx.duplicates.push(id);
    return id;
  }
  ctx.element = k;
  return ctx.ids.names[k];
}

/**
 * The nodes n+ n− of a two-terminal element (tokens t and t + 1 of a card ending before `last`), connected as one
 * branch and left in ctx.from, ctx.to; false after an error (missing node, self-loop).
 */
export function readTerminals(ctx: NetlistContext, t: number, last: number, id: string, line: number): boolean {
  const from = readNode(ctx, t, last, id, 'from', line);
  const to = readNode(ctx, t + 1, last, id, 'to', line);
  if (from < 0 || to < 0) return false;
  if (from === to) {
    const name = ctx.nodes.names[from];
    fail(ctx, 'self-loop', line, `${id}: the branch goes from node "${name}" to itself`, {
      element: id,
      field: 'to',
      expected: 'two different nodes',
      elements: [name],
    });
    return false;
  }
  ctx.nodes.connect(from, to);
  ctx.branchElement.push(ctx.element);
  ctx.branchNodes.push2(from, to);
  ctx.from = from;
  ctx.to = to;
  return true;
}

function readNode(ctx: NetlistContext, t: number, last: number, id: string, field: 'from' | 'to', line: number): number {
  const which = field === 'from' ? 'n+' : 'n-';
  if (t >= last) {
    fail(ctx, 'bad-netlist', line, `${id}: the node ${which} is missing`, { element: id, field, expected: `a node name (${which})` });
    return -1;
  }
  const s = ctx.tokens.start[t];
  const e = ctx.tokens.end[t];
  const c = ctx.text.charCodeAt(s);
  if (e - s > MAX_NODE || (e - s === 1 && (c === 40 || c === 41 || c === 61))) {
    fail(ctx, 'bad-netlist', line, `${id}: "${tokenText(ctx, t)}" is not a node name`, {
      element: id,
      field,
      expected: `a node name (${which}) of at most ${MAX_NODE} characters`,
    });
    return -1;
  }
  return ctx.nodes.id(ctx.text, s, e);
}
