/**
 * Sparse polynomial product by a heap merge of term streams: Johnson's algorithm as refined by Monagan and
 * Pearce ("Polynomial division using dynamic arrays, heaps, and packed exponent vectors", CASC 2007, §2).
 * f·g = Σ_i f_i·g: stream i yields f_i·g_j for j = 0, 1, …, already in decreasing order; a max-heap of the
 * streams' current monomials emits the product in order. Cost O(#f·#g·log #f) monomial comparisons, no hashing.
 */
import { compareMonomials, multiplyMonomials } from './monomial';
import { TermBuffer, type Terms } from './term-buffer';

export function multiplyTerms(f: Terms, g: Terms, nw: number): Terms {
  // Let f be the shorter operand: the heap holds at most #f streams.
  if (f.coeffs.length > g.coeffs.length) [f, g] = [g, f];
  const nf = f.coeffs.length;
  const ng = g.coeffs.length;
  const out = new TermBuffer(nw, nf + ng);
  if (nf === 0) return out.toTerms();
  const fm = f.monos;
  const gm = g.monos;
  const fc = f.coeffs;
  const gc = g.coeffs;

  const cur = new Uint32Array(nf * nw); // current monomial f_i·g_{j[i]} of stream i
  const j = new Int32Array(nf);
  const heap = new Int32Array(nf);
  let size = 0;
  const greater = (s: number, t: number) => compareMonomials(cur, s * nw, cur, t * nw, nw) > 0;
  const push = (s: number) => {
    let i = size++;
    heap[i] = s;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!greater(heap[i], heap[p])) break;
      const t = heap[i];
      heap[i] = heap[p];
      heap[p] = t;
      i = p;
    }
  };
  const pop = (): number => {
    const top = heap[0];
    const last = heap[--size];
    let i = 0;
    heap[0] = last;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= size) break;
      const r = l + 1;
      const c = r < size && greater(heap[r], heap[l]) ? r : l;
      if (!greater(heap[c], heap[i])) break;
      const t = heap[i];
      heap[i] = heap[c];
      heap[c] = t;
      i = c;
    }
    return top;
  };
  const start = (s: number) => {
    j[s] = 0;
    multiplyMonomials(fm, s * nw, gm, 0, cur, s * nw, nw);
    push(s);
  };

  const m = new Uint32Array(nw);
  start(0);
  while (size > 0) {
    const top = heap[0];
    for (let k = 0; k < nw; k++) m[k] = cur[top * nw + k];
    let c = 0n;
    // Every stream whose current monomial equals m contributes; advancing a stream only lowers its monomial.
    while (size > 0 && compareMonomials(cur, heap[0] * nw, m, 0, nw) === 0) {
      const s = pop();
      c += fc[s] * gc[j[s]];
      if (j[s] === 0 && s + 1 < nf) start(s + 1); // f_{s+1}·g_0 < f_s·g_0 enters only now
      if (++j[s] < ng) {
        multiplyMonomials(fm, s * nw, gm, j[s] * nw, cur, s * nw, nw);
        push(s);
      }
    }
    if (c !== 0n) out.push(m, 0, c);
  }
  return out.toTerms();
}
