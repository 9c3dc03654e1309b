/**
 * V and I cards (ngspice manual section 4.1):
 *   Vname n+ n- [[DC] value] [AC mag [phase]] [PWL(…) | SIN(…) | PULSE(…)]
 * → a voltage-source (E: v(n+) − v(n−) = u) or current-source (J: u flows from n+ through the source to n−), as
 * parseSystem reads { id, kind, from: n+, to: n- } (read-source.ts). A source with a transient waveform is an
 * input named by its id whose signal is the waveform (source-waveform.ts); any other source is the constant
 * value (DC; 0 when none is given, as in SPICE). AC values play no part in a transient and are skipped.
 * EXP, SFFM, AM and noise sources are 'unsupported'. Cost: O(length of the card).
 */
import { elementKind } from '../kinds';
import type { ElementKindInfo } from '../kinds';
import { SOURCE_BRANCH } from './netlist-branches';
import { CLOSE, OPEN, fail, isChar, isWord, numberExpression, tokenText } from './netlist-context';
import type { NetlistContext } from './netlist-context';
import { readElementName, readTerminals } from './read-branch-card';
import { NUMBER_EXPECTED } from './read-element-card';
import { parseSpiceNumber } from './spice-number';

type SourceInfo = Extract<ElementKindInfo, { family: 'source' }>;
const SOURCE = { v: elementKind('voltage-source') as SourceInfo, i: elementKind('current-source') as SourceInfo };
const WAVEFORMS = ['pwl', 'sin', 'sine', 'pulse'] as const;
const UNSUPPORTED_WAVEFORMS = new Set(['exp', 'sffm', 'am', 'trnoise', 'trrandom', 'pat', 'distof1', 'distof2']);

export function readSourceCard(ctx: NetlistContext, letter: 'v' | 'i', first: number, last: number, line: number): void {
  const info = SOURCE[letter];
  const id = readElementName(ctx, first, info.type, line);
  if (id === undefined) return;
  const connected = readTerminals(ctx, first + 1, last, id, line);
  const fromNode = ctx.from;
  const toNode = ctx.to;
  let dc: number | undefined;
  let waveform: { spice: 'pwl' | 'sin' | 'pulse'; args: number[] } | undefined;
  const number = (t: number) => parseSpiceNumber(ctx.text, ctx.tokens.start[t], ctx.tokens.end[t]);
  const bad = (t: number, field: string, expected: string) =>
    fail(ctx, 'bad-netlist', line, `${id}: unexpected "${t < last ? tokenText(ctx, t) : 'end of line'}"`, { element: id, field, expected });

  let t = first + 3;
  while (t < last) {
    if (isWord(ctx, t, 'dc')) {
      const x = t + 1 < last ? number(t + 1) : NaN;
      if (Number.isNaN(x) || dc !== undefined) return bad(t + 1, 'value', dc !== undefined ? 'one DC value' : NUMBER_EXPECTED);
      dc = x;
      t += 2;
    } else if (isWord(ctx, t, 'ac')) {
      t++;
      // AC mag [phase]: small-signal data, no part of a transient.
      for (let k = 0; k < 2 && t < last && !Number.isNaN(number(t)); k++) t++;
    } else if (WAVEFORMS.some((w) => isWord(ctx, t, w))) {
      if (waveform !== undefined) return bad(t, 'waveform', 'one transient waveform');
      const word = tokenText(ctx, t).toLowerCase();
      const spice = word === 'sine' ? 'sin' : (word as 'pwl' | 'sin' | 'pulse');
      const args: number[] = [];
      t++;
      const parenthesised = t < last && isChar(ctx, t, OPEN);
      if (parenthesised) t++;
      while (t < last && !(parenthesised && isChar(ctx, t, CLOSE))) {
        const x = number(t);
        if (Number.isNaN(x)) {
          if (!parenthesised) break;
          return bad(t, 'waveform', `${spice.toUpperCase()} arguments: ${NUMBER_EXPECTED}`);
        }
        args.push(x);
        t++;
      }
      if (parenthesised) {
        if (t >= last) return bad(t, 'waveform', `a closing parenthesis after the ${spice.toUpperCase()} arguments`);
        t++;
      }
      waveform = { spice, args };
    } else if (UNSUPPORTED_WAVEFORMS.has(tokenText(ctx, t).toLowerCase())) {
      const word = tokenText(ctx, t).toLowerCase();
      fail(ctx, 'unsupported', line, `${id}: the ${word.toUpperCase()} waveform is not supported`, {
        element: id,
        field: 'waveform',
        expected: 'a DC value, PWL(…), SIN(…) or PULSE(…)',
      });
      return;
    } else {
      const x = number(t);
      if (Number.isNaN(x) || dc !== undefined) return bad(t, 'value', dc !== undefined ? 'one DC value' : `DC, AC, PWL, SIN, PULSE or ${NUMBER_EXPECTED}`);
      dc = x;
      t++;
    }
  }
  if (!connected) return;
  const names = ctx.nodes.names;
  const from = names[fromNode];
  const to = names[toNode];
  ctx.branches.add(SOURCE_BRANCH, fromNode, toNode);
  if (waveform !== undefined) {
    // The waveform drives the transient (a DC value then only sets SPICE's operating point): an input named by the id.
    ctx.waveforms.push({ id, spice: waveform.spice, arguments: waveform.args, line });
    ctx.sources.push({ id, kind: info.kind, type: info.type, domain: 'electrical', from, to, input: id });
  } else {
    const constant = numberExpression(ctx, dc ?? 0);
    ctx.sources.push({ id, kind: info.kind, type: info.type, domain: 'electrical', from, to, input: id, constant });
  }
}
