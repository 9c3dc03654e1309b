/**
 * Exact sparse division f / g by a heap of quotient streams (Monagan and Pearce, CASC 2007, §3, the
 * "quotient heap" division). Each quotient term q_s owns a stream q_s·g_1, q_s·g_2, …; the next term of
 * f − q·g is the largest of f's next term and the heap top. With one divisor the remainder is unique, so
 * g | f over the integers exactly when every leading term met is divisible by LT(g) with an integer
 * quotient; otherwise the division stops at once and returns null.
 */
import { compareMonomials, divideMonomials, monomialDivides, multiplyMonomials } from './monomial';
import { TermBuffer, type Terms } from './term-buffer';

/**
 * `bound` (optional) is the packed exponent vector deg(f) − deg(g) per variable: every term of an exact
 * quotient divides it, so a quotient term that does not proves the division inexact (and keeps a failing
 * division from wandering into high exponents).
 */
export function divideTermsExact(f: Terms, g: Terms, nw: number, bound: Uint32Array | null = null): Terms | null {
  const nf = f.coeffs.length;
  const ng = g.coeffs.length;
  const q = new TermBuffer(nw, Math.max(4, nf - ng + 1));
  if (nf === 0) return q.toTerms();
  const fm = f.monos;
  const gm = g.monos;
  const fc = f.coeffs;
  const gc = g.coeffs;
  const lc = gc[0];

  let cur = new Uint32Array(16 * nw);
  let j = new Int32Array(16);
  let heap = new Int32Array(16);
  let size = 0;
  const greater = (s: number, t: number) => compareMonomials(cur, s * nw, cur, t * nw, nw) > 0;
  const push = (s: number) => {
    if (size === heap.length) {
      const h = new Int32Array(heap.length * 2);
      h.set(heap);
      heap = h;
    }
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
    heap[0] = heap[--size];
    let i = 0;
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
  const ensureStreams = (n: number) => {
    if (n * nw <= cur.length) return;
    const c2 = new Uint32Array(cur.length * 2 + nw);
    c2.set(cur);
    cur = c2;
    const j2 = new Int32Array(j.length * 2 + 1);
    j2.set(j);
    j = j2;
  };

  const m = new Uint32Array(nw);
  let k = 0;
  while (k < nf || size > 0) {
    // m = max(f_k, heap top)
    let fromF: boolean;
    if (size === 0) fromF = true;
    else if (k >= nf) fromF = false;
    else fromF = compareMonomials(fm, k * nw, cur, heap[0] * nw, nw) >= 0;
    const src = fromF ? fm : cur;
    const si = fromF ? k * nw : heap[0] * nw;
    for (let w = 0; w < nw; w++) m[w] = src[si + w];

    let c = 0n;
    if (k < nf && compareMonomials(fm, k * nw, m, 0, nw) === 0) c = fc[k++];
    while (size > 0 && compareMonomials(cur, heap[0] * nw, m, 0, nw) === 0) {
      const s = pop();
      c -= q.coeffs[s] * gc[j[s]];
      if (++j[s] < ng) {
        multiplyMonomials(q.monos, s * nw, gm, j[s] * nw, cur, s * nw, nw);
        push(s);
      }
    }
    if (c === 0n) continue;
    // The leading term of the running remainder must be LT(g) times an integer term.
    if (!monomialDivides(gm, 0, m, 0, nw) || c % lc !== 0n) return null;
    divideMonomials(m, 0, gm, 0, m, 0, nw);
    if (bound !== null && !monomialDivides(m, 0, bound, 0, nw)) return null;
    const s = q.length;
    q.push(m, 0, c / lc);
    if (ng > 1) {
      ensureStreams(s + 1);
      j[s] = 1;
      multiplyMonomials(q.monos, s * nw, gm, nw, cur, s * nw, nw);
      push(s);
    }
  }
  return q.toTerms();
}
