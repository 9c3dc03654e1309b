/**
 * Initial conditions of a netlist (ngspice manual sections 3.2.5, 3.2.9 and 11.1.2):
 *   .ic v(node)=value …        → a node voltage (against ground) at t = 0
 *   Cname n+ n- value IC=v0    → the capacitor's voltage v(n+) − v(n−) at t = 0
 *   Lname n+ n- value IC=i0    → the inductor's current n+ → n− at t = 0
 * Read as data (SpiceNetlist.initial); what they mean (the DC operating point held at the `.ic` nodes, or the
 * start of a `.tran … uic`) is for the simulation to apply. Nodes are resolved once every card is read (a `.ic`
 * may stand before the cards that name its node). Cost: O(length of the card); resolving O(#entries).
 */
import { CLOSE, EQUALS, OPEN, fail, isChar, isWord, tokenText } from './netlist-context';
import type { NetlistContext } from './netlist-context';
import type { InitialConditions, NodeInitial } from './netlist-types';
import { parseSpiceNumber } from './spice-number';

const IC_EXPECTED = '.ic v(node)=value …';

/** `.ic v(node)=value …` (tokens first … last − 1): each entry is the six tokens v ( node ) = value. */
export function readIcCard(ctx: NetlistContext, first: number, last: number, line: number): void {
  let t = first + 1;
  if (t >= last) {
    fail(ctx, 'bad-netlist', line, '.ic names no node', { element: '.ic', field: 'node', expected: IC_EXPECTED });
    return;
  }
  while (t < last) {
    const shaped =
      t + 5 < last &&
      isWord(ctx, t, 'v') &&
      isChar(ctx, t + 1, OPEN) &&
      !isChar(ctx, t + 2, OPEN) &&
      !isChar(ctx, t + 2, CLOSE) &&
      isChar(ctx, t + 3, CLOSE) &&
      isChar(ctx, t + 4, EQUALS);
    if (!shaped) {
      fail(ctx, isWord(ctx, t, 'i') ? 'unsupported' : 'bad-netlist', line, `.ic: unexpected "${tokenText(ctx, t)}"`, {
        element: '.ic',
        field: 'node',
        expected: `${IC_EXPECTED} (inductor currents: IC= on the L card)`,
      });
      return;
    }
    const value = parseSpiceNumber(ctx.text, ctx.tokens.start[t + 5], ctx.tokens.end[t + 5]);
    if (!Number.isFinite(value)) {
      fail(ctx, 'bad-netlist', line, `.ic: "${tokenText(ctx, t + 5)}" is not a value`, { element: '.ic', field: tokenText(ctx, t + 2), expected: 'a number' });
      return;
    }
    ctx.ics.push({ node: t + 2, value, line });
    t += 6;
  }
}

/**
 * The tokens after a C or L card's value, when they are exactly `IC = value`: recorded, true. Anything else
 * returns false (the caller reports it as before).
 */
export function readInstanceIc(ctx: NetlistContext, id: string, t: number, last: number, line: number): boolean {
  if (t + 3 !== last || !isWord(ctx, t, 'ic') || !isChar(ctx, t + 1, EQUALS)) return false;
  const value = parseSpiceNumber(ctx.text, ctx.tokens.start[t + 2], ctx.tokens.end[t + 2]);
  if (!Number.isFinite(value)) {
    fail(ctx, 'bad-netlist', line, `${id}: IC="${tokenText(ctx, t + 2)}" is not a value`, { element: id, field: 'ic', expected: 'a number' });
    return true;
  }
  ctx.elementIcs.push({ element: id, value, line });
  return true;
}

/** The `.ic` nodes by name (an unknown node is 'bad-netlist' naming it; a node given twice keeps the last value). */
export function resolveInitialConditions(ctx: NetlistContext): InitialConditions {
  const byNode = new Map<string, NodeInitial>();
  for (const ic of ctx.ics) {
    const k = ctx.nodes.find(ctx.text, ctx.tokens.start[ic.node], ctx.tokens.end[ic.node]);
    if (k < 0) {
      fail(ctx, 'bad-netlist', ic.line, `.ic: no node "${tokenText(ctx, ic.node)}"`, {
        element: tokenText(ctx, ic.node),
        field: 'node',
        expected: 'a node of the circuit',
      });
      continue;
    }
    if (k === ctx.nodes.ground) {
      fail(ctx, 'bad-netlist', ic.line, `.ic: the ground node "${tokenText(ctx, ic.node)}" is at 0 V`, {
        element: tokenText(ctx, ic.node),
        field: 'node',
        expected: 'a node other than ground',
      });
      continue;
    }
    const node = ctx.nodes.names[k];
    byNode.delete(node);
    byNode.set(node, { node, value: ic.value, line: ic.line });
  }
  return { nodes: [...byNode.values()], elements: ctx.elementIcs.slice() };
}
