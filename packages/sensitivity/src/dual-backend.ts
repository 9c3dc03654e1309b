/**
 * dualBackend: the formulation's numeric backend in dual numbers (dual-number.ts), so that formulate() returns
 * every matrix together with its exact derivatives ∂/∂θ_k — the derivative of the numeric formulation itself,
 * not a difference quotient.
 *
 *   scalars:  an element value e(θ) becomes (e, ∂e/∂θ_1, …, ∂e/∂θ_p), by forward-mode differentiation over
 *             its expression tree (dual-expression.ts);
 *   solves:   X = M⁻¹ B is solved on the values by the numeric backend's own kernel (same pivots, same singularity
 *             test), and its derivatives by d(M⁻¹B) = M⁻¹ (dB − dM · M⁻¹B)   (from d(M⁻¹) = −M⁻¹ dM M⁻¹),
 *             one more solve with every direction's right-hand side side by side.
 *
 * Every other operation (products, sums, transposes, block selection) is the dense algebra over the dual field.
 */
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import type { Backend, Dense, ValueContext } from '@sysgraph/formulation';
import { denseAlgebra, numericBackend } from '@sysgraph/formulation';
import type { Dual } from './dual-number';
import { dualField } from './dual-number';
import { dualExpression } from './dual-expression';

export function dualBackend(desc: SystemDescription, parameters: readonly string[]): Backend<Dense<Dual>, Dual> {
  const p = parameters.length;
  const field = dualField(p);
  const numeric = numericBackend(desc.parameters);
  const index = new Map(parameters.map((name, k) => [name, k]));

  const scalar = (expr: Parameters<typeof numeric.scalar>[0], ctx: ValueContext): Dual => {
    // the value through the numeric backend (its checks and error messages), the derivatives by the tree walk
    const v = numeric.scalar(expr, ctx);
    if (!expr.parameters.some((name) => index.has(name))) return { v, d: new Float64Array(p) };
    const { d } = dualExpression(expr, desc.parameters, index, p);
    for (let k = 0; k < p; k++) {
      if (!Number.isFinite(d[k])) {
        throw new SysgraphError('bad-value', `${ctx.element}.${ctx.field}: the derivative of "${expr.text}" with respect to ${parameters[k]} is not finite at these parameter values`, { element: ctx.element, field: ctx.field, expected: `a value differentiable in ${parameters[k]}` });
      }
    }
    return { v, d };
  };

  const algebra = denseAlgebra(field);
  const values = (a: Dense<Dual>, c: number): number[][] => {
    const out = numeric.algebra.zeros(a.length, c);
    for (let i = 0; i < a.length; i++) for (let j = 0; j < c; j++) out[i][j] = a[i][j].v;
    return out;
  };
  // X = M⁻¹ B;  ∂X/∂θ_k = M⁻¹ (∂B/∂θ_k − ∂M/∂θ_k X)
  algebra.solve = (a: Dense<Dual>, b: Dense<Dual>): Dense<Dual> => {
    const n = a.length;
    const m = algebra.cols(b);
    if (n === 0 || m === 0) return algebra.zeros(n, m);
    const x = numeric.algebra.solve(values(a, n), values(b, m));
    const rhs = numeric.algebra.zeros(n, m * p);
    for (let k = 0; k < p; k++) {
      for (let i = 0; i < n; i++) {
        const row = rhs[i];
        for (let j = 0; j < m; j++) row[k * m + j] = b[i][j].d[k];
        for (let l = 0; l < n; l++) {
          const dm = a[i][l].d[k];
          if (dm === 0) continue;
          for (let j = 0; j < m; j++) row[k * m + j] -= dm * x[l][j];
        }
      }
    }
    const dx = p > 0 ? numeric.algebra.solve(values(a, n), rhs) : rhs;
    const out = algebra.zeros(n, m);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < m; j++) {
        const d = new Float64Array(p);
        for (let k = 0; k < p; k++) d[k] = dx[i][k * m + j];
        out[i][j] = { v: x[i][j], d };
      }
    }
    return out;
  };

  return {
    name: 'numeric',
    algebra,
    scalar,
    // (√a)' = a' / (2√a)
    sqrt: (a, ctx) => {
      const r = numeric.sqrt(a.v, ctx);
      if (!(r > 0)) throw new SysgraphError('bad-value', `${ctx.element}.${ctx.field}: √${a.v} has no derivative`, { element: ctx.element, field: ctx.field, expected: 'a positive value under the square root' });
      return { v: r, d: a.d.map((x) => x / (2 * r)) };
    },
  };
}
