/**
 * Natural order for printed lists of names: v_C1, v_C2, …, v_C10 instead of the code-unit order v_C1, v_C10, v_C11,
 * v_C2 that the model's canonical order (ids compared by code unit) gives. A printing choice only: the state vector
 * and every index into it keep the model's order; the printers list, and show the rows and columns of labelled
 * tables, in this order.
 *
 * Names that differ only in their digit runs (the same skeleton, each digit run replaced by #) are compared run by
 * run, the digit runs by their value (leading zeros dropped; then the full names by code unit, so C01 and C1 stay
 * distinct and ordered); each skeleton's names are put back into the positions that skeleton held, so names of
 * other shapes (v_C… before i_L…, the model's grouping) keep their places.
 */

const DIGITS = /\d+/g;

/** Compares two names of one skeleton: digit runs by value, then the names by code unit. */
function compareNumbered(a: string, b: string): number {
  const ra = a.match(DIGITS) ?? [];
  const rb = b.match(DIGITS) ?? [];
  for (let k = 0; k < Math.min(ra.length, rb.length); k++) {
    const x = ra[k].replace(/^0+(?=\d)/, '');
    const y = rb[k].replace(/^0+(?=\d)/, '');
    if (x.length !== y.length) return x.length - y.length;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The permutation p that prints `names` in natural order: the k-th printed name is names[p[k]]. */
export function naturalPermutation(names: readonly string[]): Int32Array {
  const groups = new Map<string, number[]>();
  for (let i = 0; i < names.length; i++) {
    const skeleton = names[i].replace(DIGITS, '#');
    let g = groups.get(skeleton);
    if (!g) groups.set(skeleton, (g = []));
    g.push(i);
  }
  const p = new Int32Array(names.length);
  for (const slots of groups.values()) {
    const sorted = [...slots].sort((i, j) => compareNumbered(names[i], names[j]));
    slots.forEach((slot, k) => (p[slot] = sorted[k]));
  }
  return p;
}

/** `names` in natural order. */
export function naturalOrder(names: readonly string[]): string[] {
  return Array.from(naturalPermutation(names), (i) => names[i]);
}
