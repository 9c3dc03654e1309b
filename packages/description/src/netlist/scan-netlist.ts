/**
 * scanNetlist: the text of a SPICE netlist → its cards, handed one by one to a CardReader as they end, in one
 * pass over its code units (SPICE3 / ngspice manual chapter 2: the first line is the title; `*` starts a comment line;
 * `;` and `$` start an inline comment; a line starting with `+` continues the previous card; `.control … .endc`
 * blocks are skipped; `.end` ends the netlist). Tokens are separated by white space and commas; `(`, `)` and `=`
 * are tokens of their own. No substring is made here: a token is a [start, end) range of the text, in typed
 * arrays that keep every token (later cards refer back to them by number). A line starting with R, C, L or D is
 * first offered to the reader whole (CardReader.line: the one-line fast path; D lines too); the reader either consumes it
 * or leaves it to the tokens. Cost: O(text length) time, O(#tokens of the general cards) memory.
 */

/** Where the cards go. Cards reach the reader in netlist order, whichever of the two methods takes them. */
import { codeUnits } from './text-codes';

export interface CardReader {
  /** The card made of tokens first … last − 1 (its continuation lines included), starting on `line`. */
  card(first: number, last: number, line: number): void;
  /**
   * A card line starting (at text[j], on `line`) with R, C, L or D, offered before it is tokenised: the index of
   * its end (the line break, or the end of the text) when the reader took the card, or −1 to leave it to card().
   * A line may be taken only when no continuation line (+) follows it.
   */
  line(j: number, line: number): number;
}

export type ScanProblem = { readonly line: number; readonly what: 'orphan-continuation' | 'unterminated-control' };

/** The title and the tokens of a netlist, filled by scanNetlist (the arrays grow, so read them through this). */
export class NetlistTokens {
  readonly title: string;
  /** The text's code units (text-codes.ts), read by the scanner and the fast path in place of charCodeAt. */
  readonly codes: Uint16Array;
  /** Where the first line ends. */
  readonly titleEnd: number;
  /** Per token: start and end offsets in the text, and the (1-based) line it is on. */
  start = new Int32Array(64);
  end = new Int32Array(64);
  line = new Int32Array(64);
  tokenCount = 0;
  /** Lines the scanner could not place: a `+` line with no card before it, an unterminated `.control`. */
  readonly problems: ScanProblem[] = [];

  constructor(readonly text: string) {
    this.codes = codeUnits(text);
    let i = 0;
    while (i < text.length && text.charCodeAt(i) !== LF && text.charCodeAt(i) !== CR) i++;
    this.titleEnd = i;
    this.title = text.slice(0, i).trim();
  }

  /** Appends a token; its number. */
  push(start: number, end: number, line: number): number {
    const t = this.tokenCount;
    if (t === this.start.length) {
      this.start = grow(this.start);
      this.end = grow(this.end);
      this.line = grow(this.line);
    }
    this.start[t] = start;
    this.end[t] = end;
    this.line[t] = line;
    this.tokenCount = t + 1;
    return t;
  }
}

const LF = 10;
const CR = 13;

/** Whether text[at…] is the word (lower-case) followed by white space, a comment or the end of the line. */
export function startsWord(codes: Uint16Array, at: number, word: string): boolean {
  const n = codes.length;
  if (at + word.length > n) return false;
  for (let k = 0; k < word.length; k++) if ((codes[at + k] | 0x20) !== word.charCodeAt(k)) return false;
  const c = at + word.length < n ? codes[at + word.length] : LF;
  return c <= 32 || c === 59;
}

export function scanNetlist(tokens: NetlistTokens, reader: CardReader): void {
  const codes = tokens.codes;
  const n = codes.length;
  let cardCount = 0;
  let pending = -1; // the first token of the card not yet handed over, or −1
  let i = tokens.titleEnd;
  let line = 1;
  let inControl = 0; // the line of an open .control, or 0

  while (i < n) {
    // i is at a line break: step over it (CR LF counts once).
    if (codes[i] === CR && i + 1 < n && codes[i + 1] === LF) i++;
    i++;
    line++;
    let j = i;
    let c = 0;
    while (j < n && (c = codes[j]) <= 32 && c !== LF && c !== CR) j++;
    let newCard = true;
    if (j >= n || c === LF || c === CR || c === 42 /* * */) {
      newCard = false;
      j = skipLine(codes, j);
    } else if (inControl !== 0) {
      if (c === 46 && startsWord(codes, j, '.endc')) inControl = 0;
      j = skipLine(codes, j);
      newCard = false;
    } else if (c === 43 /* + */) {
      newCard = false;
      j++;
      if (cardCount === 0) {
        tokens.problems.push({ line, what: 'orphan-continuation' });
        j = skipLine(codes, j);
      }
    } else if (c === 46 /* . */ && startsWord(codes, j, '.control')) {
      inControl = line;
      j = skipLine(codes, j);
      newCard = false;
    } else if (c === 46 && startsWord(codes, j, '.end')) {
      break;
    } else if ((c | 0x20) === 0x72 /* r */ || (c | 0x20) === 0x63 /* c */ || (c | 0x20) === 0x6c /* l */ || (c | 0x20) === 0x64 /* d */) {
      if (pending >= 0) {
        reader.card(pending, tokens.tokenCount, tokens.line[pending]);
        pending = -1;
      }
      const e = reader.line(j, line);
      if (e >= 0) {
        cardCount++;
        i = e;
        continue;
      }
    }
    // The tokens of the rest of the line.
    while (j < n) {
      c = codes[j];
      if (c === LF || c === CR) break;
      if (c <= 32 || c === 44 /* , */) {
        j++;
        continue;
      }
      if (c === 59 /* ; */ || c === 36 /* $ */) {
        j = skipLine(codes, j);
        break;
      }
      const s = j;
      if (c === 40 || c === 41 || c === 61) j++; // ( ) =
      else {
        while (j < n) {
          c = codes[j];
          if (c <= 32 || c === 44 || c === 40 || c === 41 || c === 61 || c === 59) break;
          j++;
        }
      }
      if (newCard) {
        if (pending >= 0) reader.card(pending, tokens.tokenCount, tokens.line[pending]);
        pending = tokens.tokenCount;
        cardCount++;
        newCard = false;
      }
      tokens.push(s, j, line);
    }
    i = j;
  }
  if (pending >= 0) reader.card(pending, tokens.tokenCount, tokens.line[pending]);
  if (inControl !== 0) tokens.problems.push({ line: inControl, what: 'unterminated-control' });
}

/** The index of the line break (or end of text) at or after j. */
export function skipLine(codes: Uint16Array, j: number): number {
  const n = codes.length;
  while (j < n) {
    const c = codes[j];
    if (c === LF || c === CR) break;
    j++;
  }
  return j;
}

function grow(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(2 * a.length);
  b.set(a);
  return b;
}
