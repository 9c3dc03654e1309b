/**
 * Sorting a short run of column indices in place: the rows of a sparse pattern hold a few entries each, where an
 * insertion sort allocates nothing and beats a subarray and the library sort per row; longer runs take the typed
 * array's own sort.
 */

/** Runs longer than this take the typed array's sort. */
export const SHORT_ROW = 32;

/** Sorts idx[start..end) ascending: insertion sort for short runs (no allocation), the typed-array sort beyond. */
export function sortRun(idx: Int32Array, start: number, end: number): void {
  if (end - start > SHORT_ROW) {
    idx.subarray(start, end).sort();
    return;
  }
  for (let p = start + 1; p < end; p++) {
    const x = idx[p];
    let q = p - 1;
    while (q >= start && idx[q] > x) {
      idx[q + 1] = idx[q];
      q--;
    }
    idx[q + 1] = x;
  }
}
