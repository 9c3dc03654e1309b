/**
 * StampList: the stamp program of the network Jacobian while it is built, (dst, src, coef) triples appended to
 * typed arrays that double when full, instead of three growing JS arrays copied to typed arrays at the end
 * (10^4 diodes: 5·10^4 state-row stamps, 3·10^4 block stamps). take() returns the triples as exact-length copies.
 */
export class StampList {
  private dst: Int32Array;
  private src: Int32Array;
  private coef: Float64Array;
  length = 0;

  constructor(capacity = 64) {
    this.dst = new Int32Array(capacity);
    this.src = new Int32Array(capacity);
    this.coef = new Float64Array(capacity);
  }

  push(dst: number, src: number, coef: number): void {
    if (this.length === this.dst.length) this.grow();
    const k = this.length++;
    this.dst[k] = dst;
    this.src[k] = src;
    this.coef[k] = coef;
  }

  /** The triples so far (exact-length copies); the list is emptied. */
  take(): { readonly dst: Int32Array; readonly src: Int32Array; readonly coef: Float64Array } {
    const n = this.length;
    this.length = 0;
    return { dst: this.dst.slice(0, n), src: this.src.slice(0, n), coef: this.coef.slice(0, n) };
  }

  private grow(): void {
    const size = 2 * this.dst.length;
    const dst = new Int32Array(size);
    const src = new Int32Array(size);
    const coef = new Float64Array(size);
    dst.set(this.dst);
    src.set(this.src);
    coef.set(this.coef);
    this.dst = dst;
    this.src = src;
    this.coef = coef;
  }
}
