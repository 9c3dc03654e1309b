/**
 * The OdeProblem of a NonlinearModel x' = f(t, x, u, u'). The Jacobian is the model's own or forward
 * differences, J_ij ≈ (f_i(x + δ_j e_j) − f_i(x))/δ_j with δ_j = √ε·max(1, |x_j|).
 */
import type { NonlinearModel } from '../model';
import type { SolverStats } from '../stats';
import type { InputVector } from './input-vector';
import type { LinearSolve, OdeProblem } from './ode-problem';
import { isCsr, toOperator } from './linear-operator';
import { denseIdentity, denseZeros, denseAdd } from '../dense/dense-matrix';
import type { DenseMatrix } from '../dense/dense-matrix';
import { factorDenseLU } from '../dense/dense-lu';
import { factorSparse, sparseCombine } from '../sparse/sparse-backend';

export function createNonlinearProblem(model: NonlinearModel, inputs: InputVector, stats: SolverStats): OdeProblem {
  const n = model.stateNames.length;
  const m = model.inputNames.length;
  const u = new Float64Array(m);
  const du = new Float64Array(m);
  const f0 = new Float64Array(n);
  const f1 = new Float64Array(n);
  const zp = new Float64Array(n);

  const counted = (lu: LinearSolve): LinearSolve => ({
    solve(b, out) {
      stats.solves++;
      return lu.solve(b, out);
    },
  });

  const problem: OdeProblem = {
    n,
    linear: false,
    hasMass: false,
    sparse: false,
    inputs,
    stats,
    segmentEnd: Infinity,
    rhs(t, z, out) {
      stats.functionEvaluations++;
      inputs.evaluate(t, t >= problem.segmentEnd, u, du);
      model.f(t, z, u, du, out);
    },
    derivative(t, z, out) {
      problem.rhs(t, z, out);
    },
    massMulVec(v, out) {
      out.set(v);
    },
    rhsTimeDerivative(t, z, out) {
      // ∂f/∂t ≈ (f(t + δ, z) − f(t, z))/δ, δ = √ε·max(1, |t|)
      const delta = Math.sqrt(Number.EPSILON) * Math.max(1, Math.abs(t));
      problem.rhs(t, z, f0);
      problem.rhs(t + delta, z, out);
      for (let i = 0; i < n; i++) out[i] = (out[i] - f0[i]) / delta;
    },
    forcing() {
      throw new Error('forcing() is defined for linear problems only');
    },
    factorIteration(c, t, z) {
      stats.factorizations++;
      if (model.jacobian) {
        inputs.evaluate(t, t >= problem.segmentEnd, u, du);
        const j = model.jacobian(t, z, u, du);
        if (isCsr(j)) return counted(factorSparse(sparseCombine(-c, j, 1)));
        // I − c J
        return counted(factorDenseLU(denseAdd(1, denseIdentity(n), -c, toOperator(j, n, n, 'jacobian').toDense()), 'iteration matrix I − hγJ'));
      }
      const jac: DenseMatrix = denseZeros(n, n);
      problem.rhs(t, z, f0);
      zp.set(z);
      for (let j = 0; j < n; j++) {
        const delta = Math.sqrt(Number.EPSILON) * Math.max(1, Math.abs(z[j]));
        zp[j] = z[j] + delta;
        problem.rhs(t, zp, f1);
        zp[j] = z[j];
        for (let i = 0; i < n; i++) jac.data[i * n + j] = (f1[i] - f0[i]) / delta;
      }
      return counted(factorDenseLU(denseAdd(1, denseIdentity(n), -c, jac), 'iteration matrix I − hγJ'));
    },
  };
  return problem;
}
