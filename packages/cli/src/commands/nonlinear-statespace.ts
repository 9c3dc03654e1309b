/**
 * sysgraph statespace on a description with laws: the nonlinear model x' = f(x, u, t), y = g(x, u, t) and its
 * Jacobians (formulation.md section 12) as text, JSON or LaTeX; with --linearise, A, B, C, D at the
 * equilibrium of the given constant inputs (linearise), in every format of the linear models.
 */
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import { formatNonlinear, latexIdentifier, linearisationTable, linearise, modelToJson, modelToLatex, modelToMatlab, modelToPython, modelToText, nonlinearToLatex } from '@sysgraph/engine';
import type { Linearisation, NonlinearResult } from '@sysgraph/engine';
import { buildNonlinear, operatingInputs, parseNumbers } from '@sysgraph/engine';
import type { StateSpaceFormat } from './statespace';

export interface NonlinearStatespaceOptions {
  readonly linearise?: boolean;
  /** --input NAME=VALUE: constant inputs of the operating point. */
  readonly inputs?: readonly string[];
  /** --guess STATE=VALUE: Newton's starting state. */
  readonly guess?: readonly string[];
  /** --time T: the time of the operating point (time-varying laws). */
  readonly time?: number;
  readonly note?: (line: string) => void;
}

const text = (m: readonly (readonly { toString(): string }[])[]) => m.map((row) => row.map((e) => e.toString()));

function nonlinearJson(nl: NonlinearResult): Record<string, unknown> {
  const { system: sys, symbolic } = nl;
  return {
    name: sys.name,
    kind: 'nonlinear',
    states: sys.states.map((x) => ({ name: x.name, element: x.element, quantity: x.quantity })),
    inputs: sys.inputs,
    outputs: sys.outputs,
    implicit: sys.implicit.map((z) => ({ name: z.name, element: z.element, residual: z.residual.toString() })),
    f: symbolic.f.map((e) => e.toString()),
    g: symbolic.g.map((e) => e.toString()),
    dfdx: text(symbolic.dfdxTotal),
    dfdu: text(symbolic.dfduTotal),
    ...(sys.implicit.length > 0 ? { implicitDerivative: 'D(z, w) = dz/dw of an implicit variable z, −(∂r/∂z)⁻¹ ∂r/∂w (numeric only)' } : {}),
    dgdx: text(symbolic.dgdx),
    dgdu: text(symbolic.dgdu),
    parameters: Object.fromEntries(sys.parameters),
  };
}

function nonlinearLatex(nl: NonlinearResult): string {
  const tex = nonlinearToLatex(nl);
  const { system: sys, symbolic } = nl;
  const outputs = sys.outputs.map((y, i) => `${latexIdentifier(y)} &= ${symbolic.g[i].toTex()}`).join(' \\\\\n');
  return [
    `% ${sys.name}: x' = f(x, u, t), y = g(x, u, t) (nonlinear formulation, formulation.md section 12)`,
    `\\[\n${tex.f}\n\\]`,
    ...(outputs ? [`\\[\n\\begin{aligned}\n${outputs}\n\\end{aligned}\n\\]`] : []),
    `\\[\n\\frac{\\partial f}{\\partial x} = ${tex.dfdx}\n\\]`,
    `\\[\n\\frac{\\partial f}{\\partial u} = ${tex.dfdu}\n\\]`,
  ].join('\n');
}

/** "E = 5, F = 1" */
const assignments = (names: readonly string[], values: ArrayLike<number>) => names.map((n, k) => `${n} = ${values[k]}`).join(', ') || '(none)';

export function operatingPointLines(lin: Linearisation): string[] {
  return [
    `operating point (t = ${lin.t}, ${lin.iterations} Newton iterations):`,
    `  inputs:  ${assignments(lin.inputs, lin.u)}`,
    `  states:  ${assignments(lin.states, lin.x)}`,
    `  outputs: ${assignments(lin.outputs, lin.y)}`,
  ];
}

export function operatingPointJson(lin: Linearisation): Record<string, unknown> {
  const record = (names: readonly string[], values: ArrayLike<number>) => Object.fromEntries(names.map((n, k) => [n, values[k]]));
  return { time: lin.t, inputs: record(lin.inputs, lin.u), states: record(lin.states, lin.x), outputs: record(lin.outputs, lin.y), iterations: lin.iterations };
}

export function nonlinearStatespaceReport(desc: SystemDescription, format: StateSpaceFormat, opts: NonlinearStatespaceOptions = {}): string {
  if (!opts.linearise) {
    for (const [given, option] of [[opts.inputs?.length, '--input'], [opts.guess?.length, '--guess'], [opts.time !== undefined ? 1 : 0, '--time']] as const) {
      if (given) throw new SysgraphError('bad-option', `${option} sets the operating point of --linearise`, { field: option, expected: `${option} together with --linearise` });
    }
  }
  if (!opts.linearise && (format === 'matlab' || format === 'python')) {
    throw new SysgraphError('unsupported', `--format ${format}: the nonlinear model is printed as text, JSON or LaTeX`, {
      field: '--format',
      expected: 'text, json or latex; or --linearise for the linear model at an operating point in any format',
    });
  }
  const nl = buildNonlinear(desc).result;
  if (!opts.linearise) {
    if (format === 'json') return JSON.stringify(nonlinearJson(nl), null, 2);
    if (format === 'latex') return nonlinearLatex(nl);
    return formatNonlinear(nl);
  }
  const inputs = operatingInputs(opts.inputs, nl.system.inputs, opts.note);
  const guess = parseNumbers(opts.guess, '--guess', nl.system.states.map((x) => x.name), 'state');
  const lin = linearise(nl, { inputs, guess, time: opts.time });
  const table = linearisationTable(desc.name, lin, desc.parameters);
  const comment = (prefix: string) => operatingPointLines(lin).map((l) => `${prefix} ${l}`).join('\n');
  switch (format) {
    case 'json':
      return JSON.stringify({ ...modelToJson(table), operatingPoint: operatingPointJson(lin) }, null, 2);
    case 'latex':
      return `${comment('%')}\n${modelToLatex(table)}`;
    case 'matlab':
      return `${comment('%')}\n${modelToMatlab(table)}`;
    case 'python':
      return `${comment('#')}\n${modelToPython(table)}`;
    default:
      return [...operatingPointLines(lin), '', 'deviations from it: δx\' = A δx + B δu, δy = C δx + D δu', '', modelToText(table)].join('\n');
  }
}
