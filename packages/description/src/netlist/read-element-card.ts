/**
 * R, L, C and K cards (ngspice manual sections 3.2.1, 3.2.5, 3.2.9, 3.2.12):
 *   Rname n+ n- value      → resistor  (D-type, R = value)
 *   Cname n+ n- value      → capacitor (A-type, C = value)
 *   Lname n+ n- value      → inductor  (T-type, L = value)
 *   Kname Lname1 Lname2 k  → mutual-inductance with coupling k (M = k·sqrt(L1·L2))
 * exactly as parseSystem reads { id, kind, from: n+, to: n-, value } (read-one-port.ts) and
 * { id, kind: "mutual-inductance", between, coupling } (read-mutual.ts). `IC=value` after a C or L value is an
 * initial condition (read-ic-card.ts); other instance parameters (m=, tc1=, temp=, a model name) are not part
 * of the description: typed errors. Cost: O(length of the card).
 */
import { elementKind } from '../kinds';
import type { ElementKindInfo } from '../kinds';
import { COUPLING, ONE_PORT_BRANCH } from './netlist-branches';
import { EQUALS, fail, isChar, numberExpression, tokenText } from './netlist-context';
import type { NetlistContext } from './netlist-context';
import { readElementName, readTerminals } from './read-branch-card';
import { readInstanceIc } from './read-ic-card';
import { parseSpiceNumber } from './spice-number';

type OnePortInfo = Extract<ElementKindInfo, { family: 'one-port' }>;
export const RESISTOR = elementKind('resistor') as OnePortInfo;
export const CAPACITOR = elementKind('capacitor') as OnePortInfo;
export const INDUCTOR = elementKind('inductor') as OnePortInfo;

export const NUMBER_EXPECTED = 'a number, with an optional scale factor (f p n u m k meg g t mil) and unit letters';

/** An R, C or L card (tokens first … last − 1) of the kind `info`. */
export function readOnePortCard(ctx: NetlistContext, info: OnePortInfo, first: number, last: number, line: number): void {
  const id = readElementName(ctx, first, info.type, line);
  if (id === undefined) return;
  const connected = readTerminals(ctx, first + 1, last, id, line);
  const t = first + 3;
  if (t >= last) {
    fail(ctx, 'bad-netlist', line, `${id}: the value is missing`, { element: id, field: 'value', expected: NUMBER_EXPECTED });
    return;
  }
  const x = ctx.values.number(ctx.text, ctx.tokens.codes, ctx.tokens.start[t], ctx.tokens.end[t]);
  if (Number.isNaN(x)) {
    fail(ctx, 'bad-netlist', line, `${id}: "${tokenText(ctx, t)}" is not a value`, { element: id, field: 'value', expected: NUMBER_EXPECTED });
    return;
  }
  if (t + 1 < last && (info === RESISTOR || !readInstanceIc(ctx, id, t + 1, last, line))) {
    rejectExtra(ctx, id, t + 1, last, line);
    return;
  }
  if (!(x > 0)) {
    fail(ctx, 'non-positive-value', line, `${id}: ${info.kind} needs a positive value, got ${x}`, {
      element: id,
      field: 'value',
      expected: 'a value > 0',
      elements: [],
    });
    return;
  }
  if (!connected) return;
  // Generalised value: C, L and R are the values themselves (mapping 'direct'), value and userValue one object.
  let value = ctx.values.expression();
  if (value === undefined) {
    value = numberExpression(ctx, x);
    ctx.values.remember(value);
  }
  const names = ctx.nodes.names;
  ctx.branches.add(ONE_PORT_BRANCH, ctx.from, ctx.to);
  ctx.oneports.push({
    id,
    kind: info.kind,
    type: info.type,
    domain: 'electrical',
    from: names[ctx.from],
    to: names[ctx.to],
    value,
    userValue: value,
  });
}

/** A K card: Kname L1 L2 k. The inductors are looked up once every card is read. */
export function readMutualCard(ctx: NetlistContext, first: number, last: number, line: number): void {
  const id = readElementName(ctx, first, 'mutual', line);
  if (id === undefined) return;
  if (first + 3 >= last) {
    const field = first + 1 >= last ? 'between[0]' : first + 2 >= last ? 'between[1]' : 'coupling';
    fail(ctx, 'bad-netlist', line, `${id}: expected K${'name'} L1 L2 k`, {
      element: id,
      field,
      expected: 'two inductor names and the coupling coefficient k',
    });
    return;
  }
  const t = first + 3;
  const k = parseSpiceNumber(ctx.text, ctx.tokens.start[t], ctx.tokens.end[t]);
  if (Number.isNaN(k)) {
    fail(ctx, 'bad-netlist', line, `${id}: "${tokenText(ctx, t)}" is not a coupling coefficient`, {
      element: id,
      field: 'coupling',
      expected: NUMBER_EXPECTED,
    });
    return;
  }
  if (t + 1 < last) {
    rejectExtra(ctx, id, t + 1, last, line);
    return;
  }
  ctx.branches.add(COUPLING);
  ctx.mutuals.push({ id, first: first + 1, second: first + 2, value: numberExpression(ctx, k), line });
}

/** Tokens after the value: an instance parameter (name = value) is unsupported, anything else malformed. */
export function rejectExtra(ctx: NetlistContext, id: string, t: number, last: number, line: number): void {
  const word = tokenText(ctx, t).toLowerCase();
  if (t + 1 < last && isChar(ctx, t + 1, EQUALS)) {
    fail(ctx, 'unsupported', line, `${id}: the instance parameter "${word}" is not supported`, {
      element: id,
      field: word,
      expected: word === 'ic' ? 'IC=value alone after the value, on a C or L card' : 'no instance parameters (IC=value on C and L cards)',
    });
  } else {
    fail(ctx, 'bad-netlist', line, `${id}: unexpected "${tokenText(ctx, t)}" after the value`, {
      element: id,
      field: 'value',
      expected: 'nothing after the value (models and instance parameters are not supported)',
    });
  }
}
