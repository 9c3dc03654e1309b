/**
 * The element matrices of formulation.md section 4, in the partition's order:
 *   C2 = diag(C_tree), C1 = diag(C_S);
 *   the inductance matrix over [L; Γ] split as [[L11, L12], [L21, L22]] (mutual couplings anywhere);
 *   the static hybrid matrix [i_σ; v_ρ] = H [v_σ; i_ρ], σ = [G; θ; γT], ρ = [R; α; γL]:
 *     tree resistor:   Hσσ[g,g] = 1/R_g            link resistor: Hρρ[r,r] = R_r
 *     transformer (tree port θ, link port α): v_α = K v_θ, i_θ = −K i_α, K = TF if θ is port 2, 1/TF if port 1
 *                      Hρσ[α,θ] = K, Hσρ[θ,α] = −K
 *     gyrator in the tree:    i_γT = Y v_γT, Y = [[0, −1/GY], [1/GY, 0]]
 *     gyrator in the co-tree: v_γL = Z i_γL, Z = [[0, GY], [−GY, 0]]
 * Every one-port's value is read once, and with it whether the one-port has a law (`withLaw`).
 */
import { SysgraphError } from '@sysgraph/core';
import type { OnePort, SystemDescription } from '@sysgraph/description';
import type { LinearGraph, Partition } from '@sysgraph/graph';
import type { Backend } from './backend';

export interface ElementMatrices<M> {
  readonly C2: M;
  readonly C1: M;
  readonly L11: M;
  readonly L12: M;
  readonly L21: M;
  readonly L22: M;
  readonly Hss: M;
  readonly Hsr: M;
  readonly Hrs: M;
  readonly Hrr: M;
  /** σ = [G; θ; γT] and ρ = [R; α; γL] as branch indices. */
  readonly sigma: Int32Array;
  readonly rho: Int32Array;
  /** Ids of the one-ports given by a law, in the description's order. */
  readonly withLaw: readonly string[];
}

export function elementMatrices<M, T>(p: Partition, desc: SystemDescription, be: Backend<M, T>): ElementMatrices<M> {
  const alg = be.algebra;
  const F = alg.field;
  const lg = p.loop.tree.graph;
  const oneports = desc.oneports;
  const oneportOf = oneportLookup(lg.ids, oneports);
  // seen[j]: 1 once one-port j's value was read, 2 if it has a law as well.
  const seen = new Uint8Array(oneports.length);
  const valueOf = (k: number): T => {
    const j = oneportOf(k);
    const e = oneports[j];
    seen[j] = e.law === undefined ? 1 : 2;
    return be.scalar(e.value, { element: e.id, field: 'value' });
  };
  const valuesOf = (branches: ArrayLike<number>): T[] => {
    const out = new Array<T>(branches.length);
    for (let i = 0; i < branches.length; i++) out[i] = valueOf(branches[i]);
    return out;
  };

  const C2 = alg.diag(valuesOf(p.groups.C));
  const C1 = alg.diag(valuesOf(p.groups.S));

  // Inductance matrix over [L; Γ].
  const ind = concat(p.groups.L, p.groups.Gamma);
  const Lvals = valuesOf(ind);
  const nL = p.groups.L.length;
  const nG = p.groups.Gamma.length;
  const rL = Int32Array.from({ length: nL }, (_, i) => i);
  const rG = Int32Array.from({ length: nG }, (_, i) => nL + i);
  const pick = (M: M, rows: Int32Array, cols: Int32Array) => alg.selectCols(alg.selectRows(M, rows), cols);
  const posInd = new Map(desc.mutuals.length > 0 ? Array.from(ind, (k, i) => [lg.ids[k], i]) : []);
  const entries: [number, number, T][] = [];
  for (const m of desc.mutuals) {
    const i = posInd.get(m.between[0]);
    const j = posInd.get(m.between[1]);
    if (i === undefined || j === undefined) continue;
    let M = be.scalar(m.value, { element: m.id, field: m.form === 'inductance' ? 'value' : 'coupling' });
    if (m.form === 'coupling') M = F.mul(M, be.sqrt(F.mul(Lvals[i], Lvals[j]), { element: m.id, field: 'coupling' }));
    entries.push([i, j, M], [j, i, M]);
  }
  const Lfull = entries.length > 0 ? alg.add(alg.diag(Lvals), alg.fromEntries(ind.length, ind.length, entries)) : undefined;
  const inductance = (rows: Int32Array, cols: Int32Array, diagonalBlock: boolean): M => {
    if (Lfull) return pick(Lfull, rows, cols);
    if (!diagonalBlock) return alg.zeros(rows.length, cols.length);
    return alg.diag(Array.from(rows, (i) => Lvals[i]));
  };

  // Static hybrid matrix.
  const sigma = concat(p.groups.G, p.groups.theta, p.groups.gammaT);
  const rho = concat(p.groups.R, p.groups.alpha, p.groups.gammaL);
  const position = new Int32Array(lg.ids.length).fill(-1);
  for (let i = 0; i < sigma.length; i++) position[sigma[i]] = i;
  for (let i = 0; i < rho.length; i++) position[rho[i]] = i;
  const sPos = { has: (k: number) => position[k] >= 0 && sigma[position[k]] === k, get: (k: number) => position[k] };
  const rPos = { get: (k: number) => position[k] };
  const ss: [number, number, T][] = [];
  const sr: [number, number, T][] = [];
  const rs: [number, number, T][] = [];
  const rr: [number, number, T][] = [];
  // Resistors: diagonal blocks, given as value lists (the two-port entries are added below).
  const ssDiag = new Array<T>(sigma.length).fill(F.zero);
  for (let i = 0; i < p.groups.G.length; i++) ssDiag[i] = reciprocal(F, valueOf(p.groups.G[i]), lg.ids[p.groups.G[i]], 'value');
  const rrDiag = new Array<T>(rho.length).fill(F.zero);
  for (let i = 0; i < p.groups.R.length; i++) rrDiag[i] = valueOf(p.groups.R[i]);
  const twoPort = new Map(desc.twoPorts.map((t) => [t.id, t]));
  for (const tp of lg.twoPorts) {
    const ratio = be.scalar(twoPort.get(tp.id)!.ratio, { element: tp.id, field: 'ratio' });
    const [p1, p2] = tp.ports;
    if (tp.kind === 'transformer') {
      const thetaIsPort2 = sPos.has(p2);
      const theta = thetaIsPort2 ? p2 : p1;
      const alpha = thetaIsPort2 ? p1 : p2;
      const K = thetaIsPort2 ? ratio : reciprocal(F, ratio, tp.id, 'ratio');
      rs.push([rPos.get(alpha)!, sPos.get(theta)!, K]);
      sr.push([sPos.get(theta)!, rPos.get(alpha)!, F.neg(K)]);
    } else if (sPos.has(p1)) {
      const a = sPos.get(p1)!;
      const b = sPos.get(p2)!;
      const y = reciprocal(F, ratio, tp.id, 'ratio');
      ss.push([a, b, F.neg(y)], [b, a, y]);
    } else {
      const a = rPos.get(p1)!;
      const b = rPos.get(p2)!;
      rr.push([a, b, ratio], [b, a, F.neg(ratio)]);
    }
  }
  const ns = sigma.length;
  const nr = rho.length;
  return {
    C2,
    C1,
    L11: inductance(rL, rL, true),
    L12: inductance(rL, rG, false),
    L21: inductance(rG, rL, false),
    L22: inductance(rG, rG, true),
    Hss: ss.length > 0 ? alg.add(alg.diag(ssDiag), alg.fromEntries(ns, ns, ss)) : alg.diag(ssDiag),
    Hsr: alg.fromEntries(ns, nr, sr),
    Hrs: alg.fromEntries(nr, ns, rs),
    Hrr: rr.length > 0 ? alg.add(alg.diag(rrDiag), alg.fromEntries(nr, nr, rr)) : alg.diag(rrDiag),
    sigma,
    rho,
    withLaw: oneportsWithLaw(oneports, seen),
  };
}

/** The ids of the one-ports with a law, in order: from `seen` where their value was read, else from the one-port. */
function oneportsWithLaw(oneports: readonly OnePort[], seen: Uint8Array): string[] {
  const out: string[] = [];
  for (let j = 0; j < oneports.length; j++) {
    if (seen[j] === 2 || (seen[j] === 0 && oneports[j].law !== undefined)) out.push(oneports[j].id);
  }
  return out;
}

/**
 * The index in `oneports` of branch k's one-port. The linear graph numbers the one-ports first, in the
 * description's order, so branch k is usually oneports[k] (checked by id); a description in another order is
 * looked up by id. O(1) per branch in the first case, one map of the one-ports otherwise.
 */
function oneportLookup(ids: LinearGraph['ids'], oneports: readonly OnePort[]): (k: number) => number {
  let byId: Map<string, number> | undefined;
  return (k) => {
    const id = ids[k];
    const e = oneports[k];
    if (e !== undefined && e.id === id) return k;
    byId ??= new Map(oneports.map((o, j) => [o.id, j]));
    return byId.get(id)!;
  };
}

function concat(...parts: Int32Array[]): Int32Array {
  let n = 0;
  for (const a of parts) n += a.length;
  const out = new Int32Array(n);
  let at = 0;
  for (const a of parts) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

/** 1/a for the element's field; an exact zero (a tree resistor of 0 Ω, a ratio of 0) is a typed error naming it. */
function reciprocal<T>(F: { readonly one: T; isZero(a: T): boolean; div(a: T, b: T): T }, a: T, element: string, field: string): T {
  if (F.isZero(a)) {
    throw new SysgraphError('bad-value', `${element}.${field} is zero: its reciprocal (a conductance, or the inverse ratio of a two-port) is infinite`, {
      element,
      field,
      expected: field === 'ratio' ? 'a nonzero ratio' : 'a nonzero resistance (model a short circuit by joining the nodes)',
    });
  }
  return F.div(F.one, a);
}
