/**
 * rankBranchIds: the canonical order of the branch ids (code-unit order, JavaScript's `<`; every tie-break of
 * the tree and the partition sorts on it) as a permutation and its inverse, and the check that no id repeats.
 * The description's order (BranchNumbering.idOrder, which parseSystem computes anyway to find repeated ids) is
 * used when it is a strictly increasing arrangement of these ids, which is checked in O(B) comparisons and
 * proves both the order and the uniqueness; otherwise the ids are sorted here by codeUnitOrder (radix sort).
 * Cost: O(B) with a valid hint, O(L + B) otherwise (L the total length of the ids).
 */
import { SysgraphError } from '@sysgraph/core';
import { codeUnitOrder } from '@sysgraph/description';

export interface IdRanks {
  /** Branch indices in canonical id order. */
  readonly idOrder: Int32Array;
  /** idRank[k]: the position of branch k in idOrder. */
  readonly idRank: Int32Array;
}

/** The branch a repeated id belongs to, to name in the error. */
export type ElementOfBranch = (branch: number) => string;

export function rankBranchIds(ids: readonly string[], elementOf: ElementOfBranch, hint?: Int32Array): IdRanks {
  const B = ids.length;
  if (hint !== undefined) {
    const idRank = ranksOfIncreasing(ids, hint);
    if (idRank !== undefined) return { idOrder: hint, idRank };
  }
  const idOrder = codeUnitOrder(ids);
  const idRank = new Int32Array(B);
  let duplicate = -1;
  for (let r = 0; r < B; r++) {
    const k = idOrder[r];
    idRank[k] = r;
    // Equal ids are neighbours, in branch order (the sort is stable): name the second use that comes first.
    if (r > 0 && ids[k] === ids[idOrder[r - 1]] && (duplicate < 0 || k < duplicate)) duplicate = k;
  }
  if (duplicate >= 0) {
    throw new SysgraphError('duplicate-id', `branch id "${ids[duplicate]}" is used twice`, {
      element: elementOf(duplicate),
      field: 'id',
      expected: 'unique ids (two-port ports are named <id>.1 and <id>.2)',
    });
  }
  return { idOrder, idRank };
}

/**
 * The ranks (inverse permutation) of `order` when it lists every index of `ids` once with
 * ids[order[0]] < ids[order[1]] < …, else undefined: O(B). Strictly increasing ids are distinct, so the
 * indices are distinct too (a permutation) and no id repeats.
 */
function ranksOfIncreasing(ids: readonly string[], order: Int32Array): Int32Array | undefined {
  const B = ids.length;
  if (order.length !== B) return undefined;
  const rank = new Int32Array(B);
  let previous = '';
  for (let r = 0; r < B; r++) {
    const k = order[r];
    if (!(k >= 0 && k < B)) return undefined;
    const id = ids[k];
    if (r > 0 && !(previous < id)) return undefined;
    rank[k] = r;
    previous = id;
  }
  return rank;
}
