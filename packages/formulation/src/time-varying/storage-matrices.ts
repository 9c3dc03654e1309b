/**
 * The storage scalars of formulation.md section 4 at the value table's current time, and their rates: the
 * diagonals C2 = diag(C_tree), C1 = diag(C_S) and the entries of the inductance matrix over [L; Γ] (diagonal,
 * then one entry per coupled pair), with M given or M = k·sqrt(L_a L_b), whose rate is
 * k̇·sqrt(L_a L_b) + k·(L̇_a L_b + L_a L̇_b) / (2 sqrt(L_a L_b)). Site indices are resolved once; O(#scalars).
 */
import type { Structure } from '@sysgraph/graph';
import type { Rows } from './dense';
import type { ValueTable } from './compiled-values';
import type { StorageMatrices } from './storage-terms';

/** Where a storage scalar sits: a diagonal entry of C2 or C1, or an inductance entry (i, j) and (j, i). */
export type StorageSlot = { readonly kind: 'C2'; readonly i: number } | { readonly kind: 'C1'; readonly i: number } | { readonly kind: 'L'; readonly i: number; readonly j: number };

export interface StorageScalars {
  readonly slots: readonly StorageSlot[];
  /** Writes the current values (or rates) of the scalars into `out`. */
  fill(rates: boolean, out: Float64Array): void;
  /** The matrices with one scalar set to one and every other to zero (for the linear forms). */
  unit(slot: number): StorageMatrices;
}

export function storageScalars(s: Structure, table: ValueTable): StorageScalars {
  const p = s.partition;
  const id = (k: number) => s.graph.ids[k];
  const site = (name: string) => table.index.get(name)!;
  const c2 = Array.from(p.groups.C, (k) => site(id(k)));
  const c1 = Array.from(p.groups.S, (k) => site(id(k)));
  const ind = [...Array.from(p.groups.L), ...Array.from(p.groups.Gamma)].map((k) => site(id(k)));
  const position = new Map([...p.groups.L, ...p.groups.Gamma].map((k, i) => [id(k), i]));
  const pairs = new Map<string, number>();
  const slots: StorageSlot[] = [...c2.map((_, i) => ({ kind: 'C2' as const, i })), ...c1.map((_, i) => ({ kind: 'C1' as const, i })), ...ind.map((_, i) => ({ kind: 'L' as const, i, j: i }))];
  const mutuals = s.description.mutuals.flatMap((m) => {
    const a = position.get(m.between[0]);
    const b = position.get(m.between[1]);
    if (a === undefined || b === undefined) return [];
    const key = `${Math.min(a, b)},${Math.max(a, b)}`;
    let slot = pairs.get(key);
    if (slot === undefined) {
      slot = slots.length;
      pairs.set(key, slot);
      slots.push({ kind: 'L', i: Math.min(a, b), j: Math.max(a, b) });
    }
    return [{ slot, a: ind[a], b: ind[b], site: site(m.id), coupling: m.form === 'coupling' }];
  });
  const nC = c2.length;
  const nS = c1.length;
  const nI = ind.length;
  return {
    slots,
    fill(rates, out) {
      const v = table.values;
      const src = rates ? table.rates : v;
      for (let i = 0; i < nC; i++) out[i] = src[c2[i]];
      for (let i = 0; i < nS; i++) out[nC + i] = src[c1[i]];
      for (let i = 0; i < nI; i++) out[nC + nS + i] = src[ind[i]];
      for (let q = nC + nS + nI; q < slots.length; q++) out[q] = 0;
      for (const mu of mutuals) {
        if (!mu.coupling) out[mu.slot] += src[mu.site];
        else {
          const root = Math.sqrt(v[mu.a] * v[mu.b]);
          out[mu.slot] += rates ? table.rates[mu.site] * root + (v[mu.site] * (table.rates[mu.a] * v[mu.b] + v[mu.a] * table.rates[mu.b])) / (2 * root) : v[mu.site] * root;
        }
      }
    },
    unit(q) {
      const slot = slots[q];
      const C2 = new Float64Array(nC);
      const C1 = new Float64Array(nS);
      const L: Rows = Array.from({ length: nI }, () => new Array<number>(nI).fill(0));
      if (slot.kind === 'C2') C2[slot.i] = 1;
      else if (slot.kind === 'C1') C1[slot.i] = 1;
      else if (slot.kind === 'L') {
        L[slot.i][slot.j] = 1;
        L[slot.j][slot.i] = 1;
      }
      return { C2, C1, L };
    },
  };
}
