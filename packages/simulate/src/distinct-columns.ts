/**
 * distinctColumns: a trace whose every column has one name, for writing (CSV, JSON, tables, plots). A model's
 * output may carry the name of a state (rlc-series outputs v_C1 and i_L1, which are also its states), so the
 * trace [t, states…, outputs…] can repeat a name. A column that repeats an earlier column's name is
 *
 *   dropped   when its values are the earlier column's: |a_k − b_k| ≤ 1e-12·max_k |a_k| at every row
 *             (the output is the state: written once, under the state's name);
 *   renamed   NAME#2, NAME#3, … otherwise (a different quantity under a name already taken), so that no
 *             column is lost and none is ambiguous.
 */
import type { Trace } from './trace';

/** Relative tolerance of "the same values" (round-off of y = C x̃ + D u against x = x̃ + Bd u). */
export const SAME_COLUMN_TOLERANCE = 1e-12;

export function distinctColumns(trace: Trace): Trace {
  const seen = new Map<string, number[]>();
  const keep: number[] = [];
  const names: string[] = [];
  trace.names.forEach((name, j) => {
    const earlier = seen.get(name);
    if (!earlier) {
      seen.set(name, [j]);
      keep.push(j);
      names.push(name);
      return;
    }
    if (earlier.some((i) => sameValues(trace.columns[i], trace.columns[j]))) return;
    earlier.push(j);
    let k = earlier.length;
    while (seen.has(`${name}#${k}`) || trace.names.includes(`${name}#${k}`)) k++;
    keep.push(j);
    names.push(`${name}#${k}`);
  });
  if (keep.length === trace.names.length && names.every((nm, k) => nm === trace.names[k])) return trace;
  return { names, units: keep.map((j) => trace.units[j] ?? ''), columns: keep.map((j) => trace.columns[j]) };
}

function sameValues(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  let peak = 0;
  for (let k = 0; k < a.length; k++) peak = Math.max(peak, Math.abs(a[k]), Math.abs(b[k]));
  const tol = SAME_COLUMN_TOLERANCE * peak;
  for (let k = 0; k < a.length; k++) {
    if (a[k] === b[k]) continue;
    if (!(Math.abs(a[k] - b[k]) <= tol)) return false;
  }
  return true;
}
