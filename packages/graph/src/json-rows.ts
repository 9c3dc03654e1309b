/**
 * JsonRows: a long JSON array whose members (small flat records: a branch, a triplet of F) are made on demand, a
 * slice at a time. JSON.stringify sees the whole array (toJSON); a streaming writer asks for rows(from, to) and
 * writes each slice as it comes, so at 10^5 branches the records of one slice die young instead of 10^5 of them
 * living through the whole write (and being copied by every scavenge on the way). Both read the same `rows`, so
 * the text is the same whichever way it is written.
 */
export class JsonRows<T> {
  /**
   * @param length the number of members
   * @param rows the members from..to−1 (0 ≤ from ≤ to ≤ length), each a small record of primitives
   */
  constructor(
    readonly length: number,
    readonly rows: (from: number, to: number) => T[],
  ) {}

  /** The whole array, as JSON.stringify writes it. */
  toJSON(): T[] {
    return this.rows(0, this.length);
  }
}
