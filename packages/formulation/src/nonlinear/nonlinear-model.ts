/**
 * nonlinearModel: the simulator's NonlinearModel (packages/simulate/src/model.ts) of a system with nonlinear
 * laws, with the symbolic f, g and Jacobians (text and LaTeX). Every expression is differentiated once by mathjs
 * and compiled once into closures (compile-closure.ts); implicit variables are solved by the static solver.
 *
 * Jacobians with implicit variables z (r(z, x, u, t) = 0), by the implicit function theorem:
 *   dz/dx = −(∂r/∂z)⁻¹ ∂r/∂x,   df/dx = ∂f/∂x + ∂f/∂z dz/dx      (likewise for u)
 * Rates (i_S = q_S', v_Γ = λ_Γ' of outputs) are total time derivatives of the stored quantity Q(x, u, z, t):
 *   ż = −(∂r/∂z)⁻¹ (∂r/∂x x' + ∂r/∂u u' + ∂r/∂t),   Q' = Q_x x' + Q_u u' + Q_z ż + Q_t
 */
import { SysgraphError } from '@sysgraph/core';
import type { Structure } from '@sysgraph/graph';
import type { ConstantNode, MathNode } from 'mathjs';
import { denseFromRows, denseToRows, factorDenseLU, SingularMatrixError } from '@sysgraph/linalg';
import type { DenseLU } from '@sysgraph/linalg';
import { checkMonotone } from './check-monotone';
import { compileClosure } from './compile-closure';
import { createPartial } from './law-partial';
import type { Closure, SymbolTable } from './compile-closure';
import { createNonlinearMath } from './nonlinear-math';
import type { NonlinearModel } from '@sysgraph/simulate';
import type { NonlinearMath } from './nonlinear-math';
import { buildNonlinearSystem } from './nonlinear-system';
import type { NonlinearSystem } from './nonlinear-system';
import { completeJacobian } from './implicit-terms';
import { createStaticSolver } from './static-solver';
import { parameterUse } from '../parameter-use';

/**
 * @sysgraph/simulate's NonlinearModel, x' = f(t, x, u, u'), y = g(t, x, u, u'), with ∂f/∂x always present and
 * dense (one model type shared by the formulation and the solvers; formulation depends on simulate's types only).
 */
export type NonlinearModelLike = Omit<NonlinearModel, 'jacobian'> & {
  jacobian(t: number, x: Float64Array, u: Float64Array, du: Float64Array): number[][];
};

export interface NonlinearModelOptions {
  /** The mathjs instance to use; one is created when absent. */
  readonly math?: NonlinearMath;
  /**
   * Where a law's derivative is not finite at the point a Jacobian is requested (sqrt(|Δp|) at Δp = 0), use the
   * central secant (e(w + δ) − e(w − δ))/(2δ) of this width δ instead (a regularisation of the Jacobians only; f
   * and g stay exact). Absent: such a Jacobian is a 'bad-law' error naming the elements.
   */
  readonly secantWidth?: number;
}

/** A matrix of expressions, rows × columns. */
export type ExpressionMatrix = readonly (readonly MathNode[])[];

export interface NonlinearSymbolic {
  readonly f: readonly MathNode[];
  readonly g: readonly MathNode[];
  /** ∂f/∂x, ∂f/∂u, ∂g/∂x, ∂g/∂u with the implicit variables and rates held fixed (complete when there are none). */
  readonly dfdx: ExpressionMatrix;
  /**
   * ∂f/∂x and ∂f/∂u complete: the held-fixed partials plus (∂f/∂z)·D(z, x) wherever an implicit variable z depends
   * on x (D(z, x) = dz/dx = −(∂r/∂z)⁻¹ ∂r/∂x, known numerically; implicit-terms.ts). Equal to dfdx, dfdu without
   * implicit variables. The printouts show these.
   */
  readonly dfdxTotal: ExpressionMatrix;
  readonly dfduTotal: ExpressionMatrix;
  readonly dfdu: ExpressionMatrix;
  readonly dgdx: ExpressionMatrix;
  readonly dgdu: ExpressionMatrix;
}

/** Total Jacobians at (t, x, u, u'): δx' = A δx + B δu, δy = C δx + D δu + E δu'. */
export interface NonlinearJacobians {
  readonly A: number[][];
  readonly B: number[][];
  readonly C: number[][];
  readonly D: number[][];
  readonly E: number[][];
}

/** Numeric evaluation at (t, x, u, u'): values and Jacobians (total derivatives, through the implicit variables). */
export interface NonlinearEvaluator {
  f(t: number, x: ArrayLike<number>, u: ArrayLike<number>): Float64Array;
  /** u' (absent: 0) matters only for outputs that read rates. */
  g(t: number, x: ArrayLike<number>, u: ArrayLike<number>, du?: ArrayLike<number>): Float64Array;
  jacobians(t: number, x: ArrayLike<number>, u: ArrayLike<number>, du?: ArrayLike<number>): NonlinearJacobians;
}

export interface NonlinearResult {
  readonly system: NonlinearSystem;
  readonly model: NonlinearModelLike;
  readonly symbolic: NonlinearSymbolic;
  readonly evaluate: NonlinearEvaluator;
}

const isZero = (n: MathNode) => n.type === 'ConstantNode' && (n as ConstantNode).value === 0;

export function nonlinearModel(s: Structure, opts: NonlinearModelOptions = {}): NonlinearResult {
  const nm = opts.math ?? createNonlinearMath();
  const sys = buildNonlinearSystem(s, nm);
  const missing = [...sys.parameters].filter(([, v]) => v === null).map(([k]) => k);
  if (missing.length > 0) {
    const use = parameterUse(s.description, missing);
    throw new SysgraphError('missing-parameter-value', `the nonlinear model needs values for ${missing.join(', ')}${use ? ` (${use.element}.${use.field} uses ${use.parameter})` : ''}`, {
      element: use?.element,
      field: use?.field ?? `parameters.${missing[0]}`,
      elements: missing,
      expected: 'a number for every parameter',
    });
  }
  const constants = sys.parameters as ReadonlyMap<string, number>;
  for (const check of sys.monotone) checkMonotone(check, nm, constants);
  const n = sys.states.length;
  const m = sys.inputs.length;
  const nz = sys.implicit.length;
  const nr = sys.rates.length;
  // Environment: [x (n), u (m), z (nz), t, u' (m), rates (nr)].
  const T = n + m + nz;
  const DU = T + 1;
  const RATE = DU + m;
  const slots = new Map<string, number>();
  sys.states.forEach((x, j) => slots.set(x.name, j));
  sys.inputs.forEach((u, j) => slots.set(u, n + j));
  sys.implicit.forEach((z, j) => slots.set(z.name, n + m + j));
  slots.set('t', T);
  sys.rates.forEach((r, j) => slots.set(r.name, RATE + j));
  const table: SymbolTable = { slots, constants };
  const d = (node: MathNode, v: string, what: string) => nm.derivative(node, v, what);
  const compile = (node: MathNode, what: string) => compileClosure(node, table, what);
  const xNames = sys.states.map((x) => x.name);
  const zNames = sys.implicit.map((z) => z.name);
  const rNames = sys.rates.map((r) => r.name);
  const fWhat = (i: number) => sys.states[i].element;

  const dfdx = sys.f.map((fi, i) => xNames.map((x) => d(fi, x, fWhat(i))));
  const dfdu = sys.f.map((fi, i) => sys.inputs.map((u) => d(fi, u, fWhat(i))));
  const dgdx = sys.g.map((gi, i) => xNames.map((x) => d(gi, x, sys.outputs[i])));
  const dgdu = sys.g.map((gi, i) => sys.inputs.map((u) => d(gi, u, sys.outputs[i])));
  const dfdz = sys.f.map((fi, i) => zNames.map((z) => d(fi, z, fWhat(i))));
  const dgdz = sys.g.map((gi, i) => zNames.map((z) => d(gi, z, sys.outputs[i])));
  const dgdrate = sys.g.map((gi, i) => rNames.map((r) => d(gi, r, sys.outputs[i])));
  const drdzNodes = sys.implicit.map((z) => zNames.map((w) => d(z.residual, w, z.element)));

  const cm = (M: ExpressionMatrix, what: (i: number) => string) => M.map((row, i) => row.map((e) => compile(e, what(i))));
  const cf = sys.f.map((e, i) => compile(e, fWhat(i)));
  const cg = sys.g.map((e, i) => compile(e, sys.outputs[i]));
  const cfx = cm(dfdx, fWhat);
  const cfu = cm(dfdu, fWhat);
  const cfz = cm(dfdz, fWhat);
  const cgx = cm(dgdx, (i) => sys.outputs[i]);
  const cgu = cm(dgdu, (i) => sys.outputs[i]);
  const cgz = cm(dgdz, (i) => sys.outputs[i]);
  const cgrate = cm(dgdrate, (i) => sys.outputs[i]);
  const zWhat = (i: number) => sys.implicit[i].element;
  const rz = sys.implicit.map((z) => compile(z.residual, z.element));
  const drdz = cm(drdzNodes, zWhat);
  const drdxNodes = sys.implicit.map((z) => xNames.map((x) => d(z.residual, x, z.element)));
  const drduNodes = sys.implicit.map((z) => sys.inputs.map((u) => d(z.residual, u, z.element)));
  const drdx = drdxNodes.map((row, i) => row.map((e) => compile(e, sys.implicit[i].element)));
  const drdu = drduNodes.map((row, i) => row.map((e) => compile(e, sys.implicit[i].element)));
  const dfdxTotal = completeJacobian(nm, dfdx, dfdz, drdzNodes, drdxNodes, zNames, xNames);
  const dfduTotal = completeJacobian(nm, dfdu, dfdz, drdzNodes, drduNodes, zNames, sys.inputs);
  const drdt = sys.implicit.map((z) => compile(d(z.residual, 't', z.element), z.element));
  const rateWhat = (k: number) => sys.rates[k].element;
  const cq = sys.rates.map((r) => compile(r.quantity, r.element));
  const dqdx = sys.rates.map((r) => xNames.map((x) => compile(d(r.quantity, x, r.element), r.element)));
  const dqdu = sys.rates.map((r) => sys.inputs.map((u) => compile(d(r.quantity, u, r.element), r.element)));
  const dqdz = sys.rates.map((r) => zNames.map((z) => compile(d(r.quantity, z, r.element), r.element)));
  const dqdt = sys.rates.map((r) => compile(d(r.quantity, 't', r.element), r.element));
  const readsRates = dgdrate.map((row) => row.some((e) => !isZero(e)));

  const env = new Float64Array(RATE + nr);
  const guesses = new Float64Array(nz);
  const solver = createStaticSolver(sys, rz, drdz, drdzNodes.map((row) => row.map((e) => !isZero(e))), env, n + m);
  const load = (t: number, x: ArrayLike<number>, u: ArrayLike<number>, du?: ArrayLike<number>) => {
    for (let j = 0; j < n; j++) env[j] = x[j];
    for (let j = 0; j < m; j++) env[n + j] = u[j];
    for (let j = 0; j < m; j++) env[DU + j] = du === undefined ? 0 : du[j];
    env[T] = t;
    if (nz > 0) solver.solve(guesses); // z with r(z, x, u, t) = 0, warm-started from the previous solution
  };

  const partial = createPartial(env, opts.secantWidth);
  const rowOf = (dm: readonly (readonly Closure[])[], base: readonly Closure[], offset: number, element: (i: number) => string, laws: (i: number) => readonly string[]) =>
    (i: number) => dm[i].map((c, j) => partial(c, base[i], offset + j, element(i), laws(i)));
  const zLaws = (i: number) => sys.implicit[i].laws;
  const fLaws = (i: number) => sys.fLaws[i];
  const gLaws = (i: number) => sys.gLaws[i];

  // dz/dx = −(∂r/∂z)⁻¹ ∂r/∂x, dz/du = −(∂r/∂z)⁻¹ ∂r/∂u, and the factorisation for the rates.
  const sensitivities = () => {
    if (nz === 0) return undefined;
    // linalg's dense LU (one LU for every package); singularTol 0: only an exactly zero pivot is singular
    const rows = sys.implicit.map((_, i) => rowOf(drdz, rz, n + m, zWhat, zLaws)(i));
    let lu: DenseLU;
    try {
      lu = factorDenseLU(denseFromRows(rows), '∂r/∂z', { singularTol: 0 });
    } catch (e) {
      if (!(e instanceof SingularMatrixError)) throw e;
      // ∂r/∂z singular: the implicit variables are not locally determined by their laws (dz/dx undefined)
      const z = sys.implicit[0];
      throw new SysgraphError('bad-law', `∂r/∂z of the implicit variables ${sys.implicit.map((v) => v.name).join(', ')} is singular here: the laws do not determine them locally (dz/dx undefined)`, {
        element: z.element,
        field: 'law',
        expected: 'laws whose residuals have an invertible derivative in their implicit variables (strictly monotonic laws), or other parameter values',
        elements: sys.implicit.map((v) => v.element),
      });
    }
    const neg = (rows: number[][]) => denseFromRows(rows.map((row) => row.map((v) => -v)));
    const rx = sys.implicit.map((_, i) => rowOf(drdx, rz, 0, zWhat, zLaws)(i));
    const ru = sys.implicit.map((_, i) => rowOf(drdu, rz, n, zWhat, zLaws)(i));
    const zx = n > 0 ? denseToRows(lu.solveMatrix(neg(rx))) : sys.implicit.map(() => []);
    const zu = m > 0 ? denseToRows(lu.solveMatrix(neg(ru))) : sys.implicit.map(() => []);
    return { lu, zx, zu, rx, ru };
  };
  type Sens = ReturnType<typeof sensitivities>;
  const total = (direct: number[][], viaZ: number[][], sz: number[][] | undefined) =>
    direct.map((row, i) =>
      row.map((v, j) => {
        let sum = v;
        for (let k = 0; k < nz; k++) sum += viaZ[i][k] * sz![k][j];
        return sum;
      }),
    );

  /** Fills the rate slots: Q' = Q_x x' + Q_u u' + Q_z ż + Q_t (x' = f at the loaded point). */
  const computeRates = (sens: Sens) => {
    if (nr === 0) return;
    const xdot = cf.map((c) => c(env));
    let zdot: number[] = [];
    if (nz > 0) {
      const rhs = sys.implicit.map((_, i) => {
        let v = partial(drdt[i], rz[i], T, zWhat(i), zLaws(i));
        for (let j = 0; j < n; j++) v += sens!.rx[i][j] * xdot[j];
        for (let j = 0; j < m; j++) v += sens!.ru[i][j] * env[DU + j];
        return -v;
      });
      zdot = Array.from(sens!.lu.solve(rhs));
    }
    sys.rates.forEach((r, k) => {
      const laws = [r.element];
      let v = partial(dqdt[k], cq[k], T, rateWhat(k), laws);
      for (let j = 0; j < n; j++) v += partial(dqdx[k][j], cq[k], j, rateWhat(k), laws) * xdot[j];
      for (let j = 0; j < m; j++) v += partial(dqdu[k][j], cq[k], n + j, rateWhat(k), laws) * env[DU + j];
      for (let j = 0; j < nz; j++) v += partial(dqdz[k][j], cq[k], n + m + j, rateWhat(k), laws) * zdot[j];
      env[RATE + k] = v;
    });
  };
  /** ∂rate/∂u' = Q_u + Q_z dz/du (the rates are affine in u'). */
  const rateByDu = (sens: Sens) =>
    sys.rates.map((r, k) =>
      sys.inputs.map((_, j) => {
        let v = partial(dqdu[k][j], cq[k], n + j, r.element, [r.element]);
        for (let q = 0; q < nz; q++) v += partial(dqdz[k][q], cq[k], n + m + q, r.element, [r.element]) * sens!.zu[q][j];
        return v;
      }),
    );

  const stateJacobians = (sens: Sens) => {
    const fz = cf.map((_, i) => rowOf(cfz, cf, n + m, fWhat, fLaws)(i));
    const A = total(cf.map((_, i) => rowOf(cfx, cf, 0, fWhat, fLaws)(i)), fz, sens?.zx);
    const B = total(cf.map((_, i) => rowOf(cfu, cf, n, fWhat, fLaws)(i)), fz, sens?.zu);
    return { A, B };
  };
  const outputs = (t: number, x: ArrayLike<number>, u: ArrayLike<number>, du: ArrayLike<number> | undefined, y: Float64Array | number[]) => {
    load(t, x, u, du);
    if (nr > 0) computeRates(sensitivities());
    for (let i = 0; i < cg.length; i++) y[i] = cg[i](env);
  };

  const evaluate: NonlinearEvaluator = {
    f(t, x, u) {
      load(t, x, u);
      return Float64Array.from(cf, (c) => c(env));
    },
    g(t, x, u, du) {
      const y = new Float64Array(cg.length);
      outputs(t, x, u, du, y);
      return y;
    },
    jacobians(t, x, u, du) {
      load(t, x, u, du);
      const sens = sensitivities();
      const { A, B } = stateJacobians(sens);
      const gz = cg.map((_, i) => rowOf(cgz, cg, n + m, (q) => sys.outputs[q], gLaws)(i));
      const C = total(cg.map((_, i) => rowOf(cgx, cg, 0, (q) => sys.outputs[q], gLaws)(i)), gz, sens?.zx);
      const D = total(cg.map((_, i) => rowOf(cgu, cg, n, (q) => sys.outputs[q], gLaws)(i)), gz, sens?.zu);
      const E = cg.map(() => sys.inputs.map(() => 0));
      if (readsRates.some(Boolean)) {
        const byDu = rateByDu(sens);
        const grate = cg.map((_, i) => rowOf(cgrate, cg, RATE, (q) => sys.outputs[q], gLaws)(i));
        readsRates.forEach((reads, i) => {
          if (reads) for (let j = 0; j < m; j++) for (let k = 0; k < nr; k++) E[i][j] += grate[i][k] * byDu[k][j];
        });
        differenceRateRows(t, Array.from(x), Array.from(u), du === undefined ? new Array<number>(m).fill(0) : Array.from(du), C, D);
      }
      return { A, B, C, D, E };
    },
  };

  /**
   * The C and D rows of outputs that read rates, by central differences of g (their exact form would need second
   * derivatives of the laws): relative accuracy about 1e-8.
   */
  function differenceRateRows(t: number, x: number[], u: number[], du: number[], C: number[][], D: number[][]) {
    const rows = readsRates.flatMap((r, i) => (r ? [i] : []));
    const column = (vec: number[], j: number, apply: (v: number[]) => number[]) => {
      const h = 1e-6 * (1 + Math.abs(vec[j]));
      const plus = vec.slice();
      const minus = vec.slice();
      plus[j] += h;
      minus[j] -= h;
      const yp = apply(plus);
      const ym = apply(minus);
      return rows.map((i) => (yp[i] - ym[i]) / (2 * h));
    };
    const gAt = (xx: number[], uu: number[]) => {
      const y = new Array<number>(cg.length).fill(0);
      outputs(t, xx, uu, du, y);
      return y;
    };
    for (let j = 0; j < n; j++) column(x, j, (xx) => gAt(xx, u)).forEach((v, q) => (C[rows[q]][j] = v));
    for (let j = 0; j < m; j++) column(u, j, (uu) => gAt(x, uu)).forEach((v, q) => (D[rows[q]][j] = v));
    load(t, x, u, du);
  }

  const model: NonlinearModelLike = {
    kind: 'nonlinear',
    stateNames: xNames,
    inputNames: sys.inputs,
    outputNames: sys.outputs,
    f(t, x, u, _du, dxdt) {
      load(t, x, u);
      for (let i = 0; i < n; i++) dxdt[i] = cf[i](env);
    },
    g(t, x, u, du, y) {
      outputs(t, x, u, du, y);
    },
    jacobian(t, x, u) {
      load(t, x, u);
      return stateJacobians(sensitivities()).A;
    },
  };
  return { system: sys, model, symbolic: { f: sys.f, g: sys.g, dfdx, dfdu, dfdxTotal, dfduTotal, dgdx, dgdu }, evaluate };
}
