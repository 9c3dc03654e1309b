/**
 * IntList: a growable list of 32-bit integers on an Int32Array (doubling), for the per-card records of the
 * netlist reader, which a plain array's push made a visible share of the read. Cost: O(1) amortised per push.
 */
export class IntList {
  array: Int32Array<ArrayBuffer>;
  length = 0;

  constructor(capacity = 64) {
    this.array = new Int32Array(Math.max(4, capacity));
  }

  push(x: number): void {
    if (this.length === this.array.length) this.grow();
    this.array[this.length++] = x;
  }

  push2(a: number, b: number): void {
    if (this.length + 2 > this.array.length) this.grow();
    this.array[this.length] = a;
    this.array[this.length + 1] = b;
    this.length += 2;
  }

  at(i: number): number {
    return this.array[i];
  }

  /** The values pushed, as a view. */
  view(): Int32Array<ArrayBuffer> {
    return this.array.subarray(0, this.length);
  }

  private grow(): void {
    const a = new Int32Array(2 * this.array.length);
    a.set(this.array);
    this.array = a;
  }
}
