/**
 * scanNetlist: the text of a SPICE netlist → its title and its cards as token ranges, in one pass of charCodeAt
 * (SPICE3 / ngspice manual chapter 2: the first line is the title; `*` starts a comment line; `;` and `$` start an
 * inline comment; a line starting with `+` continues the previous card; `.control … .endc` blocks are skipped;
 * `.end` ends the netlist). Tokens are separated by white space and commas; `(`, `)` and `=` are tokens of their
 * own. No substring is made here: a token is a [start, end) range of the text, in typed arrays.
 * Cost: O(text length) time, O(#tokens) memory.
 */

/** The title and the cards of a netlist. Card c is tokens cardStart[c] … cardStart[c + 1] − 1. */
export interface NetlistTokens {
  readonly text: string;
  readonly title: string;
  /** Per token: start and end offsets in the text, and the (1-based) line it is on. */
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly line: Int32Array;
  readonly tokenCount: number;
  /** Per card: its first token; cardStart[cardCount] = tokenCount. */
  readonly cardStart: Int32Array;
  readonly cardCount: number;
  /** Lines the scanner could not place: a `+` line with no card before it, an unterminated `.control`. */
  readonly problems: readonly { readonly line: number; readonly what: 'orphan-continuation' | 'unterminated-control' }[];
}

const LF = 10;
const CR = 13;

/** Whether text[at…] is the word (lower-case) followed by white space, a comment or the end of the line. */
function startsWord(text: string, at: number, word: string): boolean {
  const n = text.length;
  if (at + word.length > n) return false;
  for (let k = 0; k < word.length; k++) if ((text.charCodeAt(at + k) | 0x20) !== word.charCodeAt(k)) return false;
  const c = at + word.length < n ? text.charCodeAt(at + word.length) : LF;
  return c <= 32 || c === 59;
}

export function scanNetlist(text: string): NetlistTokens {
  const n = text.length;
  let capacity = Math.max(64, n >> 2);
  let start = new Int32Array(capacity);
  let end = new Int32Array(capacity);
  let lineOf = new Int32Array(capacity);
  let cardCapacity = Math.max(16, n >> 4);
  let cardStart = new Int32Array(cardCapacity);
  let tokenCount = 0;
  let cardCount = 0;
  const problems: { line: number; what: 'orphan-continuation' | 'unterminated-control' }[] = [];

  // The title: the whole first line.
  let i = 0;
  while (i < n && text.charCodeAt(i) !== LF && text.charCodeAt(i) !== CR) i++;
  const title = text.slice(0, i).trim();
  let line = 1;
  let inControl = 0; // the line of an open .control, or 0

  while (i < n) {
    // i is at a line break: step over it (CR LF counts once).
    if (text.charCodeAt(i) === CR && i + 1 < n && text.charCodeAt(i + 1) === LF) i++;
    i++;
    line++;
    let j = i;
    let c = 0;
    while (j < n && (c = text.charCodeAt(j)) <= 32 && c !== LF && c !== CR) j++;
    let newCard = true;
    if (j >= n || c === LF || c === CR || c === 42 /* * */) {
      newCard = false;
      j = skipLine(text, j);
    } else if (inControl !== 0) {
      if (c === 46 && startsWord(text, j, '.endc')) inControl = 0;
      j = skipLine(text, j);
      newCard = false;
    } else if (c === 43 /* + */) {
      newCard = false;
      j++;
      if (cardCount === 0) {
        problems.push({ line, what: 'orphan-continuation' });
        j = skipLine(text, j);
      }
    } else if (c === 46 /* . */ && startsWord(text, j, '.control')) {
      inControl = line;
      j = skipLine(text, j);
      newCard = false;
    } else if (c === 46 && startsWord(text, j, '.end')) {
      i = n;
      break;
    }
    // The tokens of the rest of the line.
    while (j < n) {
      c = text.charCodeAt(j);
      if (c === LF || c === CR) break;
      if (c <= 32 || c === 44 /* , */) {
        j++;
        continue;
      }
      if (c === 59 /* ; */ || c === 36 /* $ */) {
        j = skipLine(text, j);
        break;
      }
      const s = j;
      if (c === 40 || c === 41 || c === 61) j++; // ( ) =
      else {
        while (j < n) {
          c = text.charCodeAt(j);
          if (c <= 32 || c === 44 || c === 40 || c === 41 || c === 61 || c === 59) break;
          j++;
        }
      }
      if (tokenCount === capacity) {
        capacity *= 2;
        start = grow(start, capacity);
        end = grow(end, capacity);
        lineOf = grow(lineOf, capacity);
      }
      if (newCard) {
        if (cardCount + 1 >= cardCapacity) cardStart = grow(cardStart, (cardCapacity *= 2));
        cardStart[cardCount++] = tokenCount;
        newCard = false;
      }
      start[tokenCount] = s;
      end[tokenCount] = j;
      lineOf[tokenCount] = line;
      tokenCount++;
    }
    i = j;
  }
  if (inControl !== 0) problems.push({ line: inControl, what: 'unterminated-control' });
  if (cardCount + 1 > cardCapacity) cardStart = grow(cardStart, cardCount + 1);
  cardStart[cardCount] = tokenCount;
  return { text, title, start, end, line: lineOf, tokenCount, cardStart, cardCount, problems };
}

/** The index of the line break (or end of text) at or after j. */
function skipLine(text: string, j: number): number {
  const n = text.length;
  while (j < n) {
    const c = text.charCodeAt(j);
    if (c === LF || c === CR) break;
    j++;
  }
  return j;
}

function grow(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}
