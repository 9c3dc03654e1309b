/**
 * nonlinearModel: the simulator's NonlinearModel (packages/simulate/src/model.ts) of a system with nonlinear
 * laws, with the symbolic f, g and Jacobians (text and LaTeX). Every expression is differentiated once by mathjs
 * and compiled once into closures (compile-closure.ts); implicit variables are solved by solveLaw.
 *
 * Jacobian with implicit variables z (r(z, x, u, t) = 0), by the implicit function theorem:
 *   df/dx = ∂f/∂x − ∂f/∂z (∂r/∂z)⁻¹ ∂r/∂x
 */
import { SysgraphError } from '@sysgraph/core';
import type { Structure } from '@sysgraph/graph';
import type { MathNode } from 'mathjs';
import { compileClosure } from './compile-closure';
import type { Closure, SymbolTable } from './compile-closure';
import { createNonlinearMath } from './nonlinear-math';
import type { NonlinearMath } from './nonlinear-math';
import { buildNonlinearSystem } from './nonlinear-system';
import type { NonlinearSystem } from './nonlinear-system';
import { createStaticSolver } from './static-solver';
import { LuDecomposition, Matrix } from 'ml-matrix';

/**
 * Structurally @sysgraph/simulate's NonlinearModel, x' = f(t, x, u, u'), y = g(t, x, u, u'), with ∂f/∂x
 * (so this stage need not depend on the simulator).
 */
export interface NonlinearModelLike {
  readonly kind: 'nonlinear';
  readonly stateNames: readonly string[];
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  f(t: number, x: Float64Array, u: Float64Array, du: Float64Array, dxdt: Float64Array): void;
  g(t: number, x: Float64Array, u: Float64Array, du: Float64Array, y: Float64Array): void;
  jacobian(t: number, x: Float64Array, u: Float64Array, du: Float64Array): number[][];
}

export interface NonlinearModelOptions {
  /** The mathjs instance to use; one is created when absent. */
  readonly math?: NonlinearMath;
}

/** A matrix of expressions, rows × columns. */
export type ExpressionMatrix = readonly (readonly MathNode[])[];

export interface NonlinearSymbolic {
  readonly f: readonly MathNode[];
  readonly g: readonly MathNode[];
  /** ∂f/∂x, ∂f/∂u, ∂g/∂x, ∂g/∂u with the implicit variables held fixed (complete when there are none). */
  readonly dfdx: ExpressionMatrix;
  readonly dfdu: ExpressionMatrix;
  readonly dgdx: ExpressionMatrix;
  readonly dgdu: ExpressionMatrix;
}

/** Numeric evaluation at (t, x, u): values and Jacobians (total derivatives, through the implicit variables). */
export interface NonlinearEvaluator {
  f(t: number, x: ArrayLike<number>, u: ArrayLike<number>): Float64Array;
  g(t: number, x: ArrayLike<number>, u: ArrayLike<number>): Float64Array;
  jacobians(t: number, x: ArrayLike<number>, u: ArrayLike<number>): { A: number[][]; B: number[][]; C: number[][]; D: number[][] };
}

export interface NonlinearResult {
  readonly system: NonlinearSystem;
  readonly model: NonlinearModelLike;
  readonly symbolic: NonlinearSymbolic;
  readonly evaluate: NonlinearEvaluator;
}

export function nonlinearModel(s: Structure, opts: NonlinearModelOptions = {}): NonlinearResult {
  const nm = opts.math ?? createNonlinearMath();
  const sys = buildNonlinearSystem(s, nm);
  const missing = [...sys.parameters].filter(([, v]) => v === null).map(([k]) => k);
  if (missing.length > 0) {
    throw new SysgraphError('missing-parameter-value', `the nonlinear model needs values for ${missing.join(', ')}`, {
      elements: missing,
      expected: 'a number for every parameter',
    });
  }
  const n = sys.states.length;
  const m = sys.inputs.length;
  const nz = sys.implicit.length;
  // Environment: [x (n), u (m), z (nz), t].
  const slots = new Map<string, number>();
  sys.states.forEach((x, j) => slots.set(x.name, j));
  sys.inputs.forEach((u, j) => slots.set(u, n + j));
  sys.implicit.forEach((z, j) => slots.set(z.name, n + m + j));
  const T = n + m + nz;
  slots.set('t', T);
  const table: SymbolTable = { slots, constants: sys.parameters as ReadonlyMap<string, number> };
  const d = (node: MathNode, v: string, what: string) => nm.derivative(node, v, what);
  const compile = (node: MathNode, what: string) => compileClosure(node, table, what);
  const xNames = sys.states.map((x) => x.name);
  const zNames = sys.implicit.map((z) => z.name);

  const dfdx = sys.f.map((fi, i) => xNames.map((x) => d(fi, x, sys.states[i].name)));
  const dfdu = sys.f.map((fi, i) => sys.inputs.map((u) => d(fi, u, sys.states[i].name)));
  const dgdx = sys.g.map((gi, i) => xNames.map((x) => d(gi, x, sys.outputs[i])));
  const dgdu = sys.g.map((gi, i) => sys.inputs.map((u) => d(gi, u, sys.outputs[i])));
  const dfdz = sys.f.map((fi, i) => zNames.map((z) => d(fi, z, sys.states[i].name)));
  const dgdz = sys.g.map((gi, i) => zNames.map((z) => d(gi, z, sys.outputs[i])));

  const cf = sys.f.map((e, i) => compile(e, sys.states[i].name));
  const cg = sys.g.map((e, i) => compile(e, sys.outputs[i]));
  const cm = (M: ExpressionMatrix, what: (i: number) => string) => M.map((row, i) => row.map((e) => compile(e, what(i))));
  const cfx = cm(dfdx, (i) => sys.states[i].name);
  const cfu = cm(dfdu, (i) => sys.states[i].name);
  const cgx = cm(dgdx, (i) => sys.outputs[i]);
  const cgu = cm(dgdu, (i) => sys.outputs[i]);
  const cfz = cm(dfdz, (i) => sys.states[i].name);
  const cgz = cm(dgdz, (i) => sys.outputs[i]);
  const rz = sys.implicit.map((z) => compile(z.residual, z.element));
  const drdz = sys.implicit.map((z) => zNames.map((w) => compile(d(z.residual, w, z.element), z.element)));
  const drdx = sys.implicit.map((z) => xNames.map((x) => compile(d(z.residual, x, z.element), z.element)));
  const drdu = sys.implicit.map((z) => sys.inputs.map((u) => compile(d(z.residual, u, z.element), z.element)));

  const env = new Float64Array(T + 1);
  const guesses = new Float64Array(nz);
  const solver = createStaticSolver(sys, rz, drdz, env, n + m);
  const load = (t: number, x: ArrayLike<number>, u: ArrayLike<number>) => {
    for (let j = 0; j < n; j++) env[j] = x[j];
    for (let j = 0; j < m; j++) env[n + j] = u[j];
    env[T] = t;
    if (nz > 0) solver.solve(guesses); // z with r(z, x, u, t) = 0, warm-started from the previous solution
  };
  // dz/dx = −(∂r/∂z)⁻¹ ∂r/∂x, dz/du = −(∂r/∂z)⁻¹ ∂r/∂u.
  const implicitSensitivities = () => {
    if (nz === 0) return [];
    const lu = new LuDecomposition(new Matrix(drdz.map((row) => row.map((c) => c(env)))));
    const sx = n > 0 ? lu.solve(new Matrix(drdx.map((row) => row.map((c) => -c(env))))).to2DArray() : sys.implicit.map(() => []);
    const su = m > 0 ? lu.solve(new Matrix(drdu.map((row) => row.map((c) => -c(env))))).to2DArray() : sys.implicit.map(() => []);
    return sys.implicit.map((_, k) => ({ x: sx[k], u: su[k] }));
  };
  const total = (direct: Closure[][], viaZ: Closure[][], sens: { x: number[]; u: number[] }[], key: 'x' | 'u') =>
    direct.map((row, i) =>
      row.map((c, j) => {
        let v = c(env);
        for (let k = 0; k < nz; k++) v += viaZ[i][k](env) * sens[k][key][j];
        return v;
      }),
    );

  const evaluate: NonlinearEvaluator = {
    f(t, x, u) {
      load(t, x, u);
      return Float64Array.from(cf, (c) => c(env));
    },
    g(t, x, u) {
      load(t, x, u);
      return Float64Array.from(cg, (c) => c(env));
    },
    jacobians(t, x, u) {
      load(t, x, u);
      const sens = implicitSensitivities();
      return { A: total(cfx, cfz, sens, 'x'), B: total(cfu, cfz, sens, 'u'), C: total(cgx, cgz, sens, 'x'), D: total(cgu, cgz, sens, 'u') };
    },
  };

  const model: NonlinearModelLike = {
    kind: 'nonlinear',
    stateNames: xNames,
    inputNames: sys.inputs,
    outputNames: sys.outputs,
    f(t, x, u, _du, dxdt) {
      load(t, x, u);
      for (let i = 0; i < n; i++) dxdt[i] = cf[i](env);
    },
    g(t, x, u, _du, y) {
      load(t, x, u);
      for (let i = 0; i < cg.length; i++) y[i] = cg[i](env);
    },
    jacobian(t, x, u) {
      load(t, x, u);
      return total(cfx, cfz, implicitSensitivities(), 'x');
    },
  };
  return { system: sys, model, symbolic: { f: sys.f, g: sys.g, dfdx, dfdu, dgdx, dgdu }, evaluate };
}
