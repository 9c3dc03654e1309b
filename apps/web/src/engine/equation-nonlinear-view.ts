/**
 * equationNonlinearView: a nonlinear StateMint equation set (x' = f(t, x, u, u'), y = g(t, x, u, u') evaluated
 * from its own equations, packages/equations) as the page's nonlinear view and the model on show — its
 * linearisation at rest, by the engine's lineariseEquations (the equilibrium x* with f(0, x*, 0) = 0 by damped
 * Newton from x = 0, then A = ∂f/∂x, B = ∂f/∂u, C = ∂g/∂x, D = ∂g/∂u by central differences). Where there is no
 * equilibrium at rest (Newton stalls, ∂f/∂x singular away from it), the Jacobians at x = 0, u = 0 by the same
 * central differences, and the view says so (operatingPoint.equilibrium = false), as the linear graph's nonlinear
 * path does. f and g are shown as the set's equations in the order they are evaluated (there is no symbolic f).
 */
import { lineariseEquations } from '@sysgraph/engine';
import type { CompiledModel, EquationLinearisation } from '@sysgraph/engine';
import { latexNumber, linearisationTable } from '@sysgraph/engine';
import type { ModelTable } from '@sysgraph/engine';
import { stateLatex } from './derivation-view';
import type { NonlinearView } from './protocol';
import { centralDifferenceJacobian } from '@sysgraph/engine';

type EquationSetModel = NonNullable<CompiledModel['equations']>;
type NonlinearSet = Extract<EquationSetModel, { kind: 'nonlinear' }>;

export interface EquationNonlinearBuilt {
  readonly view: NonlinearView;
  readonly table: ModelTable;
}

/** The Jacobians at x = 0, u = 0 (no equilibrium there). */
function jacobiansAtZero(m: NonlinearSet): EquationLinearisation {
  const n = m.states.length;
  const p = m.outputs.length;
  const x = new Float64Array(n);
  const u = new Float64Array(m.inputs.length);
  const du = new Float64Array(m.inputs.length);
  const f = (xx: Float64Array, uu: Float64Array) => {
    const out = new Float64Array(n);
    m.model.f(0, xx, uu, du, out);
    return out;
  };
  const g = (xx: Float64Array, uu: Float64Array) => {
    const out = new Float64Array(p);
    m.model.g(0, xx, uu, du, out);
    return out;
  };
  return {
    x: Array.from(x),
    u: Array.from(u),
    y: Array.from(g(x, u)),
    A: centralDifferenceJacobian((z) => f(z, u), x, n),
    B: centralDifferenceJacobian((z) => f(x, z), u, n),
    C: centralDifferenceJacobian((z) => g(z, u), x, p),
    D: centralDifferenceJacobian((z) => g(x, z), u, p),
  };
}

const texText = (s: string) => `\\texttt{${s.replace(/\\/g, '\\textbackslash{}').replace(/([#$%&_{}])/g, '\\$1').replace(/\^/g, '\\char`\\^{}').replace(/~/g, '\\char`\\~{}')}}`;

const texMatrix = (rows: readonly (readonly number[])[]) =>
  rows.length === 0 || rows[0].length === 0 ? '[\\,]' : `\\begin{bmatrix}${rows.map((r) => r.map(latexNumber).join(' & ')).join(' \\\\ ')}\\end{bmatrix}`;

export function equationNonlinearView(m: NonlinearSet): EquationNonlinearBuilt {
  let lin: EquationLinearisation;
  let equilibrium = true;
  try {
    lin = lineariseEquations(m);
  } catch {
    lin = jacobiansAtZero(m);
    equilibrium = false;
  }
  const aligned = (lines: readonly string[]) => (lines.length === 0 ? '' : `\\begin{aligned}\n${lines.join(' \\\\\n')}\n\\end{aligned}`);
  const f = aligned(m.order.map((q) => `& ${texText(q.text)} && ${texText(q.where)}`));
  // the outputs are variables of the set, each evaluated by the equations above
  const g = aligned(m.outputs.map((y, k) => `y_{${k + 1}} &= ${stateLatex(y)}`));
  const lines = [
    `${m.title ?? m.name}: a nonlinear equation set (${m.why.reason}, ${m.why.equation.where})`,
    `states ${m.states.join(', ')}; inputs ${m.inputs.join(', ') || '(none)'}; outputs ${m.outputs.join(', ')}`,
    ...m.order.map((q) => `${q.where}: ${q.text}`),
    ...m.notes,
  ];
  const view: NonlinearView = {
    states: m.states.map((name) => ({ name, element: name, quantity: 'state' })),
    inputs: m.inputs,
    outputs: m.outputs,
    implicit: [],
    lawElements: [m.why.equation.defines],
    latex: { f, g, dfdx: texMatrix(lin.A), dfdu: texMatrix(lin.B) },
    text: lines.join('\n'),
    operatingPoint: { t: 0, x: lin.x, u: lin.u, y: lin.y, equilibrium },
  };
  const table = linearisationTable(m.name, { states: m.states, inputs: m.inputs, outputs: m.outputs, A: lin.A, B: lin.B, C: lin.C, D: lin.D }, m.parameters, { formulation: 'linearised equation set', stateChoice: 'of the equations' });
  return { view, table };
}
