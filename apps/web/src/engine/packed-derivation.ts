/**
 * PackedDerivation: the derivation's lists (tree branches, links, variables, one LaTeX line per equation) as
 * packed strings (packed-strings.ts), what the worker sends: a 5000-section ladder's derivation is ≈ 4·10^4
 * strings, one structured-clone entry each as an array. The page unpacks a small derivation whole and reads a
 * large one line by line as its virtual list shows them.
 */
import type { DerivationView, PackedDerivation } from './protocol';
import { packedCount, packStrings, samePackedStrings, unpackStrings } from './packed-strings';

const LISTS = ['treeBranches', 'links', 'primary', 'secondary', 'states', 'elemental', 'continuity', 'compatibility'] as const;

export function packDerivation(d: DerivationView): PackedDerivation {
  return { ...(Object.fromEntries(LISTS.map((k) => [k, packStrings(d[k])])) as Omit<PackedDerivation, 'counts'>), counts: d.counts };
}

export function unpackDerivation(p: PackedDerivation): DerivationView {
  return { ...(Object.fromEntries(LISTS.map((k) => [k, unpackStrings(p[k])])) as unknown as Omit<DerivationView, 'counts'>), counts: p.counts };
}

/** Elemental, continuity and compatibility equations together. */
export const equationCount = (p: PackedDerivation): number => packedCount(p.elemental) + packedCount(p.continuity) + packedCount(p.compatibility);

export function samePackedDerivation(a: PackedDerivation, b: PackedDerivation): boolean {
  return LISTS.every((k) => samePackedStrings(a[k], b[k])) && JSON.stringify(a.counts) === JSON.stringify(b.counts);
}

export const packedDerivationBuffers = (p: PackedDerivation): ArrayBuffer[] => LISTS.map((k) => p[k].ends.buffer as ArrayBuffer);
