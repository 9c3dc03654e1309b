/**
 * readOnePortLine: the fast path for the common card, one line `Rname n+ n- value` (also C and L), or
 * `Dname n+ n- MODEL` (read-diode-card.ts: the model name in place of the value), with blanks between the four fields, read straight from the character codes while the netlist is scanned: the name is
 * checked, hashed and packed for sorting in the one pass that finds its end, the nodes are hashed as they are
 * read, the value goes through the memory of recent spellings. The characters are read from the code units
 * (text-codes.ts). Anything unusual — another separator, a
 * character that would need the tokens (`,` `(` `)` `=` `;` `$` inside a field, a non-ASCII name), a fifth
 * field, a continuation line after it, a bad or non-positive value, a duplicate name, a self-loop — leaves the
 * line untouched (−1) for the general path (read-element-card.ts), which reads it again and reports its errors,
 * so the fast path decides before it changes anything. Its result is exactly the general path's. A D card
 * enters its stand-in one-port and its pending diode through readDiodeCard's enterDiode (the law comes with resolveDiodes).
 * Cost: O(line length) plus the hash-table lookups; no substring except a new name's.
 */
import { ONE_PORT_BRANCH } from './netlist-branches';
import { numberExpression } from './netlist-context';
import type { NetlistContext } from './netlist-context';
import { FNV_OFFSET, foldedFinish, sameFoldedCodes } from './folded-names';
import { ID_SYMBOLS, NO_KEY, PACKED_LENGTH } from './packed-ids';
import { enterDiode } from './read-diode-card';
import { CAPACITOR, INDUCTOR, RESISTOR } from './read-element-card';
import { startsWord } from './scan-netlist';

const MAX_ID = 100;
const MAX_NODE = 200;
const LF = 10;
const CR = 13;

/** The fields n+, n−, value of the line being read: start, end and hash of each. */
const FIELDS = new Int32Array(9);

const D = 0x64;

/**
 * The card starting at text[j] (its first character, R, C, L or D in any case) on `line`, when it is a plain
 * one-line card: read, and the index of its line break (or the end of the text); otherwise −1, nothing changed.
 */
export function readOnePortLine(ctx: NetlistContext, j: number, line: number): number {
  const text = ctx.text;
  const codes = ctx.tokens.codes;
  const n = codes.length;
  const letter = codes[j] | 0x20;
  const info = letter === 0x72 || letter === D ? RESISTOR : letter === 0x63 ? CAPACITOR : INDUCTOR;

  // The name: identifier characters, hashed and packed in the same pass.
  let h = FNV_OFFSET;
  let high = 0;
  let low = 0;
  let k = j;
  for (; k < n; k++) {
    const c = codes[k];
    const symbol = c < 128 ? ID_SYMBOLS[c] : 0;
    if (symbol === 0) break;
    h = Math.imul(h ^ (symbol >= 11 && symbol <= 36 ? c | 0x20 : c), 16777619); // foldedStep
    const d = k - j;
    if (d < 5) high |= symbol << (6 * (4 - d));
    else if (d < PACKED_LENGTH) low |= symbol << (6 * (9 - d));
  }
  const nameEnd = k;
  if (nameEnd - j > MAX_ID || !(k < n && (codes[k] === 32 || codes[k] === 9))) return -1;
  if (nameEnd - j > PACKED_LENGTH) high = NO_KEY;
  const nameHash = foldedFinish(h);

  // The fields n+, n−, value: blanks (space, tab) before each, then only characters that the general scanner
  // takes as plain token characters, hashed as they are read.
  for (let f = 0; f < 9; f += 3) {
    let c = 0;
    while (k < n && ((c = codes[k]) === 32 || c === 9)) k++;
    if (k >= n || c <= 32 || c === 59 || c === 36) return -1; // a missing field, or a comment: the tokens decide
    FIELDS[f] = k;
    let hf = FNV_OFFSET;
    for (; k < n; k++) {
      c = codes[k];
      if (c <= 32) break;
      if (c === 44 || c === 40 || c === 41 || c === 61 || c === 59 || c === 36) return -1;
      hf = Math.imul(hf ^ (c >= 65 && c <= 90 ? c | 0x20 : c), 16777619); // foldedStep, written out: a call per character in the cold tiers
    }
    FIELDS[f + 1] = k;
    FIELDS[f + 2] = foldedFinish(hf);
  }
  const a = FIELDS[0];
  const aEnd = FIELDS[1];
  const aHash = FIELDS[2];
  const b = FIELDS[3];
  const bEnd = FIELDS[4];
  const bHash = FIELDS[5];
  const v = FIELDS[6];
  const vEnd = FIELDS[7];
  if (aEnd - a > MAX_NODE || bEnd - b > MAX_NODE) return -1;

  // Then nothing but blanks and a comment up to the line break.
  let c = 0;
  while (k < n && ((c = codes[k]) === 32 || c === 9)) k++;
  if (k < n) {
    if (c === 59 || c === 36) {
      while (k < n && codes[k] !== LF && codes[k] !== CR) k++;
    } else if (c !== LF && c !== CR) return -1;
  }
  const lineEnd = k;
  if (continues(codes, lineEnd)) return -1;

  // A value, or (D) a model name: any token, resolved once every card is read.
  const x = letter === D ? 1 : ctx.values.number(text, codes, v, vEnd);
  if (!(x > 0)) return -1; // NaN or not positive: the general path says which

  // Lookups, still without changes: a duplicate name or a self-loop goes to the general path.
  const nodes = ctx.nodes;
  const aEntry = nodes.entry(text, codes, a, aEnd, aHash);
  const bEntry = nodes.entry(text, codes, b, bEnd, bHash);
  if (
    aEntry !== 0 && bEntry !== 0
      ? aEntry === bEntry || (aEntry < 0 && bEntry < 0)
      : aEntry === 0 && bEntry === 0 && aHash === bHash && sameFoldedCodes(codes, a, aEnd, b, bEnd)
  ) {
    return -1;
  }
  const ids = ctx.ids;
  const idSlot = ids.probe(text, j, nameEnd, nameHash);
  if (ids.at(idSlot) >= 0) return -1;

  // The card is good: enter it as readOnePortCard would.
  const id = text.slice(j, nameEnd);
  const element = ids.insertAt(idSlot, nameHash, id, high, low, line, info.type);
  // n+ is numbered before n− (the ground too, on its first sight).
  const from = aEntry > 0 ? aEntry - 1 : aEntry < 0 ? nodes.groundNode() : nodes.enter(text, a, aEnd, aHash);
  const to = bEntry > 0 ? bEntry - 1 : bEntry < 0 ? nodes.groundNode() : nodes.enter(text, b, bEnd, bHash);
  nodes.connect(from, to);
  ctx.element = element;
  ctx.branchElement.push(element);
  ctx.branchNodes.push2(from, to);
  ctx.from = from;
  ctx.to = to;
  const names = nodes.names;
  ctx.branches.add(ONE_PORT_BRANCH, from, to);
  if (letter === D) {
    enterDiode(ctx, id, v, vEnd, line, names[from], names[to]);
    return lineEnd;
  }
  let value = ctx.values.expression();
  if (value === undefined) {
    value = numberExpression(ctx, x);
    ctx.values.remember(value);
  }
  ctx.oneports.push({
    id,
    kind: info.kind,
    type: info.type,
    domain: 'electrical',
    from: names[from],
    to: names[to],
    value,
    userValue: value,
  });
  return lineEnd;
}

/** Whether a continuation line (+) follows the line ending at k, past blank and comment lines; also true when a
 *  `.control` block or a line of only separators comes first (the general scanner then decides). */
function continues(codes: Uint16Array, k: number): boolean {
  const n = codes.length;
  while (k < n) {
    if (codes[k] === CR && k + 1 < n && codes[k + 1] === LF) k++;
    k++;
    let c = 0;
    while (k < n && (c = codes[k]) <= 32 && c !== LF && c !== CR) k++;
    if (k >= n) return false;
    if (c === LF || c === CR) continue;
    if (c === 42 || c === 59 || c === 36) {
      while (k < n && codes[k] !== LF && codes[k] !== CR) k++;
      continue;
    }
    return c === 43 || c === 44 || (c === 46 && startsWord(codes, k, '.control'));
  }
  return false;
}
