/**
 * The storage function of a linear network (the co-energy of its storage elements, equal to the energy for
 * linear elements):
 *
 *     W = Σ_A ½ C v²  +  ½ iᵀ L i        (A-type: capacitors, masses, inertias, fluid and thermal capacitances;
 *                                          T-type: inductors with their mutual inductances, springs L = 1/k,
 *                                          inertances)
 *
 * `inductanceMatrix` is the symmetric L over the T-type elements, M = k √(L1 L2) for a coupling coefficient.
 */
import type { SystemDescription } from '@sysgraph/description';
import { evaluateExpression } from '@sysgraph/description';

export interface StorageValues {
  /** A-type elements and their C. */
  readonly capacitive: readonly { readonly id: string; readonly value: number }[];
  /** T-type element ids, in the order of the rows of `inductance`. */
  readonly inductive: readonly string[];
  readonly inductance: readonly (readonly number[])[];
}

export function storageValues(desc: SystemDescription): StorageValues {
  const value = (e: { value: Parameters<typeof evaluateExpression>[0] }) => evaluateExpression(e.value, desc.parameters);
  const capacitive = desc.oneports.filter((e) => e.type === 'A').map((e) => ({ id: e.id, value: value(e) }));
  const ts = desc.oneports.filter((e) => e.type === 'T');
  const inductive = ts.map((e) => e.id);
  const L = ts.map((e, i) => ts.map((_, j) => (i === j ? value(e) : 0)));
  for (const m of desc.mutuals) {
    const a = inductive.indexOf(m.between[0]);
    const b = inductive.indexOf(m.between[1]);
    if (a < 0 || b < 0) continue;
    const v = evaluateExpression(m.value, desc.parameters);
    const M = m.form === 'coupling' ? v * Math.sqrt(L[a][a] * L[b][b]) : v;
    L[a][b] += M;
    L[b][a] += M;
  }
  return { capacitive, inductive, inductance: L };
}

/** ½ C v² of each A-type element and ½ iᵀ L i split by element (element j: ½ i_j Σ_k L_jk i_k), at one instant. */
export function storedEnergies(s: StorageValues, across: (id: string) => number, through: (id: string) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of s.capacitive) out.set(c.id, 0.5 * c.value * across(c.id) ** 2);
  const i = s.inductive.map(through);
  s.inductive.forEach((id, j) => {
    let li = 0;
    for (let k = 0; k < i.length; k++) li += s.inductance[j][k] * i[k];
    out.set(id, 0.5 * i[j] * li);
  });
  return out;
}
