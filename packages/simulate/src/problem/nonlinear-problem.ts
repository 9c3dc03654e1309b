/**
 * The OdeProblem of a NonlinearModel x' = f(t, x, u, u'). The Jacobian J = ∂f/∂x comes from nonlinear-jacobian.ts
 * (the model's own; one-sided differences of f where it fails or is absent) and is kept between calls:
 * updateJacobian evaluates it, factorKept factorises I − c·J with it — dense LU for a dense J, and for a CSR J the
 * fixed-pattern factoriser (sparse/iteration-factoriser.ts: pattern of I − cJ, AMD and symbolic analysis once,
 * numeric refactorisations afterwards).
 */
import { isSysgraphError } from '@sysgraph/core';
import type { CsrMatrix } from '@sysgraph/linalg';
import { denseAdd, denseIdentity, factorDenseLU } from '@sysgraph/linalg';
import type { NonlinearModel } from '../model';
import type { SolverStats } from '../stats';
import type { InputVector } from './input-vector';
import type { LinearSolve, OdeProblem } from './ode-problem';
import { createIterationFactoriser } from '../sparse/iteration-factoriser';
import { createJacobianSource } from './nonlinear-jacobian';
import type { Jacobian } from './nonlinear-jacobian';
import { isCsr } from './linear-operator';

export function createNonlinearProblem(model: NonlinearModel, inputs: InputVector, stats: SolverStats): OdeProblem {
  const n = model.stateNames.length;
  const m = model.inputNames.length;
  const u = new Float64Array(m);
  const du = new Float64Array(m);
  const f0 = new Float64Array(n);
  const sparse = createIterationFactoriser(stats);
  let kept: Jacobian | undefined;

  // One counting wrapper around the newest factorisation of each kind (not a new closure per step: see
  // iteration-factoriser.ts); the sparse one also forms a stage's right-hand side inside its solve (solveSum).
  let inner: LinearSolve | undefined;
  const countedDense: LinearSolve = {
    solve(b, out) {
      stats.solves++;
      return inner!.solve(b, out);
    },
  };
  const countedSparse: LinearSolve = {
    solve: countedDense.solve,
    solveSum(s, f, d, g, c, out) {
      stats.solves++;
      return inner!.solveSum!(s, f, d, g, c, out);
    },
  };
  const counted = (lu: LinearSolve, wrapper: LinearSolve): LinearSolve => {
    inner = lu;
    return wrapper;
  };

  const rhs = (t: number, z: Float64Array, out: Float64Array) => {
    stats.functionEvaluations++;
    inputs.evaluate(t, t >= problem.segmentEnd, u, du);
    model.f(t, z, u, du, out);
  };
  const source = createJacobianSource(model, rhs, stats);

  const problem: OdeProblem = {
    n,
    linear: false,
    hasMass: false,
    sparse: false,
    inputs,
    stats,
    segmentEnd: Infinity,
    notes: source.notes,
    rhs,
    derivative(t, z, out) {
      rhs(t, z, out);
    },
    massMulVec(v, out) {
      out.set(v);
    },
    rhsTimeDerivative(t, z, out, known) {
      // the model's own ∂f/∂t where it has one (from u', no evaluation of f) …
      if (model.timeDerivative) {
        inputs.evaluate(t, t >= problem.segmentEnd, u, du);
        if (model.timeDerivative(t, z, u, du, out)) return;
      }
      // … else ∂f/∂t ≈ (f(t + δ, z) − f(t, z))/δ, δ = √ε·max(1, |t|)
      const delta = Math.sqrt(Number.EPSILON) * Math.max(1, Math.abs(t));
      const base = known ?? f0;
      if (!known) rhs(t, z, f0);
      rhs(t + delta, z, out);
      for (let i = 0; i < n; i++) out[i] = (out[i] - base[i]) / delta;
    },
    forcing() {
      throw new Error('forcing() is defined for linear problems only');
    },
    updateJacobian(t, z) {
      inputs.evaluate(t, t >= problem.segmentEnd, u, du);
      kept = source.evaluate(t, z, u, du);
    },
    factorKept(c) {
      if (!kept) throw new Error('factorKept before updateJacobian');
      if (kept.kind === 'sparse') return counted(sparse.factor(c, kept.csr), countedSparse);
      stats.factorizations++;
      // I − c J
      return counted(factorDenseLU(denseAdd(1, denseIdentity(n), -c, kept.dense), 'iteration matrix I − hγJ'), countedDense);
    },
    factorIteration(c, t, z) {
      problem.updateJacobian!(t, z);
      return problem.factorKept!(c);
    },
    sparseJacobian(t, z): CsrMatrix | undefined {
      if (!model.jacobian) return undefined;
      inputs.evaluate(t, false, u, du);
      try {
        const j = model.jacobian(t, z, u, du);
        return isCsr(j) ? j : undefined;
      } catch (e) {
        // not differentiable here: auto's estimate falls back to f alone (differences of f)
        if (isSysgraphError(e) && e.code === 'bad-law') return undefined;
        throw e;
      }
    },
  };
  return problem;
}
