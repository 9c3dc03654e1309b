/**
 * The nonlinear path's views (a description with laws, docs/nonlinear.md, formulation.md section 12): the engine's
 * nonlinear model (compiled once: the network model where it covers the network, else the symbolic one, with
 * units) ─► the linearisation at rest (u = 0, t = 0: where the simulation starts), by linearise, or the
 * Jacobians at x = 0 when there is no equilibrium there ─► f, g and the Jacobians in LaTeX, the linearisation as
 * a ModelTable (matrices and exports). A law not differentiable at rest (an orifice sqrt(|Δp|) at zero flow:
 * 'bad-law' from the Jacobian) makes the view use the engine's model with secants of width SECANT_WIDTH in the
 * Jacobians (f stays exact), and the view says so.
 */
import { isSysgraphError } from '@sysgraph/core';
import { SECANT_WIDTH } from '@sysgraph/engine';
import type { CompiledModel } from '@sysgraph/engine';
import { formatNonlinear, linearisationTable, linearise, nonlinearToLatex } from '@sysgraph/engine';
import type { Linearisation, ModelTable, NonlinearResult } from '@sysgraph/engine';
import type { NonlinearModel } from '@sysgraph/simulate';
import { stateLatex } from './derivation-view';
import type { NonlinearView } from './protocol';

export interface NonlinearBuilt {
  readonly result: NonlinearResult;
  readonly model: NonlinearModel;
  readonly linearisation: Linearisation;
  readonly table: ModelTable;
  readonly view: NonlinearView;
}

/** The equilibrium at u = 0, t = 0 by linearise; else the Jacobians at x = 0. */
function lineariseAtRest(nl: NonlinearResult): { lin: Linearisation; equilibrium: boolean } {
  const sys = nl.system;
  const x0 = sys.states.map(() => 0);
  const u0 = sys.inputs.map(() => 0);
  const J = nl.evaluate.jacobians(0, x0, u0);
  try {
    return { lin: linearise(nl), equilibrium: true };
  } catch {
    const lin: Linearisation = {
      states: sys.states.map((s) => s.name),
      inputs: sys.inputs,
      outputs: sys.outputs,
      x: Float64Array.from(x0),
      u: Float64Array.from(u0),
      y: nl.evaluate.g(0, x0, u0),
      t: 0,
      ...J,
      iterations: 0,
    };
    return { lin, equilibrium: false };
  }
}

export function buildNonlinearView(compiled: CompiledModel, secantWidth?: number): NonlinearBuilt {
  const desc = compiled.description;
  const build = compiled.nonlinear(secantWidth);
  const result = build.result;
  let rest: ReturnType<typeof lineariseAtRest>;
  try {
    rest = lineariseAtRest(result);
  } catch (e) {
    if (secantWidth === undefined && isSysgraphError(e) && e.code === 'bad-law') return buildNonlinearView(compiled, SECANT_WIDTH);
    throw e;
  }
  const { lin, equilibrium } = rest;
  const sys = result.system;
  const model: NonlinearModel = build.model;
  const tex = nonlinearToLatex(result);
  const g = sys.outputs.length === 0 ? '' : `\\begin{aligned}\n${sys.outputs.map((y, i) => `${stateLatex(y)} &= ${result.symbolic.g[i].toTex()}`).join(' \\\\\n')}\n\\end{aligned}`;
  const view: NonlinearView = {
    states: sys.states.map((x) => ({ name: x.name, element: x.element, quantity: x.quantity })),
    inputs: sys.inputs,
    outputs: sys.outputs,
    implicit: sys.implicit.map((z) => z.name),
    lawElements: desc.oneports.filter((e) => e.law !== undefined).map((e) => e.id),
    latex: { f: tex.f, g, dfdx: tex.dfdx, dfdu: tex.dfdu },
    text: formatNonlinear(result),
    operatingPoint: { t: lin.t, x: Array.from(lin.x), u: Array.from(lin.u), y: Array.from(lin.y), equilibrium },
    ...(secantWidth !== undefined ? { secantWidth } : {}),
  };
  const table: ModelTable = linearisationTable(desc.name, lin, desc.parameters);
  return { result, model, linearisation: lin, table, view };
}
