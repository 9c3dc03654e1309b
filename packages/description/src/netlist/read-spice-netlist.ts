/**
 * readSpiceNetlist: the text of a SPICE netlist (SPICE3 / ngspice syntax, the subset in ./README.md) → the
 * validated SystemDescription that parseSystem gives for the same circuit written as JSON, with the analysis
 * cards as data (SpiceNetlist). One scan of the text (scan-netlist.ts) that hands each card over as it ends: a
 * plain one-line R, C, L or D card straight from the characters (read-one-port-line.ts), any other card as tokens;
 * the card readers build the description's elements directly (no JSON objects in between); then the
 * whole-netlist checks (finish-description.ts). Every error is a SysgraphError naming the line (`path: "line N"`), the element and the
 * field; several are thrown together as SysgraphErrors. Cost: O(text length): ids and nodes are
 * hashed once, case-insensitively, and the ids sorted by a radix sort.
 */
import { SysgraphError } from '@sysgraph/core';
import { ErrorList } from '../error-list';
import { createExpressionParser } from '../expression';
import type { ExpressionParser } from '../expression';
import { FoldedNames } from './folded-names';
import { IntList } from './int-list';
import { NetlistBranches } from './netlist-branches';
import { finishDescription } from './finish-description';
import { fail, tokenText } from './netlist-context';
import type { NetlistContext } from './netlist-context';
import { NetlistNodes } from './netlist-nodes';
import type { ReadNetlistOptions, SpiceNetlist } from './netlist-types';
import { readDiodeCard } from './read-diode-card';
import { readDotCard } from './read-dot-card';
import { CAPACITOR, INDUCTOR, RESISTOR, readMutualCard, readOnePortCard } from './read-element-card';
import { readIcCard, resolveInitialConditions } from './read-ic-card';
import { readOnePortLine } from './read-one-port-line';
import { readSourceCard } from './read-source-card';
import { RecentValues } from './recent-values';
import { NetlistTokens, scanNetlist } from './scan-netlist';

/** Device letters of SPICE that have no element kind in the description. */
const UNSUPPORTED_DEVICES: Readonly<Record<string, string>> = {
  e: 'voltage-controlled voltage source',
  f: 'current-controlled current source',
  g: 'voltage-controlled current source',
  h: 'current-controlled voltage source',
  b: 'behavioural source',
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
  return readNetlist(text, options, true);
}

/** readSpiceNetlist, with the one-line fast path for R, C, L and D cards or without it (every card through the
 *  tokens: the reference the fast path is tested against). */
export function readNetlist(text: string, options: ReadNetlistOptions, fastPath: boolean): SpiceNetlist {
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
  const tokens = new NetlistTokens(text);
  // Table sizes from the text: a card of a generated netlist takes about 20 characters, a node about 40.
  const cards = Math.ceil(text.length / 20);
  const ctx: NetlistContext = {
    text,
    tokens,
    errors: new ErrorList(),
    nodes: new NetlistNodes(groundName, cards >> 1),
    ids: new FoldedNames(cards),
    element: -1,
    duplicates: [],
    expressions: options.expressions ?? (shared as ExpressionParser),
    numbers: new Map(),
    values: new RecentValues(),
    branches: new NetlistBranches(cards),
    oneports: [],
    sources: [],
    branchElement: new IntList(cards),
    branchNodes: new IntList(2 * cards),
    waveforms: [],
    probes: [],
    mutuals: [],
    diodes: new IntList(),
    models: new Map(),
    options: new Map(),
    ics: [],
    elementIcs: [],
    tran: undefined,
    from: -1,
    to: -1,
  };
  scanNetlist(tokens, {
    card: (first, last, line) => readCard(ctx, first, last, line),
    line: fastPath ? (j, line) => readOnePortLine(ctx, j, line) : () => -1,
  });
  const title = tokens.title;
  if (tokens.problems.length > 0 || title.length > 500) {
    // The scanner's problems and the title come first, as they stand first in the netlist.
    const cardErrors = ctx.errors.errors.slice();
    ctx.errors = new ErrorList();
    for (const p of tokens.problems) {
      if (p.what === 'orphan-continuation') {
        fail(ctx, 'bad-netlist', p.line, 'a continuation line (+) with no card before it', { field: 'continuation', expected: 'a card before the + line' });
      } else {
        fail(ctx, 'bad-netlist', p.line, '.control without .endc', { element: '.control', expected: '.endc closing the .control block' });
      }
    }
    if (title.length > 500) {
      fail(ctx, 'bad-netlist', 1, 'the title line is longer than 500 characters', { field: 'title', expected: 'a title of at most 500 characters' });
    }
    for (const e of cardErrors) ctx.errors.addThrown(e);
  }
  const initial = resolveInitialConditions(ctx);
  const finished = finishDescription(ctx, name, title);
  const netlist: { -readonly [K in keyof SpiceNetlist]: SpiceNetlist[K] } = {
    description: finished.description,
    title,
    waveforms: finished.waveforms,
    signals: finished.signals,
    options: ctx.options,
    initial,
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
  else if (c === 0x64 /* d */) readDiodeCard(ctx, first, last, line);
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
          ? 'R, L, C, D, K, V or I (the description has no controlled sources)'
          : 'R, L, C, D, K, V or I (the element kinds of the description)',
      });
    } else {
      fail(ctx, 'bad-netlist', line, `"${word}" is not an element or a dot card`, {
        element: word,
        field: 'kind',
        expected: 'a card starting with R, L, C, D, K, V, I or .',
      });
    }
  }
}
