/**
 * Rows that complete in any order (pool workers, cluster jobs) handed on in point order: a point is passed on
 * once every point before it is, so that the incremental output is always a complete prefix of the table (what
 * --resume reads back) and identical whatever the number of workers.
 */
export class InOrder {
  private next: number;
  constructor(
    private readonly done: Uint8Array,
    start: number,
    private readonly emit: (point: number) => void,
  ) {
    this.next = start;
  }

  /** The first point not yet passed on. */
  get frontier(): number {
    return this.next;
  }

  /** Marks point i done (idempotent) and passes on every point now in order. */
  complete(i: number): void {
    this.done[i] = 1;
    while (this.next < this.done.length && this.done[this.next]) this.emit(this.next++);
  }
}
