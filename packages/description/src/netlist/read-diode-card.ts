/**
 * D cards (ngspice manual section 7.1): `Dname n+ n- MODEL` → a `resistor` (D-type) from n+ (anode) to n−
 * (cathode) whose law, through = IS·(exp(v/(N·Vt)) − 1), comes from the diode model (diode-model.ts). The model
 * may be defined before or after the card: the law is filled in once every card is read (resolveDiodes). The
 * area factor, `off` and instance parameters (ic=, m=, temp=, …) are `unsupported`.
 * Cost: O(length of the card); one law read per model (diodes of one model share it).
 */
import { readLaw } from '../read-law';
import type { Law, Expression, OnePort } from '../types';
import { diodeLawText } from './diode-model';
import type { DiodeParameters } from './diode-model';
import { ONE_PORT_BRANCH } from './netlist-branches';
import { EQUALS, fail, isChar, numberExpression, tokenText } from './netlist-context';
import type { NetlistContext } from './netlist-context';
import { readElementName, readTerminals } from './read-branch-card';
import { RESISTOR } from './read-element-card';

/** A D card (tokens first … last − 1). */
export function readDiodeCard(ctx: NetlistContext, first: number, last: number, line: number): void {
  const id = readElementName(ctx, first, RESISTOR.type, line);
  if (id === undefined) return;
  const connected = readTerminals(ctx, first + 1, last, id, line);
  const t = first + 3;
  if (t >= last || isChar(ctx, t, EQUALS)) {
    fail(ctx, 'bad-netlist', line, `${id}: the model name is missing`, { element: id, field: 'model', expected: 'Dname n+ n- MODEL, with .model MODEL D(IS=… N=…)' });
    return;
  }
  if (t + 1 < last) {
    const word = tokenText(ctx, t + 1).toLowerCase();
    const parameter = t + 2 < last && isChar(ctx, t + 2, EQUALS);
    fail(ctx, 'unsupported', line, `${id}: ${parameter ? `the instance parameter "${word}"` : word === 'off' ? '"off"' : `the area factor "${word}"`} is not supported`, {
      element: id,
      field: parameter ? word : word === 'off' ? 'off' : 'area',
      expected: 'Dname n+ n- MODEL and nothing after the model name',
    });
    return;
  }
  if (!connected) return;
  ctx.branches.add(ONE_PORT_BRANCH, ctx.from, ctx.to);
  const names = ctx.nodes.names;
  enterDiode(ctx, id, ctx.tokens.start[t], ctx.tokens.end[t], line, names[ctx.from], names[ctx.to]);
}

/** A diode's one-port as a law element: `law` and `value` are filled in by resolveDiodes. */
type DiodeOnePort = { -readonly [K in keyof OnePort]: OnePort[K] };

/**
 * The one-port of a D card, a stand-in until its model is known (value 1, law undefined), and its pending diode
 * (the model name as the range text[modelStart, modelEnd), read once every card is); the fields in the order of
 * the finished element, so that resolveDiodes fills them in place (an unresolved diode is an error: no stand-in
 * leaves the reader). One implementation for the card and its fast path.
 */
export function enterDiode(ctx: NetlistContext, id: string, modelStart: number, modelEnd: number, line: number, from: string, to: string): void {
  const diodes = ctx.diodes;
  diodes.push2(ctx.oneports.length, line);
  diodes.push2(modelStart, modelEnd);
  const stand = numberExpression(ctx, 1);
  const e: DiodeOnePort = { id, kind: RESISTOR.kind, type: RESISTOR.type, domain: 'electrical', from, to, value: stand, law: undefined, userValue: stand };
  ctx.oneports.push(e);
}

/** Every D card's law from its model: unknown models and models of another type are errors naming the D's line. */
export function resolveDiodes(ctx: NetlistContext): void {
  const pending = ctx.diodes.array;
  const count = ctx.diodes.length;
  if (count === 0) return;
  const { text, oneports } = ctx;
  const codes = ctx.tokens.codes;
  const laws = new Map<string, { readonly law: Law; readonly value: Expression } | undefined>();
  // the last model name as written (its range in the text) and its law: a run of diodes of one model (a ladder's
  // 10^4) makes no string and skips the lower-casing and the three look-ups of each
  let lastStart = -1;
  let lastEnd = -1;
  let lastRead: { readonly law: Law; readonly value: Expression } | undefined;
  for (let p = 0; p < count; p += 4) {
    const index = pending[p];
    const start = pending[p + 2];
    const end = pending[p + 3];
    if (lastRead !== undefined && end - start === lastEnd - lastStart) {
      // the same code units as the last model name (case kept, as a Map key would compare them)
      let k = 0;
      while (k < end - start && codes[start + k] === codes[lastStart + k]) k++;
      if (k === end - start) {
        replaceStandIn(oneports[index] as DiodeOnePort, lastRead);
        continue;
      }
    }
    const line = pending[p + 1];
    const id = oneports[index].id;
    const name = text.slice(start, end);
    const key = name.toLowerCase();
    const model = ctx.models.get(key);
    if (model === undefined) {
      fail(ctx, 'bad-netlist', line, `${id}: no .model "${name}"`, { element: id, field: 'model', expected: `a .model ${name} D(IS=… N=…) card` });
      continue;
    }
    if (model.diode === undefined) {
      if (model.type === 'd') continue; // its .model card was reported
      fail(ctx, 'bad-netlist', line, `${id}: the model "${model.name}" (line ${model.line}) is of type ${model.type.toUpperCase()}, not a diode model`, {
        element: id,
        field: 'model',
        expected: 'the name of a .model of type D',
      });
      continue;
    }
    if (!laws.has(key)) laws.set(key, diodeLaw(ctx, model.diode, id, line));
    const read = laws.get(key);
    if (read === undefined) continue;
    lastStart = start;
    lastEnd = end;
    lastRead = read;
    replaceStandIn(oneports[index] as DiodeOnePort, read);
  }
}


/** The diode's stand-in one-port (enterDiode) given the model's law and incremental value, in place. */
function replaceStandIn(e: DiodeOnePort, read: { readonly law: Law; readonly value: Expression }): void {
  e.value = read.value;
  e.law = read.law;
  e.userValue = read.value;
}

/** The law and incremental value of a diode model, read as the JSON path reads `law: { through: text }`. */
function diodeLaw(ctx: NetlistContext, p: DiodeParameters, id: string, line: number) {
  return readLaw({ through: diodeLawText(p) }, 'D', ctx.expressions, new Map(), { element: id, path: `line ${line}` }, ctx.errors);
}
