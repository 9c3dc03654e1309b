/**
 * RecentValues: the value tokens of the last few element cards, by their text, with their numbers and shared
 * Expressions, so that a value spelled exactly as a recent one (the common case: a ladder of equal parts) is
 * neither parsed nor looked up again. Filled round-robin. Cost: O(RECENT · token length) per lookup.
 */
import type { Expression } from '../types';
import { parseSpiceNumber } from './spice-number';

const RECENT = 4;

export class RecentValues {
  private readonly start = new Int32Array(RECENT).fill(-1);
  private readonly end = new Int32Array(RECENT);
  private readonly numbers = new Float64Array(RECENT);
  private readonly expressions: (Expression | undefined)[] = [undefined, undefined, undefined, undefined];
  private next = 0;
  /** The slot of the last number() (for expression()). */
  private last = 0;

  /** parseSpiceNumber(text, start, end), remembered by the token's spelling (compared in `codes`, the text's
   *  code units). */
  number(text: string, codes: Uint16Array, start: number, end: number): number {
    const length = end - start;
    for (let r = 0; r < RECENT; r++) {
      const s = this.start[r];
      if (s < 0 || this.end[r] - s !== length) continue;
      let k = 0;
      while (k < length && codes[s + k] === codes[start + k]) k++;
      if (k === length) {
        this.last = r;
        return this.numbers[r];
      }
    }
    const x = parseSpiceNumber(text, start, end);
    const r = this.next;
    this.next = (r + 1) % RECENT;
    this.start[r] = start;
    this.end[r] = end;
    this.numbers[r] = x;
    this.expressions[r] = undefined;
    this.last = r;
    return x;
  }

  /** The Expression remembered for the last number() read, if any. */
  expression(): Expression | undefined {
    return this.expressions[this.last];
  }

  /** Remembers the Expression of the last number() read. */
  remember(e: Expression): void {
    this.expressions[this.last] = e;
  }
}
