/** TermBuffer: a growable list of (packed monomial, bigint coefficient) terms, the output of the term kernels. */

export interface Terms {
  /** Packed monomials, nw words each, in decreasing term order. */
  readonly monos: Uint32Array;
  /** Nonzero coefficients, one per monomial. */
  readonly coeffs: bigint[];
}

export class TermBuffer {
  monos: Uint32Array;
  coeffs: bigint[] = [];
  constructor(
    readonly nw: number,
    capacity = 16,
  ) {
    this.monos = new Uint32Array(Math.max(1, capacity) * nw);
  }

  get length(): number {
    return this.coeffs.length;
  }

  /** Append the monomial src[si…] with coefficient c. */
  push(src: Uint32Array, si: number, c: bigint): void {
    const n = this.coeffs.length;
    const nw = this.nw;
    if ((n + 1) * nw > this.monos.length) this.grow();
    const m = this.monos;
    const o = n * nw;
    for (let k = 0; k < nw; k++) m[o + k] = src[si + k];
    this.coeffs.push(c);
  }

  private grow(): void {
    const next = new Uint32Array(this.monos.length * 2 + this.nw);
    next.set(this.monos);
    this.monos = next;
  }

  toTerms(): Terms {
    return { monos: this.monos.slice(0, this.coeffs.length * this.nw), coeffs: this.coeffs };
  }
}
