/**
 * nonlinearTableau: an independent solve of the full nonlinear branch equations of a network (formulation.md
 * section 13's tableau, nonlinear): no tree, no F, no parser — hand-written law functions, node potentials and
 * branch currents at two levels (values and time derivatives), two-ports by their port laws, solved by
 * Gauss–Newton with minimum-norm steps (pseudo-inverse of a finite-difference Jacobian; the level-1 unknowns that
 * would need a level 2, such as i_S', are not unique, and are not reported).
 *
 * Unknowns: φ, i (every branch and port), and for each storage element its stored quantity s (charge or flux),
 * at level 0 and level 1. Equations, level 0 and their time derivatives at level 1:
 *   KCL at every non-ground node;  E: v = u (v' = u');  J: i = u (i' = u');  R: its law (and its derivative);
 *   transformer v1 = TF v2, i1 = −i2/TF;  gyrator v1 = GY i2, i1 = −v2/GY;
 *   storage law between v and q (or i and λ) and its derivative;  i_C = q' (capacitor), v_L = λ' (inductor);
 *   the given storage values: v of the listed capacitors, i of the listed inductors (level 0 only).
 */
import { Matrix, pseudoInverse } from 'ml-matrix';

export type LawFn = (x: number, t: number) => number;

export interface NlBranch {
  id: string;
  kind: 'E' | 'J' | 'C' | 'L' | 'R';
  from: string;
  to: string;
  /** The law as the description states it: `form` given by fn of the other quantity (charge: q = fn(v), …). */
  law?: { form: 'charge' | 'flux' | 'across' | 'through'; fn: LawFn };
}

export interface NlTwoPort {
  id: string;
  kind: 'TF' | 'GY';
  port1: { from: string; to: string };
  port2: { from: string; to: string };
  ratio: number;
}

export interface NlNetwork {
  branches: NlBranch[];
  twoPorts: NlTwoPort[];
}

export interface NlTableauResult {
  across(id: string): number;
  through(id: string): number;
  /** Level 1: v' of a capacitor, i' of an inductor (the given storage values). */
  rate(id: string): number;
  /** max |residual| / (1 + max |unknown|)³. */
  residual: number;
}

const dd = (f: (x: number) => number, x: number) => {
  const h = 1e-6 * (1 + Math.abs(x));
  return (f(x + h) - f(x - h)) / (2 * h);
};

export function nonlinearTableau(
  net: NlNetwork,
  given: ReadonlyMap<string, number>,
  u: ReadonlyMap<string, number>,
  du: ReadonlyMap<string, number>,
  t: number,
): NlTableauResult {
  type Flat = { id: string; kind: NlBranch['kind'] | 'P'; a: string; b: string; law?: NlBranch['law'] };
  const flat: Flat[] = [
    ...net.branches.map((b) => ({ id: b.id, kind: b.kind, a: b.from, b: b.to, law: b.law })),
    ...net.twoPorts.flatMap((tp) => [
      { id: `${tp.id}.1`, kind: 'P' as const, a: tp.port1.from, b: tp.port1.to },
      { id: `${tp.id}.2`, kind: 'P' as const, a: tp.port2.from, b: tp.port2.to },
    ]),
  ];
  // Grounds: the first node of each connected component.
  const nodes = [...new Set(flat.flatMap((b) => [b.a, b.b]))];
  const parent = new Map(nodes.map((n) => [n, n]));
  const find = (n: string): string => (parent.get(n) === n ? n : find(parent.get(n)!));
  for (const b of flat) parent.set(find(b.a), find(b.b));
  const grounds = new Set<string>();
  const seen = new Set<string>();
  for (const n of nodes) if (!seen.has(find(n))) (seen.add(find(n)), grounds.add(n));
  const free = nodes.filter((n) => !grounds.has(n));
  const B = flat.length;
  const storage = flat.flatMap((b, k) => (b.kind === 'C' || b.kind === 'L' ? [k] : []));
  // Level layout: [φ (free), i (B), s (storage)], twice.
  const level = free.length + B + storage.length;
  const size = 2 * level;
  const phi = (w: number[], n: string, l: number) => (grounds.has(n) ? 0 : w[l * level + free.indexOf(n)]);
  const v = (w: number[], k: number, l: number) => phi(w, flat[k].a, l) - phi(w, flat[k].b, l);
  const i = (w: number[], k: number, l: number) => w[l * level + free.length + k];
  const s = (w: number[], q: number, l: number) => w[l * level + free.length + B + q];
  const index = new Map(flat.map((b, k) => [b.id, k]));

  const residual = (w: number[]): number[] => {
    const r: number[] = [];
    for (const l of [0, 1]) {
      for (const n of free) {
        let sum = 0;
        flat.forEach((b, k) => {
          if (b.a === n) sum += i(w, k, l);
          if (b.b === n) sum -= i(w, k, l);
        });
        r.push(sum);
      }
    }
    flat.forEach((b, k) => {
      if (b.kind === 'E') r.push(v(w, k, 0) - u.get(b.id)!, v(w, k, 1) - du.get(b.id)!);
      else if (b.kind === 'J') r.push(i(w, k, 0) - u.get(b.id)!, i(w, k, 1) - du.get(b.id)!);
      else if (b.kind === 'R') {
        const law = b.law!;
        // through: i = g(v), i' = g'(v) v';  across: v = f(i), v' = f'(i) i'.
        const [x, y] = law.form === 'through' ? [v, i] : [i, v];
        r.push(y(w, k, 0) - law.fn(x(w, k, 0), t), y(w, k, 1) - dd((z) => law.fn(z, t), x(w, k, 0)) * x(w, k, 1) - dd((z) => law.fn(x(w, k, 0), z), t));
      }
    });
    for (const tp of net.twoPorts) {
      const k1 = index.get(`${tp.id}.1`)!;
      const k2 = index.get(`${tp.id}.2`)!;
      for (const l of [0, 1]) {
        if (tp.kind === 'TF') r.push(v(w, k1, l) - tp.ratio * v(w, k2, l), i(w, k1, l) + i(w, k2, l) / tp.ratio);
        else r.push(v(w, k1, l) - tp.ratio * i(w, k2, l), i(w, k1, l) + v(w, k2, l) / tp.ratio);
      }
    }
    storage.forEach((k, q) => {
      const b = flat[k];
      const law = b.law!;
      const isC = b.kind === 'C';
      const e = isC ? v : i; // the element's effort-side quantity: v of a capacitor, i of an inductor
      // charge/flux form: s = fn(e); across/through form: e = fn(s); and the derivatives.
      const stored = law.form === 'charge' || law.form === 'flux';
      const [x, y] = stored ? [(l: number) => e(w, k, l), (l: number) => s(w, q, l)] : [(l: number) => s(w, q, l), (l: number) => e(w, k, l)];
      r.push(y(0) - law.fn(x(0), t), y(1) - dd((z) => law.fn(z, t), x(0)) * x(1) - dd((z) => law.fn(x(0), z), t));
      // i_C = q', v_L = λ'.
      r.push(isC ? i(w, k, 0) - s(w, q, 1) : v(w, k, 0) - s(w, q, 1));
      if (given.has(b.id)) r.push(e(w, k, 0) - given.get(b.id)!);
    });
    return r;
  };

  let w = new Array<number>(size).fill(0);
  let norm = Infinity;
  for (let it = 0; it < 60; it++) {
    const r = residual(w);
    norm = Math.max(...r.map(Math.abs));
    if (norm < 1e-12) break;
    const J = new Matrix(r.length, size);
    for (let j = 0; j < size; j++) {
      const h = 1e-7 * (1 + Math.abs(w[j]));
      const wp = w.slice();
      const wm = w.slice();
      wp[j] += h;
      wm[j] -= h;
      const rp = residual(wp);
      const rm = residual(wm);
      for (let q = 0; q < r.length; q++) J.set(q, j, (rp[q] - rm[q]) / (2 * h));
    }
    const step = pseudoInverse(J).mmul(Matrix.columnVector(r)).to1DArray();
    w = w.map((x, j) => x - step[j]);
  }
  const k = (id: string) => {
    const j = index.get(id);
    if (j === undefined) throw new Error(`no branch ${id}`);
    return j;
  };
  return {
    across: (id) => v(w, k(id), 0),
    through: (id) => i(w, k(id), 0),
    rate: (id) => (flat[k(id)].kind === 'C' ? v(w, k(id), 1) : i(w, k(id), 1)),
    // Relative to the size of the cubic terms the laws of the random networks reach.
    residual: norm / (1 + Math.max(...w.map(Math.abs))) ** 3,
  };
}
