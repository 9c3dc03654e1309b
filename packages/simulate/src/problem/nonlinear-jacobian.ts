/**
 * The Jacobian ∂f/∂x of a NonlinearModel for the stiff solvers, never failing silently and never crashing:
 *  1. the model's own `jacobian`, when it has one and it succeeds with finite entries (dense rows or CSR; a CSR
 *     pattern is remembered for later differences);
 *  2. where it throws 'bad-law' (a law not differentiable here, d sqrt(v)/dv at v = 0) or returns a non-finite
 *     entry — or when the model has none — one-sided differences of f that stay inside the laws' domains
 *     (difference-jacobian.ts): coloured on the remembered pattern, dense for n ≤ 200, else column by column
 *     into CSR (the pattern then found is coloured in later calls; no dense n×n matrix for n > 200);
 *  3. where f is not finite on either side of a state: JacobianUnavailable naming that state.
 * Each switch to differences is said once in `notes`.
 */
import { SysgraphError, isSysgraphError } from '@sysgraph/core';
import type { DenseMatrix } from '@sysgraph/linalg';
import { checkCsr, CsrMatrix } from '@sysgraph/linalg';
import type { NonlinearModel } from '../model';
import type { SolverStats } from '../stats';
import { isCsr, toOperator } from './linear-operator';
import { colourColumns } from '../sparse/column-colouring';
import type { ColumnColouring } from '../sparse/column-colouring';
import { colouredDifference, denseDifference, detectedDifference, isFailure } from './difference-jacobian';
import type { DifferenceFailure, Rhs } from './difference-jacobian';
import { JacobianUnavailable } from './jacobian-unavailable';

/** The largest model whose Jacobian may be formed dense (differences without a pattern, eigenvalues). */
export const DENSE_JACOBIAN_MAX_STATES = 200;

export type Jacobian = { readonly kind: 'sparse'; readonly csr: CsrMatrix } | { readonly kind: 'dense'; readonly dense: DenseMatrix };

export interface JacobianSource {
  /** ∂f/∂x at (t, z); u, du are the inputs at t (for the model's own Jacobian). */
  evaluate(t: number, z: Float64Array, u: Float64Array, du: Float64Array): Jacobian;
  /** What was done instead of the model's Jacobian, each kind once. */
  readonly notes: string[];
}

function nonFinite(j: Jacobian): string | undefined {
  if (j.kind === 'sparse') {
    const { values, rowPtr, colIdx, rows } = j.csr;
    // one flat pass (x − x is 0 exactly for finite x); the rows are walked only to name a bad entry
    let bad = false;
    for (let p = 0; p < values.length; p++) {
      const v = values[p];
      if (v - v !== 0) {
        bad = true;
        break;
      }
    }
    if (!bad) return undefined;
    for (let i = 0; i < rows; i++) {
      for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) if (!Number.isFinite(values[p])) return `entry (${i}, ${colIdx[p]}) is ${values[p]}`;
    }
    return undefined;
  }
  const { data, cols } = j.dense;
  for (let k = 0; k < data.length; k++) if (!Number.isFinite(data[k])) return `entry (${Math.floor(k / cols)}, ${k % cols}) is ${data[k]}`;
  return undefined;
}

/** Same arrays, or equal contents (a model that allocates its pattern anew on each call): O(nnz). */
function samePattern(a: CsrMatrix, b: CsrMatrix): boolean {
  if (a.rowPtr === b.rowPtr && a.colIdx === b.colIdx) return true;
  if (a.rows !== b.rows || a.cols !== b.cols || a.nnz !== b.nnz) return false;
  for (let i = 0; i <= a.rows; i++) if (a.rowPtr[i] !== b.rowPtr[i]) return false;
  for (let p = 0; p < a.nnz; p++) if (a.colIdx[p] !== b.colIdx[p]) return false;
  return true;
}

export function createJacobianSource(model: NonlinearModel, rhs: Rhs, stats: SolverStats): JacobianSource {
  const n = model.stateNames.length;
  const notes: string[] = [];
  const said = new Set<string>();
  const note = (key: string, line: string) => {
    if (said.has(key)) return;
    said.add(key);
    notes.push(line);
  };
  let pattern: CsrMatrix | undefined;
  let colouring: ColumnColouring | undefined;
  const f0 = new Float64Array(n);

  const differences = (t: number, z: Float64Array, why: string): Jacobian => {
    rhs(t, z, f0);
    for (let i = 0; i < n; i++) if (!Number.isFinite(f0[i])) throw new JacobianUnavailable(model.stateNames[i], t, `f is not finite at this state (row ${model.stateNames[i]})`);
    let result: CsrMatrix | DenseMatrix | DifferenceFailure;
    if (pattern) {
      colouring ??= colourColumns(pattern);
      result = colouredDifference(rhs, t, z, f0, pattern, colouring);
    } else if (n <= DENSE_JACOBIAN_MAX_STATES) {
      result = denseDifference(rhs, t, z, f0);
    } else {
      result = detectedDifference(rhs, t, z, f0);
      if (!isFailure(result)) {
        pattern = result;
        colouring = undefined;
      }
    }
    if (isFailure(result)) throw new JacobianUnavailable(model.stateNames[result.failedColumn], t, why);
    return result instanceof CsrMatrix ? { kind: 'sparse', csr: result } : { kind: 'dense', dense: result };
  };

  return {
    notes,
    evaluate(t, z, u, du) {
      stats.jacobianEvaluations++;
      if (!model.jacobian) {
        note('none', `the model has no Jacobian: one-sided differences of f${n > DENSE_JACOBIAN_MAX_STATES ? ', sparse (pattern found by differences once, then column colouring)' : ''}`);
        return differences(t, z, 'the model has no Jacobian');
      }
      let why: string;
      try {
        const raw = model.jacobian(t, z, u, du);
        const j: Jacobian = isCsr(raw) ? { kind: 'sparse', csr: raw } : { kind: 'dense', dense: toOperator(raw, n, n, 'jacobian').toDense() };
        const bad = model.jacobianFinite?.() === true ? undefined : nonFinite(j);
        if (bad === undefined) {
          if (j.kind === 'sparse' && !(pattern && samePattern(pattern, j.csr))) {
            if (j.csr.rows !== n || j.csr.cols !== n) throw new SysgraphError('bad-value', `the model's Jacobian is ${j.csr.rows}×${j.csr.cols}, expected ${n}×${n}`, { element: 'jacobian', field: 'rows', expected: `${n}×${n} (one row and column per state)` });
            checkCsr(j.csr, 'jacobian');
            pattern = j.csr;
            colouring = undefined;
          }
          return j;
        }
        why = `the model's Jacobian has a non-finite ${bad}`;
      } catch (e) {
        if (!isSysgraphError(e) || e.code !== 'bad-law') throw e;
        why = e.message;
      }
      note('fallback', `${why} (t = ${t}): one-sided differences of f that stay inside the laws' domains in its place, there and wherever it fails again`);
      return differences(t, z, why);
    },
  };
}
