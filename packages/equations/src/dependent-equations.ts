/**
 * dependentEquations: why a square linear system M z = b of the set has no unique solution, in the user's terms.
 * Gaussian elimination with partial pivoting on M at the parameter values (a parameter without a value takes a
 * fixed generic value: a structural singularity is singular at every value), tracking each reduced row as a
 * combination of the original equations. A row that reduces to zero is a combination Σ λ_k (equation k) = 0 of
 * the rows with λ_k ≠ 0: those equations are dependent; if the same combination of b is not zero they contradict
 * each other (inconsistent), else they say one thing twice and a variable is left undetermined (underdetermined).
 * The columns without a pivot are the undetermined unknowns.
 */
export interface Dependency {
  /** Indices of the equations (rows) of the dependent combination, in row order. */
  readonly rows: readonly number[];
  /** Indices of the unknowns (columns) no equation determines. */
  readonly columns: readonly number[];
  readonly inconsistent: boolean;
}

export function dependentEquations(M: readonly (readonly number[])[], b: readonly (readonly number[])[]): Dependency | undefined {
  const n = M.length;
  const cols = n === 0 ? 0 : M[0].length;
  const scale = Math.max(1e-300, ...M.flatMap((r) => r.map(Math.abs)));
  const tol = 1e-10 * scale;
  // rows reduced so far: [coefficients, combination λ, right side]
  const pivots: { row: number[]; lambda: number[]; rhs: number[]; col: number }[] = [];
  for (let i = 0; i < n; i++) {
    const row = [...M[i]];
    const lambda = new Array<number>(n).fill(0);
    lambda[i] = 1;
    const rhs = [...(b[i] ?? [])];
    for (const p of pivots) {
      const f = row[p.col] / p.row[p.col];
      if (f === 0) continue;
      for (let j = 0; j < cols; j++) row[j] -= f * p.row[j];
      for (let k = 0; k < n; k++) lambda[k] -= f * p.lambda[k];
      for (let k = 0; k < rhs.length; k++) rhs[k] -= f * p.rhs[k];
    }
    let best = -1;
    for (let j = 0; j < cols; j++) if (Math.abs(row[j]) > tol && (best < 0 || Math.abs(row[j]) > Math.abs(row[best]))) best = j;
    if (best < 0) {
      const lmax = Math.max(...lambda.map(Math.abs));
      const rows = lambda.flatMap((l, k) => (Math.abs(l) > 1e-9 * lmax ? [k] : []));
      const bscale = Math.max(1e-300, ...b.flatMap((r) => r.map(Math.abs)));
      const inconsistent = rhs.some((x) => Math.abs(x) > 1e-9 * bscale * lmax);
      const pivoted = new Set(pivots.map((p) => p.col));
      // the unknowns left without an equation once all rows are reduced
      for (let k = i + 1; k < n; k++) {
        const r = [...M[k]];
        for (const p of pivots) {
          const f = r[p.col] / p.row[p.col];
          if (f !== 0) for (let j = 0; j < cols; j++) r[j] -= f * p.row[j];
        }
        let c = -1;
        for (let j = 0; j < cols; j++) if (Math.abs(r[j]) > tol && (c < 0 || Math.abs(r[j]) > Math.abs(r[c]))) c = j;
        if (c >= 0) {
          pivots.push({ row: r, lambda: [], rhs: [], col: c });
          pivoted.add(c);
        }
      }
      const columns = Array.from({ length: cols }, (_, j) => j).filter((j) => !pivoted.has(j));
      return { rows, columns, inconsistent };
    }
    pivots.push({ row, lambda, rhs, col: best });
  }
  return undefined;
}
