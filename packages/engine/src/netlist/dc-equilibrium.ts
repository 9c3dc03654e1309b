/**
 * dcEquilibrium: the equilibrium of a numeric state-space model with its inputs held at u0, some inputs left free
 * (the currents that hold `.ic` nodes) and as many outputs pinned (the held node voltages). With x = x̃ + Bd u:
 *
 *   dense model:   x̃' = A x̃ + B u                     → F = A,  G = B
 *   sparse model:  E x̃' = A0 x̃ + (B0 + A0 Bd) u       → F = A0, G = B0 + A0 Bd
 *   outputs:       y = C x̃ + D u (+ E_u u', zero at DC)
 *
 * Unknowns x̃ and the free inputs j (index set J; the given inputs are the set U):
 *
 *   [ F     G_J  ] [x̃]   [ −G_U u0           ]
 *   [ C_P   D_PJ ] [j ] = [ y_P − D_PU u0      ]
 *
 * one sparse LU (threshold pivoting, AMD order); x = x̃ + Bd u with u = (u0, j). A singular matrix (a state no DC
 * path fixes: a capacitor fed only by current sources, a floating capacitor, an inductor in a loop of voltage
 * sources) is thrown by the LU as SingularMatrixError naming the column; a solution whose residual is not small
 * (1e-8 of |b_i| + ‖K_i‖₁ ‖z‖∞ in some row: a nearly singular matrix) is reported as column −1.
 * Cost: one sparse LU of the (n + h)² bordered matrix, h = pinned outputs.
 */
import type { CsrMatrix } from '@sysgraph/linalg';
import { SingularMatrixError, csrAdd, csrFromDense, csrMul, csrMulVec, csrMulVecAdd, csrFromTriplets, factorSparseLU } from '@sysgraph/linalg';
import type { StateSpace } from '@sysgraph/formulation';

export interface EquilibriumProblem {
  /** The numeric model (dense or sparse backend). */
  readonly ss: StateSpace<unknown>;
  /** u0 for every input; the free inputs' entries are ignored. */
  readonly u0: ArrayLike<number>;
  /** Indices of the free inputs (solved for), one per pinned output. */
  readonly free: readonly number[];
  /** Indices of the pinned outputs and their values. */
  readonly pinned: readonly number[];
  readonly values: readonly number[];
}

export interface Equilibrium {
  /** Physical state x = x̃ + Bd u, in the model's state order. */
  readonly x: Float64Array;
  /** The free inputs' values (the currents holding the pinned outputs). */
  readonly j: Float64Array;
  /** G = the input matrix of x̃' in the equations' row order (for naming the sources of a singular row). */
  readonly G: CsrMatrix;
}

const asCsr = (m: unknown): CsrMatrix => (Array.isArray(m) ? csrFromDense(m as number[][]) : (m as CsrMatrix));

/** The model's F, G, C, D, Bd as CSR. */
export function equilibriumMatrices(ss: StateSpace<unknown>): { F: CsrMatrix; G: CsrMatrix; C: CsrMatrix; D: CsrMatrix; Bd: CsrMatrix } {
  const Bd = asCsr(ss.Bd);
  if (ss.backend === 'sparse') {
    const d = ss.descriptor as { A0: CsrMatrix; B0: CsrMatrix };
    return { F: d.A0, G: csrAdd(1, d.B0, 1, csrMul(d.A0, Bd)), C: asCsr(ss.C), D: asCsr(ss.D), Bd };
  }
  return { F: asCsr(ss.A), G: asCsr(ss.B), C: asCsr(ss.C), D: asCsr(ss.D), Bd };
}

/** Columns of a CSR matrix as a dense vector product restricted to a column set: y = M[:, cols] v. */
function mulColumns(m: CsrMatrix, cols: readonly number[], v: ArrayLike<number>, y: Float64Array, alpha: number): void {
  const where = new Map(cols.map((c, k) => [c, k]));
  for (let i = 0; i < m.rows; i++) {
    for (let p = m.rowPtr[i]; p < m.rowPtr[i + 1]; p++) {
      const k = where.get(m.colIdx[p]);
      if (k !== undefined) y[i] += alpha * m.values[p] * v[k];
    }
  }
}

/** The bordered matrix K and right-hand side of the problem, with the model's matrices. */
export interface BorderedSystem {
  readonly K: CsrMatrix;
  readonly rhs: Float64Array;
  readonly n: number;
  readonly G: CsrMatrix;
  readonly Bd: CsrMatrix;
}

export function borderedSystem(problem: EquilibriumProblem): BorderedSystem {
  const { ss, u0, free, pinned, values } = problem;
  const { F, G, C, D, Bd } = equilibriumMatrices(ss);
  const n = F.rows;
  const h = free.length;
  const m = G.cols;
  const given = [...Array(m).keys()].filter((k) => !free.includes(k));
  const uGiven = given.map((k) => u0[k]);
  // Bordered matrix by triplets.
  const ri: number[] = [];
  const ci: number[] = [];
  const v: number[] = [];
  const freeAt = new Map(free.map((c, k) => [c, k]));
  for (let i = 0; i < n; i++) {
    for (let p = F.rowPtr[i]; p < F.rowPtr[i + 1]; p++) ri.push(i), ci.push(F.colIdx[p]), v.push(F.values[p]);
    for (let p = G.rowPtr[i]; p < G.rowPtr[i + 1]; p++) {
      const k = freeAt.get(G.colIdx[p]);
      if (k !== undefined) ri.push(i), ci.push(n + k), v.push(G.values[p]);
    }
  }
  pinned.forEach((row, r) => {
    for (let p = C.rowPtr[row]; p < C.rowPtr[row + 1]; p++) ri.push(n + r), ci.push(C.colIdx[p]), v.push(C.values[p]);
    for (let p = D.rowPtr[row]; p < D.rowPtr[row + 1]; p++) {
      const k = freeAt.get(D.colIdx[p]);
      if (k !== undefined) ri.push(n + r), ci.push(n + k), v.push(D.values[p]);
    }
  });
  const K = csrFromTriplets(n + h, n + h, ri, ci, v, { dropZeros: true });
  const rhs = new Float64Array(n + h);
  const gu = new Float64Array(n);
  mulColumns(G, given, uGiven, gu, 1);
  for (let i = 0; i < n; i++) rhs[i] = -gu[i];
  const du = new Float64Array(D.rows);
  mulColumns(D, given, uGiven, du, 1);
  pinned.forEach((row, r) => (rhs[n + r] = values[r] - du[row]));
  return { K, rhs, n, G, Bd };
}

export function dcEquilibrium(problem: EquilibriumProblem): Equilibrium {
  const { u0, free } = problem;
  const { K, rhs, n, G, Bd } = borderedSystem(problem);
  const h = free.length;
  const m = G.cols;
  const freeAt = new Map(free.map((c, k) => [c, k]));
  if (n + h === 0) return { x: new Float64Array(0), j: new Float64Array(0), G };
  const lu = factorSparseLU(K, { singularTol: 1e-12 });
  const z = lu.solve(rhs);
  // A nearly singular matrix passes the pivot test and returns a solution that does not satisfy the equations.
  // Row i is judged against |b_i| + ‖K_i‖₁ ‖z‖∞ (the size its terms may have; rounding in one small entry of z
  // is no failure).
  const r = csrMulVec(K, z);
  const zMax = z.reduce((a, x) => Math.max(a, Math.abs(x)), 0);
  for (let i = 0; i < n + h; i++) {
    let row = 0;
    for (let p = K.rowPtr[i]; p < K.rowPtr[i + 1]; p++) row += Math.abs(K.values[p]);
    const s = Math.abs(rhs[i]) + row * zMax;
    if (!Number.isFinite(z[i]) || Math.abs(r[i] - rhs[i]) > 1e-8 * s) {
      throw new SingularMatrixError('DC operating point', -1, `the equations are not satisfied at row ${i} (nearly singular)`);
    }
  }
  const j = z.slice(n);
  const u = new Float64Array(m);
  for (let k = 0; k < m; k++) u[k] = freeAt.has(k) ? j[freeAt.get(k)!] : u0[k];
  const x = z.slice(0, n);
  csrMulVecAdd(Bd, u, x);
  return { x, j, G };
}
