/**
 * What the card readers share while reading one netlist: the tokens, the node and id tables, the elements read so
 * far, the pending cross-references (waveforms that need `.tran`, probes, mutual couplings) and the error list;
 * with the token helpers and the error helper (every error names its line as `path: "line N"`).
 */
import type { SysgraphErrorCode, SysgraphErrorDetails } from '@sysgraph/core';
import type { ErrorList } from '../error-list';
import type { DiodeParameters } from './diode-model';
import type { ExpressionParser } from '../expression';
import type { Expression, OnePort, Source } from '../types';
import type { FoldedNames } from './folded-names';
import type { IntList } from './int-list';
import type { NetlistBranches } from './netlist-branches';
import type { NetlistNodes } from './netlist-nodes';
import type { ElementInitial, TranCard } from './netlist-types';
import type { RecentValues } from './recent-values';
import type { NetlistTokens } from './scan-netlist';

/** A source waveform waiting for `.tran` (PULSE and SIN defaults depend on tstep and tstop). */
export interface PendingWaveform {
  readonly id: string;
  readonly spice: 'pwl' | 'sin' | 'pulse';
  readonly arguments: number[];
  readonly line: number;
}

/** A `.save` / `.print` probe: v(node[, reference]) or i(element), as token numbers. */
export interface PendingProbe {
  readonly kind: 'v' | 'i';
  readonly first: number;
  readonly second: number; // −1 when absent
  readonly line: number;
}


/** A `.model` card: its name as written, its type (lower case) and, for a diode model, its parameters. */
export interface ModelCard {
  readonly name: string;
  readonly type: string;
  readonly diode?: DiodeParameters;
  readonly line: number;
}

/** A K card: the coupled inductors as token numbers, resolved once every id is known. */
export interface PendingMutual {
  readonly id: string;
  readonly first: number;
  readonly second: number;
  readonly value: Expression;
  readonly line: number;
}

/** A `.ic` entry: the node as a token number, resolved once every card is read. */
export interface PendingIc {
  readonly node: number;
  readonly value: number;
  readonly line: number;
}

export interface NetlistContext {
  readonly text: string;
  readonly tokens: NetlistTokens;
  /** The errors found so far (replaced once, to put the scanner's problems first). */
  errors: ErrorList;
  readonly nodes: NetlistNodes;
  /** Element ids as written, matched without regard to case; per id its class and line. */
  readonly ids: FoldedNames;
  /** The element being read: its ordinal, or −1 − k for the k-th duplicate name (set by readElementName). */
  element: number;
  /** The names of cards whose name was already taken, as written. */
  readonly duplicates: string[];
  readonly expressions: ExpressionParser;
  /** Value → Expression: repeated values share one (as withExpressionCache does on the JSON path). */
  readonly numbers: Map<number, Expression>;
  /** The values of the last few R, L, C cards, by spelling. */
  readonly values: RecentValues;
  /** Which list each element joins and its terminals, for SystemDescription.branchNumbering. */
  readonly branches: NetlistBranches;
  readonly oneports: OnePort[];
  readonly sources: Source[];
  /** Per two-terminal element, in order: its element (as ctx.element) and its two nodes (for the dangling-node
   *  check). */
  readonly branchElement: IntList;
  readonly branchNodes: IntList;
  readonly waveforms: PendingWaveform[];
  readonly probes: PendingProbe[];
  readonly mutuals: PendingMutual[];
  /** Per D card, four integers: its one-port (ctx.oneports[index], which gets its law once every `.model` card is
   *  read), its line, and the start and end of its model name in the text. */
  readonly diodes: IntList;
  /** `.model` cards by lower-case name. */
  readonly models: Map<string, ModelCard>;
  readonly options: Map<string, number | string | true>;
  /** `.ic v(node)=value` entries (read-ic-card.ts). */
  readonly ics: PendingIc[];
  /** `IC=` of C and L cards. */
  readonly elementIcs: ElementInitial[];
  tran: TranCard | undefined;
  /** The nodes of the element being read (set by readTerminals). */
  from: number;
  to: number;
}

/** The text of token t. */
export function tokenText(ctx: NetlistContext, t: number): string {
  return ctx.text.slice(ctx.tokens.start[t], ctx.tokens.end[t]);
}

/** Whether token t is the (lower-case) word, in any case. */
export function isWord(ctx: NetlistContext, t: number, word: string): boolean {
  const s = ctx.tokens.start[t];
  if (ctx.tokens.end[t] - s !== word.length) return false;
  for (let k = 0; k < word.length; k++) if ((ctx.text.charCodeAt(s + k) | 0x20) !== word.charCodeAt(k)) return false;
  return true;
}

/** Whether token t is the single character `c` (a parenthesis or `=`). */
export function isChar(ctx: NetlistContext, t: number, c: number): boolean {
  return ctx.tokens.end[t] - ctx.tokens.start[t] === 1 && ctx.text.charCodeAt(ctx.tokens.start[t]) === c;
}

export const OPEN = 40;
export const CLOSE = 41;
export const EQUALS = 61;

/** Records an error at a line: the message starts with "line N:", `path` is "line N". */
export function fail(
  ctx: NetlistContext,
  code: SysgraphErrorCode,
  line: number,
  message: string,
  details: Omit<SysgraphErrorDetails, 'path'> = {},
): void {
  ctx.errors.add(code, `line ${line}: ${message}`, { ...details, path: `line ${line}` });
}

/** The shared Expression of a number. */
export function numberExpression(ctx: NetlistContext, value: number): Expression {
  let e = ctx.numbers.get(value);
  if (e === undefined) {
    e = ctx.expressions.fromNumber(value);
    if (!Object.is(value, -0)) ctx.numbers.set(value, e);
  }
  return e;
}
