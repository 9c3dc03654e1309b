/**
 * amdOrdering: approximate minimum degree ordering of A + Aᵀ on the quotient graph
 * (Amestoy, Davis & Duff, SIAM J. Matrix Anal. Appl. 17(4), 1996; Davis 2006, §7.1, cs_amd).
 */
import { SysgraphError } from '@sysgraph/core';
import type { CsrMatrix } from './csr-matrix';
import { symmetricPattern } from './symmetric-pattern';

const VARIABLE = 0;
const ELEMENT = 1;
const DEAD = 2; // absorbed element, eliminated or non-principal variable, dense row

/**
 * Fill-reducing order: perm[k] is the index of the k-th pivot (eliminate row/column perm[0] first).
 *
 * Implemented: the quotient graph (variables with element lists E_i and variable lists A_i, elements with
 * variable lists L_e), supervariables (indistinguishable variables detected by hashing, merged and eliminated
 * together), mass elimination, element absorption and aggressive absorption, and AMD's approximate external degree
 *   d_i ≈ min( n − k − |i|,  d_i^old + |L_p \ i|,  |A_i \ i| + |L_p \ i| + Σ_{e ∈ E_i \ p} |L_e \ L_p| )
 * with |L_e \ L_p| computed for all e at once by the "w(e)" scan. Rows denser than max(16, 10√n) are
 * ordered last. Not implemented: the post-ordering of the assembly tree (it changes the order within the
 * same elimination, not the fill). Ties (equal degree) are broken by the degree lists' LIFO order, so the
 * result depends only on the pattern. Time about O(nnz(L)) in practice; memory O(nnz(A) + n).
 */
export function amdOrdering(a: CsrMatrix): Int32Array {
  if (a.rows !== a.cols) {
    throw new SysgraphError('bad-value', `amdOrdering: matrix is ${a.rows}×${a.cols}, not square`, {
      element: 'matrix',
      field: 'cols',
      expected: 'a square matrix',
    });
  }
  const n = a.rows;
  const order = new Int32Array(n);
  if (n === 0) return order;
  const g = symmetricPattern(a);

  // Quotient graph storage in one workspace iw: node i's list is iw[pe[i] … pe[i] + len[i]), holding E_i then A_i
  // for a variable (elen[i] elements first) and L_e for an element. New element lists are appended at `free`;
  // when the workspace is full, the live lists are compacted into a larger one.
  let iw = Int32Array.from(g.idx);
  const pe = g.ptr.slice(0, n);
  let free = iw.length;
  const len = new Int32Array(n);
  const elen = new Int32Array(n);
  const nv = new Int32Array(n).fill(1); // supervariable weight; negated while in L_p; 0 when not principal
  const state = new Uint8Array(n);
  const degree = new Int32Array(n); // approximate external degree (variables), weighted |L_e| (elements)
  // Degree lists.
  const head = new Int32Array(n + 1).fill(-1);
  const degNext = new Int32Array(n).fill(-1);
  const degPrev = new Int32Array(n).fill(-1);
  // Hash buckets for supervariable detection.
  const hashHead = new Int32Array(n).fill(-1);
  const hashNext = new Int32Array(n).fill(-1);
  const hashOf = new Int32Array(n);
  // |L_e \ L_p| for the current pivot, valid when wStamp[e] === step.
  const wStamp = new Int32Array(n).fill(-1);
  const wVal = new Int32Array(n);
  const cmpMark = new Int32Array(n).fill(-1);
  // Members of each supervariable (a linked list), emitted together.
  const memberNext = new Int32Array(n).fill(-1);
  const memberTail = new Int32Array(n);
  for (let i = 0; i < n; i++) memberTail[i] = i;
  const lp = new Int32Array(n);
  let emitted = 0;
  const emit = (i: number): void => {
    for (let v = i; v !== -1; v = memberNext[v]) order[emitted++] = v;
  };

  const insertDegree = (i: number, d: number): void => {
    const h = head[d];
    degNext[i] = h;
    degPrev[i] = -1;
    if (h !== -1) degPrev[h] = i;
    head[d] = i;
  };
  const removeDegree = (i: number): void => {
    const prev = degPrev[i];
    const next = degNext[i];
    if (next !== -1) degPrev[next] = prev;
    if (prev !== -1) degNext[prev] = next;
    else head[degree[i]] = next;
  };

  // Initialisation; dense rows are set aside and ordered last.
  const denseLimit = Math.max(16, Math.floor(10 * Math.sqrt(n)));
  const denseRows: number[] = [];
  for (let i = 0; i < n; i++) {
    len[i] = g.ptr[i + 1] - g.ptr[i];
    degree[i] = len[i];
  }
  /** Makes room for `need` more entries at `free`, compacting the live lists (and growing iw) if necessary. */
  const reserve = (need: number): void => {
    if (free + need <= iw.length) return;
    let live = 0;
    for (let i = 0; i < n; i++) if (state[i] !== DEAD) live += len[i];
    const next = new Int32Array(Math.max(2 * (live + need), g.idx.length));
    let at = 0;
    for (let i = 0; i < n; i++) {
      if (state[i] === DEAD) continue;
      for (let t = 0, from = pe[i]; t < len[i]; t++) next[at + t] = iw[from + t];
      pe[i] = at;
      at += len[i];
    }
    iw = next;
    free = at;
  };
  let nLive = n;
  for (let i = 0; i < n; i++) {
    if (len[i] > denseLimit && n > 2) {
      state[i] = DEAD;
      nv[i] = 0;
      denseRows.push(i);
      nLive--;
    }
  }
  for (let i = n - 1; i >= 0; i--) if (state[i] === VARIABLE) insertDegree(i, degree[i]);

  let mindeg = 0;
  let nel = 0;
  let step = 0;
  let cmpStamp = 0;
  while (nel < nLive) {
    step++;
    // Select the pivot p of minimum approximate degree.
    while (head[mindeg] === -1) mindeg++;
    const p = head[mindeg];
    removeDegree(p);
    const elenp = elen[p];
    const nvp = nv[p];
    nel += nvp;
    nv[p] = -nvp;
    emit(p);

    // Construct the new element L_p = (A_p ∪ ⋃_{e ∈ E_p} L_e) \ {p}; absorb every e ∈ E_p.
    let dk = 0;
    let lpCount = 0;
    const pStart = pe[p];
    for (let t = 0; t <= elenp; t++) {
      let from: number;
      let to: number;
      if (t < elenp) {
        const e = iw[pStart + t];
        if (state[e] !== ELEMENT) continue;
        from = pe[e];
        to = from + len[e];
      } else {
        from = pStart + elenp;
        to = pStart + len[p];
      }
      for (let s = from; s < to; s++) {
        const i = iw[s];
        const nvi = nv[i];
        if (nvi <= 0) continue; // dead, or already in L_p
        dk += nvi;
        nv[i] = -nvi;
        lp[lpCount++] = i;
        removeDegree(i);
      }
      if (t < elenp) {
        const e = iw[pStart + t];
        state[e] = DEAD;
        len[e] = 0;
      }
    }
    len[p] = 0;
    state[p] = DEAD;

    // Set differences: wVal[e] = |L_e \ L_p| for every live element e adjacent to L_p.
    for (let k = 0; k < lpCount; k++) {
      const i = lp[k];
      const nvi = -nv[i];
      const li = pe[i];
      for (let t = 0, eln = elen[i]; t < eln; t++) {
        const e = iw[li + t];
        if (state[e] !== ELEMENT) continue;
        if (wStamp[e] === step) wVal[e] -= nvi;
        else {
          wStamp[e] = step;
          wVal[e] = degree[e] - nvi;
        }
      }
    }

    // Degree update, element pruning and (aggressive) absorption, mass elimination.
    let nvpiv = nvp;
    for (let k = 0; k < lpCount; k++) {
      const i = lp[k];
      const li = pe[i];
      let pn = 0;
      let d = 0;
      let h = 0;
      const eln = elen[i];
      for (let t = 0; t < eln; t++) {
        const e = iw[li + t];
        if (state[e] !== ELEMENT) continue;
        const dext = wVal[e];
        if (dext > 0) {
          d += dext;
          iw[li + pn++] = e;
          h += e;
        } else {
          // L_e ⊆ L_p: aggressive absorption of e into p.
          state[e] = DEAD;
          len[e] = 0;
        }
      }
      const newElen = pn + 1;
      const p3 = pn;
      for (let t = eln, end = len[i]; t < end; t++) {
        const j = iw[li + t];
        const nvj = nv[j];
        if (nvj <= 0) continue; // dead, p itself, or in L_p (covered by the element p)
        d += nvj;
        iw[li + pn++] = j;
        h += j;
      }
      if (d === 0) {
        // Mass elimination: i is adjacent to nothing outside L_p, eliminate it with p.
        const nvi = -nv[i];
        dk -= nvi;
        nvpiv += nvi;
        nel += nvi;
        nv[i] = 0;
        state[i] = DEAD;
        len[i] = 0;
        emit(i);
        continue;
      }
      if (degree[i] > d) degree[i] = d;
      // Put p first in E_i: the first variable moves to the end, the first element to the end of E_i.
      // The list does not grow (p ∈ A_i or some e ∈ E_p ∩ E_i was dropped above, so pn < len[i]);
      // should it ever, the list moves to the end of the workspace rather than overwrite its neighbour.
      let at = li;
      if (pn >= len[i]) {
        reserve(pn + 1);
        const from = pe[i];
        for (let t = 0; t < pn; t++) iw[free + t] = iw[from + t];
        pe[i] = at = free;
        free += pn + 1;
      }
      iw[at + pn] = iw[at + p3];
      iw[at + p3] = iw[at];
      iw[at] = p;
      len[i] = pn + 1;
      elen[i] = newElen;
      const bucket = h % n;
      hashOf[i] = bucket;
      hashNext[i] = hashHead[bucket];
      hashHead[bucket] = i;
    }
    degree[p] = dk;

    // Supervariable detection: merge indistinguishable variables of L_p (same E_i and A_i).
    for (let k = 0; k < lpCount; k++) {
      const first = lp[k];
      if (nv[first] >= 0) continue;
      const bucket = hashOf[first];
      let i = hashHead[bucket];
      if (i === -1) continue;
      hashHead[bucket] = -1;
      for (; i !== -1 && hashNext[i] !== -1; i = hashNext[i]) {
        cmpStamp++;
        const li = pe[i];
        const leni = len[i];
        const eleni = elen[i];
        for (let t = 1; t < leni; t++) cmpMark[iw[li + t]] = cmpStamp;
        let jlast = i;
        for (let j = hashNext[i]; j !== -1; ) {
          let same = len[j] === leni && elen[j] === eleni;
          const lj = pe[j];
          for (let t = 1; same && t < leni; t++) if (cmpMark[iw[lj + t]] !== cmpStamp) same = false;
          if (same) {
            // j joins supervariable i.
            nv[i] += nv[j];
            nv[j] = 0;
            state[j] = DEAD;
            len[j] = 0;
            memberNext[memberTail[i]] = j;
            memberTail[i] = memberTail[j];
            j = hashNext[j];
            hashNext[jlast] = j;
          } else {
            jlast = j;
            j = hashNext[j];
          }
        }
      }
    }

    // Finalise L_p: restore weights, compute the approximate degrees, return variables to the degree lists.
    let kept = 0;
    for (let k = 0; k < lpCount; k++) {
      const i = lp[k];
      const nvi = -nv[i];
      if (nvi <= 0) continue;
      nv[i] = nvi;
      let d = degree[i] + dk - nvi;
      const remaining = nLive - nel - nvi;
      if (d > remaining) d = remaining;
      degree[i] = d;
      insertDegree(i, d);
      if (d < mindeg) mindeg = d;
      lp[kept++] = i;
    }
    nv[p] = 0;
    if (kept > 0) {
      reserve(kept);
      state[p] = ELEMENT;
      pe[p] = free;
      for (let t = 0; t < kept; t++) iw[free + t] = lp[t];
      free += kept;
      len[p] = kept;
    }
  }
  for (const i of denseRows) order[emitted++] = i;
  return order;
}
