/**
 * detectStructure: the sparsity structure of a square matrix that a solver can exploit without
 * elimination: zero, diagonal, upper or lower triangular, block diagonal (connected components of the
 * symmetric pattern graph, i ~ j when a_ij ≠ 0 or a_ji ≠ 0; union-find, Tarjan 1975), or general.
 */
import type { FieldMatrix } from './field-matrix';

export type MatrixStructure =
  | { readonly kind: 'diagonal' }
  | { readonly kind: 'upper-triangular' }
  | { readonly kind: 'lower-triangular' }
  | { readonly kind: 'block-diagonal'; readonly blocks: readonly (readonly number[])[] }
  | { readonly kind: 'general' };

export function detectStructure<T>(m: FieldMatrix<T>): MatrixStructure {
  const n = m.rows;
  const F = m.field;
  let upper = true;
  let lower = true;
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j || F.isZero(m.get(i, j))) continue;
      if (i > j) upper = false;
      else lower = false;
      const a = find(i);
      const b = find(j);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }
  if (upper && lower) return { kind: 'diagonal' };
  if (upper) return { kind: 'upper-triangular' };
  if (lower) return { kind: 'lower-triangular' };
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const r = find(i);
    const g = groups.get(r);
    if (g) g.push(i);
    else groups.set(r, [i]);
  }
  if (groups.size > 1) return { kind: 'block-diagonal', blocks: [...groups.values()] };
  return { kind: 'general' };
}
