/**
 * Dot cards (ngspice manual chapters 2, 11 and 15): `.tran tstep tstop [tstart [tmax]] [uic]` → TranCard;
 * `.ic v(node)=value …` → initial conditions (read-ic-card.ts);
 * `.save` and `.print tran` probes v(node), v(node, reference), i(element) or a bare node name → outputs (`all`
 * adds none); `.options` / `.option` / `.opt` entries → data. (`.control … .endc` and `.end` are handled by the
 * scanner.) `.model NAME D(…)` → a diode model (read-model-card.ts). Other SPICE dot cards (.subckt, .param, .include, other analyses, …) are 'unsupported';
 * anything else 'bad-netlist'. Cost: O(length of the card).
 */
import { CLOSE, EQUALS, OPEN, fail, isChar, isWord, tokenText } from './netlist-context';
import type { NetlistContext } from './netlist-context';
import { NUMBER_EXPECTED } from './read-element-card';
import { readIcCard } from './read-ic-card';
import { readModelCard } from './read-model-card';
import { parseSpiceNumber } from './spice-number';

const UNSUPPORTED = new Set([
  '.subckt', '.ends', '.param', '.func', '.include', '.inc', '.lib', '.endl', '.nodeset', '.global',
  '.temp', '.op', '.ac', '.dc', '.tf', '.noise', '.disto', '.sens', '.pz', '.four', '.meas', '.measure', '.csparam',
  '.if', '.else', '.elseif', '.endif', '.width', '.plot', '.title', '.spinit',
]);

export function readDotCard(ctx: NetlistContext, first: number, last: number, line: number): void {
  const card = tokenText(ctx, first).toLowerCase();
  if (card === '.tran') readTran(ctx, first, last, line);
  else if (card === '.ic') readIcCard(ctx, first, last, line);
  else if (card === '.save') readProbes(ctx, first + 1, last, line, card);
  else if (card === '.print') {
    if (first + 1 < last && isWord(ctx, first + 1, 'tran')) readProbes(ctx, first + 2, last, line, card);
    else {
      fail(ctx, 'unsupported', line, `.print of an analysis other than tran is not supported`, {
        element: card,
        field: 'analysis',
        expected: '.print tran …',
      });
    }
  } else if (card === '.options' || card === '.option' || card === '.opt') readOptions(ctx, first + 1, last, line);
  else if (card === '.model') readModelCard(ctx, first, last, line);
  else if (UNSUPPORTED.has(card)) {
    fail(ctx, 'unsupported', line, `${card} is not supported`, {
      element: card,
      field: 'card',
      expected: 'R, L, C, D, K, V, I cards and .tran, .ic, .save, .print tran, .options, .model (diodes), .control … .endc, .end',
    });
  } else {
    fail(ctx, 'bad-netlist', line, `unknown card "${tokenText(ctx, first)}"`, {
      element: tokenText(ctx, first),
      field: 'card',
      expected: '.tran, .ic, .save, .print tran, .options, .model, .control … .endc or .end',
    });
  }
}

/** .tran tstep tstop [tstart [tmax]] [uic] */
function readTran(ctx: NetlistContext, first: number, last: number, line: number): void {
  const FIELDS = ['tstep', 'tstop', 'tstart', 'tmax'];
  const values: number[] = [];
  let uic = false;
  for (let t = first + 1; t < last; t++) {
    if (isWord(ctx, t, 'uic')) {
      uic = true;
      continue;
    }
    const x = parseSpiceNumber(ctx.text, ctx.tokens.start[t], ctx.tokens.end[t]);
    const field = FIELDS[values.length] ?? 'uic';
    if (Number.isNaN(x) || values.length === 4 || uic) {
      fail(ctx, 'bad-netlist', line, `.tran: unexpected "${tokenText(ctx, t)}"`, {
        element: '.tran',
        field,
        expected: field === 'uic' ? 'nothing after uic' : NUMBER_EXPECTED,
      });
      return;
    }
    values.push(x);
  }
  const [tstep, tstop, tstart = 0, tmax] = values;
  if (values.length < 2 || !(tstep > 0) || !(tstop > 0) || !(tstart >= 0 && tstart < tstop) || (tmax !== undefined && !(tmax > 0))) {
    fail(ctx, 'bad-netlist', line, `.tran needs tstep > 0 and tstop > 0 (tstart in [0, tstop), tmax > 0)`, {
      element: '.tran',
      field: values.length < 2 ? FIELDS[values.length] : !(tstep > 0) ? 'tstep' : !(tstop > 0) ? 'tstop' : !(tstart >= 0 && tstart < tstop) ? 'tstart' : 'tmax',
      expected: '.tran tstep tstop [tstart [tmax]] [uic], times in seconds',
    });
    return;
  }
  if (ctx.tran !== undefined) {
    fail(ctx, 'bad-netlist', line, `a second .tran card (the first is on line ${ctx.tran.line})`, {
      element: '.tran',
      expected: 'one .tran card',
    });
    return;
  }
  ctx.tran = tmax === undefined ? { tstep, tstop, tstart, uic, line } : { tstep, tstop, tstart, tmax, uic, line };
}

/** Probes: v(node), v(node, ref), i(element), a bare node name, or `all`. */
function readProbes(ctx: NetlistContext, t: number, last: number, line: number, card: string): void {
  while (t < last) {
    const isV = isWord(ctx, t, 'v');
    const isI = isWord(ctx, t, 'i');
    if ((isV || isI) && t + 1 < last && isChar(ctx, t + 1, OPEN)) {
      // v ( a [b] ) or i ( x ): the comma between a and b is a separator.
      const a = t + 2;
      let close = a;
      while (close < last && !isChar(ctx, close, CLOSE) && !isChar(ctx, close, OPEN)) close++;
      const count = close - a;
      if (close >= last || !isChar(ctx, close, CLOSE) || count < 1 || count > (isV ? 2 : 1)) {
        fail(ctx, 'bad-netlist', line, `${card}: malformed probe "${tokenText(ctx, t)}(…"`, {
          element: card,
          field: 'probe',
          expected: 'v(node), v(node, reference) or i(element)',
        });
        return;
      }
      ctx.probes.push({ kind: isV ? 'v' : 'i', first: a, second: count === 2 ? a + 1 : -1, line });
      t = close + 1;
    } else if (isWord(ctx, t, 'all')) {
      t++;
    } else if (isChar(ctx, t, OPEN) || isChar(ctx, t, CLOSE) || isChar(ctx, t, EQUALS) || ctx.text.charCodeAt(ctx.tokens.start[t]) === 64 /* @ */) {
      fail(ctx, 'unsupported', line, `${card}: the probe "${tokenText(ctx, t)}" is not supported`, {
        element: card,
        field: 'probe',
        expected: 'v(node), v(node, reference), i(element), a node name or all',
      });
      return;
    } else {
      ctx.probes.push({ kind: 'v', first: t, second: -1, line });
      t++;
    }
  }
}

/** .options name[=value] …: numbers (with scale factors) where they parse, else words; a bare name is true. */
function readOptions(ctx: NetlistContext, t: number, last: number, line: number): void {
  while (t < last) {
    if (isChar(ctx, t, EQUALS) || isChar(ctx, t, OPEN) || isChar(ctx, t, CLOSE)) {
      fail(ctx, 'bad-netlist', line, `.options: unexpected "${tokenText(ctx, t)}"`, { element: '.options', field: 'option', expected: 'name or name=value' });
      return;
    }
    const name = tokenText(ctx, t).toLowerCase();
    if (t + 1 < last && isChar(ctx, t + 1, EQUALS)) {
      if (t + 2 >= last || isChar(ctx, t + 2, EQUALS)) {
        fail(ctx, 'bad-netlist', line, `.options: ${name}= has no value`, { element: '.options', field: name, expected: 'name=value' });
        return;
      }
      const x = parseSpiceNumber(ctx.text, ctx.tokens.start[t + 2], ctx.tokens.end[t + 2]);
      ctx.options.set(name, Number.isNaN(x) ? tokenText(ctx, t + 2) : x);
      t += 3;
    } else {
      ctx.options.set(name, true);
      t++;
    }
  }
}
