/**
 * formatNonlinear / nonlinearToLatex: the symbolic state equations x' = f(x, u, t), outputs and Jacobians as
 * text and LaTeX (mathjs's toString and toTex of the expression trees). The Jacobians are complete: a dependence
 * through an implicit variable z shows as (∂f/∂z)·D(z, x) (implicit-terms.ts), never as a missing term.
 */
import type { MathNode } from 'mathjs';
import { IMPLICIT_DERIVATIVE } from './implicit-terms';
import type { NonlinearResult } from './nonlinear-model';

export function formatNonlinear(nl: NonlinearResult): string {
  const { system: sys, symbolic } = nl;
  const out: string[] = [`nonlinear model ${sys.name}`, '', 'states'];
  for (const x of sys.states) out.push(`  ${x.name}  (${x.quantity} of ${x.element})`);
  out.push('', `inputs: ${sys.inputs.join(', ') || '(none)'}`);
  if (sys.implicit.length > 0) {
    out.push('', 'implicit variables (solved numerically)');
    for (const z of sys.implicit) out.push(`  ${z.name} (${z.element}${z.interval ? `, in [${z.interval[0]}, ${z.interval[1]}]` : ''}): 0 = ${z.residual.toString()}`);
  }
  if (sys.rates.length > 0) {
    out.push('', 'rates (time derivatives of stored quantities, in outputs only)');
    for (const r of sys.rates) out.push(`  ${r.name} = d/dt (${r.quantity.toString()})`);
  }
  out.push('', 'state equations');
  sys.states.forEach((x, i) => out.push(`  ${x.name}' = ${symbolic.f[i].toString()}`));
  if (sys.outputs.length > 0) {
    out.push('', 'outputs');
    sys.outputs.forEach((y, i) => out.push(`  ${y} = ${symbolic.g[i].toString()}`));
  }
  const matrix = (name: string, M: readonly (readonly MathNode[])[], cols: readonly string[], rows: readonly string[]) => {
    out.push('', name);
    M.forEach((row, i) => row.forEach((e, j) => out.push(`  [${rows[i]}, ${cols[j]}] ${e.toString()}`)));
  };
  const xs = sys.states.map((x) => x.name);
  matrix('∂f/∂x', symbolic.dfdxTotal, xs, xs);
  matrix('∂f/∂u', symbolic.dfduTotal, sys.inputs, xs);
  if (sys.implicit.length > 0) {
    out.push('', `${IMPLICIT_DERIVATIVE}(z, w) = dz/dw of an implicit variable z: −(∂r/∂z)⁻¹ ∂r/∂w at the solution of the residuals above (numeric only)`);
  }
  return out.join('\n');
}

/** LaTeX of f and ∂f/∂x: one aligned equation per state, and the Jacobian as a matrix. */
export function nonlinearToLatex(nl: NonlinearResult): { f: string; dfdx: string; dfdu: string } {
  const { system: sys, symbolic } = nl;
  const name = (s: string) => s.replace(/_(.+)$/, '_{$1}').replace(/^lambdaloop/, '\\lambda^{loop}').replace(/^qcut/, 'q^{cut}').replace(/^lambda/, '\\lambda');
  const f = `\\begin{aligned}\n${sys.states.map((x, i) => `\\dot{${name(x.name)}} &= ${symbolic.f[i].toTex()}`).join(' \\\\\n')}\n\\end{aligned}`;
  const matrix = (M: readonly (readonly MathNode[])[]) =>
    `\\begin{bmatrix}\n${M.map((row) => row.map((e) => e.toTex()).join(' & ')).join(' \\\\\n')}\n\\end{bmatrix}`;
  return { f, dfdx: matrix(symbolic.dfdxTotal), dfdu: matrix(symbolic.dfduTotal) };
}
