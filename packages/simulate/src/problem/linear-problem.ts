/**
 * The OdeProblem of a LinearModel in the redefined state (formulation.md §5.3): M x̃' = A x̃ + B u.
 * Dense matrices use a dense LU, sparse ones (A given as CsrMatrix) the sparse LU; no dense n×n matrix is
 * formed on the sparse path.
 */
import type { LinearModel } from '../model';
import type { SolverStats } from '../stats';
import type { InputVector } from './input-vector';
import type { LinearSolve, OdeProblem } from './ode-problem';
import type { LinearOperator } from './linear-operator';
import { toOperator } from './linear-operator';
import { denseAdd, denseIdentity, factorDenseLU } from '@sysgraph/linalg';
import { factorSparse, sparseCombine, sparseRefactorer } from '../sparse/sparse-backend';

/** The validated operators of a LinearModel (n states, m inputs, p outputs). */
export interface LinearParts {
  readonly n: number;
  readonly m: number;
  readonly p: number;
  readonly M?: LinearOperator;
  readonly A: LinearOperator;
  readonly B: LinearOperator;
  readonly Bd: LinearOperator;
  readonly C: LinearOperator;
  readonly D: LinearOperator;
  readonly F: LinearOperator;
}

export function linearParts(model: LinearModel): LinearParts {
  const n = model.stateNames.length;
  const m = model.inputNames.length;
  const p = model.outputNames.length;
  return {
    n,
    m,
    p,
    M: model.M === undefined ? undefined : toOperator(model.M, n, n, 'M'),
    A: toOperator(model.A, n, n, 'A'),
    B: toOperator(model.B, n, m, 'B'),
    Bd: toOperator(model.Bd, n, m, 'Bd'),
    C: toOperator(model.C, p, n, 'C'),
    D: toOperator(model.D, p, m, 'D'),
    F: toOperator(model.F, p, m, 'F'),
  };
}

export function createLinearProblem(parts: LinearParts, inputs: InputVector, stats: SolverStats): OdeProblem {
  const { n, m, M, A, B } = parts;
  const sparse = A.csr !== undefined;
  const u = new Float64Array(m);
  const du = new Float64Array(m);
  let massLU: LinearSolve | undefined;

  const counted = (lu: LinearSolve): LinearSolve => ({
    solve(b, out) {
      stats.solves++;
      return lu.solve(b, out);
    },
  });

  const refactor = sparseRefactorer();
  const factor = (c: number): LinearSolve => {
    stats.factorizations++;
    // (M − c A)
    if (sparse) {
      const mass = M === undefined ? undefined : (M.csr ?? undefined);
      if (M !== undefined && mass === undefined) {
        return counted(factorDenseLU(denseAdd(1, M.toDense(), -c, A.toDense()), 'iteration matrix M − hγA'));
      }
      return counted(refactor(sparseCombine(-c, A.csr!, 1, mass)));
    }
    const mass = M === undefined ? denseIdentity(n) : M.toDense();
    return counted(factorDenseLU(denseAdd(1, mass, -c, A.toDense()), 'iteration matrix M − hγA'));
  };

  const problem: OdeProblem = {
    n,
    linear: true,
    hasMass: M !== undefined,
    sparse,
    inputs,
    stats,
    segmentEnd: Infinity,
    rhs(t, z, out) {
      stats.functionEvaluations++;
      // f = A x̃ + B u(t)
      A.mulVec(z, out);
      if (m > 0) {
        inputs.values(t, t >= problem.segmentEnd, u);
        B.mulVecAdd(u, out);
      }
    },
    derivative(t, z, out) {
      problem.rhs(t, z, out);
      if (M !== undefined) {
        // x̃' = M⁻¹ f
        if (massLU === undefined) massLU = factorMass(M, stats, counted);
        massLU.solve(out, out);
      }
    },
    massMulVec(v, out) {
      if (M === undefined) out.set(v);
      else M.mulVec(v, out);
    },
    rhsTimeDerivative(t, _z, out) {
      // ∂/∂t (A x̃ + B u(t)) = B u'(t)
      inputs.evaluate(t, t >= problem.segmentEnd, u, du);
      B.mulVec(du, out);
    },
    forcing(t, out) {
      inputs.values(t, t >= problem.segmentEnd, u);
      B.mulVec(u, out);
    },
    factorIteration: (c) => factor(c),
    lti: { A, B, M },
  };
  return problem;
}

function factorMass(M: LinearOperator, stats: SolverStats, counted: (lu: LinearSolve) => LinearSolve): LinearSolve {
  stats.factorizations++;
  if (M.csr !== undefined) return counted(factorSparse(M.csr));
  return counted(factorDenseLU(M.toDense(), 'mass matrix M'));
}
