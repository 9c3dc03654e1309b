/**
 * readSpiceNetlist: the text of a SPICE netlist (SPICE3 / ngspice syntax, the subset in ./README.md) → the
 * validated SystemDescription that parseSystem gives for the same circuit written as JSON, with the analysis
 * cards as data (SpiceNetlist). One scan of the text (scan-netlist.ts), one pass over the cards that builds the
 * description's elements directly (no JSON objects in between), then the whole-netlist checks
 * (finish-description.ts). Every error is a SysgraphError naming the line (`path: "line N"`), the element and the
 * field; several are thrown together as SysgraphErrors. Cost: O(text length) (plus O(#ids log) nowhere: ids and
 * nodes are hashed once, case-insensitively).
 */
import { SysgraphError } from '@sysgraph/core';
import { ErrorList } from '../error-list';
import { createExpressionParser } from '../expression';
import type { ExpressionParser } from '../expression';
import { FoldedNames } from './folded-names';
import { NetlistBranches } from './netlist-branches';
import { finishDescription } from './finish-description';
import { fail, tokenText } from './netlist-context';
import type { NetlistContext } from './netlist-context';
import { NetlistNodes } from './netlist-nodes';
import type { ReadNetlistOptions, SpiceNetlist } from './netlist-types';
import { readDotCard } from './read-dot-card';
import { CAPACITOR, INDUCTOR, RESISTOR, readMutualCard, readOnePortCard } from './read-element-card';
import { readSourceCard } from './read-source-card';
import { RecentValues } from './recent-values';
import { scanNetlist } from './scan-netlist';

/** Device letters of SPICE that have no element kind in the description. */
const UNSUPPORTED_DEVICES: Readonly<Record<string, string>> = {
  e: 'voltage-controlled voltage source',
  f: 'current-controlled current source',
  g: 'voltage-controlled current source',
  h: 'current-controlled voltage source',
  b: 'behavioural source',
  d: 'diode',
  q: 'bipolar transistor',
  j: 'JFET',
  m: 'MOSFET',
  z: 'MESFET',
  s: 'voltage-controlled switch',
  w: 'current-controlled switch',
  t: 'lossless transmission line',
  o: 'lossy transmission line',
  u: 'RC line',
  y: 'transmission line',
  x: 'subcircuit instance',
  a: 'XSPICE code model',
  n: 'OSDI device',
  p: 'coupled transmission line',
};
const CONTROLLED = 'efgh';

let shared: ExpressionParser | undefined;

export function readSpiceNetlist(text: string, options: ReadNetlistOptions = {}): SpiceNetlist {
  if (typeof text !== 'string') {
    throw new SysgraphError('bad-netlist', 'the netlist is not text', { expected: 'the netlist as a string' });
  }
  const name = options.name ?? 'system';
  const groundName = options.ground ?? '0';
  for (const [field, value, max] of [['name', name, 200], ['ground', groundName, 200]] as const) {
    if (typeof value !== 'string' || value.length < 1 || value.length > max) {
      throw new SysgraphError('bad-option', `readSpiceNetlist: ${field} must be a string of 1 to ${max} characters`, {
        field,
        expected: `a string of 1 to ${max} characters`,
      });
    }
  }
  shared ??= options.expressions === undefined ? createExpressionParser() : undefined;
  const tokens = scanNetlist(text);
  const ctx: NetlistContext = {
    text,
    tokens,
    errors: new ErrorList(),
    nodes: new NetlistNodes(groundName),
    ids: new FoldedNames(tokens.cardCount),
    idClass: [],
    idLine: [],
    expressions: options.expressions ?? (shared as ExpressionParser),
    numbers: new Map(),
    values: new RecentValues(),
    branches: new NetlistBranches(),
    oneports: [],
    sources: [],
    branchId: [],
    branchNodes: [],
    waveforms: [],
    probes: [],
    mutuals: [],
    options: new Map(),
    tran: undefined,
    from: -1,
    to: -1,
  };
  for (const p of tokens.problems) {
    if (p.what === 'orphan-continuation') {
      fail(ctx, 'bad-netlist', p.line, 'a continuation line (+) with no card before it', { field: 'continuation', expected: 'a card before the + line' });
    } else {
      fail(ctx, 'bad-netlist', p.line, '.control without .endc', { element: '.control', expected: '.endc closing the .control block' });
    }
  }
  const title = tokens.title;
  if (title.length > 500) {
    fail(ctx, 'bad-netlist', 1, 'the title line is longer than 500 characters', { field: 'title', expected: 'a title of at most 500 characters' });
  }

  const { cardStart, line } = tokens;
  for (let c = 0; c < tokens.cardCount; c++) {
    const first = cardStart[c];
    const last = cardStart[c + 1];
    readCard(ctx, first, last, line[first]);
  }
  const finished = finishDescription(ctx, name, title);
  const netlist: { -readonly [K in keyof SpiceNetlist]: SpiceNetlist[K] } = {
    description: finished.description,
    title,
    waveforms: finished.waveforms,
    signals: finished.signals,
    options: ctx.options,
  };
  if (ctx.tran !== undefined) netlist.tran = ctx.tran;
  return netlist;
}

/** One card, by its first character (case-insensitive). */
function readCard(ctx: NetlistContext, first: number, last: number, line: number): void {
  const c = ctx.text.charCodeAt(ctx.tokens.start[first]) | 0x20;
  if (c === 0x72 /* r */) readOnePortCard(ctx, RESISTOR, first, last, line);
  else if (c === 0x63 /* c */) readOnePortCard(ctx, CAPACITOR, first, last, line);
  else if (c === 0x6c /* l */) readOnePortCard(ctx, INDUCTOR, first, last, line);
  else if (c === 0x76 /* v */) readSourceCard(ctx, 'v', first, last, line);
  else if (c === 0x69 /* i */) readSourceCard(ctx, 'i', first, last, line);
  else if (c === 0x6b /* k */) readMutualCard(ctx, first, last, line);
  else if (c === 0x2e /* . */) readDotCard(ctx, first, last, line);
  else {
    const word = tokenText(ctx, first);
    const letter = String.fromCharCode(c);
    const device = c >= 0x61 && c <= 0x7a ? UNSUPPORTED_DEVICES[letter] : undefined;
    if (device !== undefined) {
      fail(ctx, 'unsupported', line, `${word}: ${device}s are not supported`, {
        element: word,
        field: 'kind',
        expected: CONTROLLED.includes(letter)
          ? 'R, L, C, K, V or I (the description has no controlled sources)'
          : 'R, L, C, K, V or I (the element kinds of the description)',
      });
    } else {
      fail(ctx, 'bad-netlist', line, `"${word}" is not an element or a dot card`, {
        element: word,
        field: 'kind',
        expected: 'a card starting with R, L, C, K, V, I or .',
      });
    }
  }
}
