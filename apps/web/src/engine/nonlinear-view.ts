/**
 * The nonlinear path of the pipeline (a description with laws, docs/nonlinear.md, formulation.md section 12):
 * nonlinearModel ─► the simulator's NonlinearModel with units ─► the linearisation at rest (u = 0, t = 0: where
 * the simulation starts), by linearise, or the Jacobians at x = 0 when there is no equilibrium there ─► the
 * views: f, g and the Jacobians in LaTeX, the linearisation as a ModelTable (matrices and exports).
 * A law not differentiable at rest (an orifice sqrt(|Δp|) at zero flow: 'bad-law' from the Jacobian) makes the
 * model be rebuilt with nonlinearModel's secantWidth (a secant in the Jacobians only; f stays exact), and the
 * view says so. The simulator integrates the network model where it applies (simulatedModel). Building the symbolic
 * model differentiates every entry (about half a second for the examples), so results are kept
 * per description text in a small memo the worker owns (settings changes reuse them).
 */
import type { Structure } from '@sysgraph/graph';
import { isSysgraphError } from '@sysgraph/core';
import { formatNonlinear, linearisationTable, linearise, modelUnits, networkModel, withUnits, nonlinearModel, nonlinearToLatex } from '@sysgraph/formulation';
import type { Linearisation, ModelTable, NetworkModel, NonlinearModelLike, NonlinearResult } from '@sysgraph/formulation';
import type { NonlinearModel } from '@sysgraph/simulate';
import { stateLatex } from './derivation-view';
import type { NonlinearView } from './protocol';

/** The secant width used where a law is not differentiable at rest (in the law variable's units). */
export const SECANT_WIDTH = 1e-6;

/** The newest nonlinear models by description text (at most `size`). */
export interface NonlinearMemo {
  get(text: string, build: () => NonlinearResult): NonlinearResult;
}

export function createNonlinearMemo(size = 4): NonlinearMemo {
  const entries = new Map<string, NonlinearResult>();
  return {
    get(text, build) {
      const hit = entries.get(text);
      if (hit) {
        entries.delete(text);
        entries.set(text, hit);
        return hit;
      }
      const made = build();
      entries.set(text, made);
      while (entries.size > size) entries.delete(entries.keys().next().value!);
      return made;
    },
  };
}

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

/**
 * The model the simulator integrates: the network model (laws compiled once, sparse Jacobian; same states, inputs
 * and outputs) when it covers the network, else the symbolic model's own.
 */
function simulatedModel(s: Structure, result: NonlinearResult, secantWidth: number | undefined): NetworkModel | NonlinearModelLike {
  try {
    return networkModel(s, secantWidth !== undefined ? { secantWidth } : {}).model;
  } catch (e) {
    if (isSysgraphError(e) && e.code === 'unsupported') return result.model;
    throw e;
  }
}

/** 'bad-law' from a Jacobian: a law not differentiable where it was evaluated. */
export const isNotDifferentiable = (e: unknown): boolean => isSysgraphError(e) && e.code === 'bad-law';

export function buildNonlinearModel(s: Structure, memo: NonlinearMemo | undefined, key: string, secantWidth?: number): NonlinearBuilt {
  const desc = s.description;
  const make = () => nonlinearModel(s, secantWidth !== undefined ? { secantWidth } : {});
  const result = memo ? memo.get(secantWidth !== undefined ? `${key}\u0000secant ${secantWidth}` : key, make) : make();
  let rest: ReturnType<typeof lineariseAtRest>;
  try {
    rest = lineariseAtRest(result);
  } catch (e) {
    if (secantWidth === undefined && isNotDifferentiable(e)) return buildNonlinearModel(s, memo, key, SECANT_WIDTH);
    throw e;
  }
  const { lin, equilibrium } = rest;
  const sys = result.system;
  const inner = simulatedModel(s, result, secantWidth);
  const units = modelUnits(desc, sys.states);
  const model: NonlinearModel = withUnits(inner, units);
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
