/**
 * The nonlinear path of the pipeline (a description with laws, docs/nonlinear.md, formulation.md section 12):
 * nonlinearModel ─► the simulator's NonlinearModel with units ─► the linearisation at rest (u = 0, t = 0: where
 * the simulation starts), by linearise, or the Jacobians at x = 0 when there is no equilibrium there ─► the
 * views: f, g and the Jacobians in LaTeX, the linearisation as a ModelTable (matrices and exports).
 * Building differentiates every entry (about half a second for the examples), so results are kept per
 * description text in a small memo the worker owns (settings changes reuse them).
 */
import type { Structure } from '@sysgraph/graph';
import { formatNonlinear, linearise, nonlinearModel, nonlinearToLatex, numberCells } from '@sysgraph/formulation';
import type { Cell, Linearisation, ModelTable, NonlinearResult } from '@sysgraph/formulation';
import type { NonlinearModel } from '@sysgraph/simulate';
import { stateLatex } from './derivation-view';
import { nonlinearUnits } from './nonlinear-units';
import type { NonlinearView } from './protocol';

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

/**
 * The equilibrium at u = 0, t = 0 by linearise, with its stopping test scaled to the model's rates
 * (‖f‖ ≤ 1e-12·max(1, ‖∂f/∂x‖∞)·(1 + ‖x‖)); else the Jacobians at x = 0.
 */
function lineariseAtRest(nl: NonlinearResult): { lin: Linearisation; equilibrium: boolean } {
  const sys = nl.system;
  const x0 = sys.states.map(() => 0);
  const u0 = sys.inputs.map(() => 0);
  const J = nl.evaluate.jacobians(0, x0, u0);
  const scale = Math.max(1, ...J.A.map((row) => row.reduce((s, v) => s + Math.abs(v), 0)));
  try {
    return { lin: linearise(nl, { tolerance: 1e-12 * (Number.isFinite(scale) ? scale : 1) }), equilibrium: true };
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

const cells = (m: readonly (readonly number[])[]): Cell[][] => m.map((row) => row.map((x) => numberCells.cell(x)));
const zeros = (rows: number, cols: number) => Array.from({ length: rows }, () => new Array<number>(cols).fill(0));

/** The linearisation as a ModelTable (E = Bd = 0: the nonlinear formulation has no input-derivative terms). */
function linearisationTable(name: string, lin: Linearisation, parameters: ReadonlyMap<string, number | null>): ModelTable {
  return {
    name,
    symbolic: false,
    formulation: 'linearised',
    stateChoice: 'laws',
    states: lin.states,
    inputs: lin.inputs,
    outputs: lin.outputs,
    matrices: { A: cells(lin.A), B: cells(lin.B), C: cells(lin.C), D: cells(lin.D), E: cells(zeros(lin.outputs.length, lin.inputs.length)), Bd: cells(zeros(lin.states.length, lin.inputs.length)) },
    parameters,
    diagnostics: [],
  };
}

export function buildNonlinearModel(s: Structure, memo: NonlinearMemo | undefined, key: string): NonlinearBuilt {
  const desc = s.description;
  const result = memo ? memo.get(key, () => nonlinearModel(s)) : nonlinearModel(s);
  const sys = result.system;
  const units = nonlinearUnits(desc, sys.states);
  const inner = result.model;
  const model: NonlinearModel = {
    kind: 'nonlinear',
    stateNames: inner.stateNames,
    inputNames: inner.inputNames,
    outputNames: inner.outputNames,
    stateUnits: units.states,
    outputUnits: units.outputs,
    f: (t, x, u, du, dxdt) => inner.f(t, x, u, du, dxdt),
    g: (t, x, u, du, y) => inner.g(t, x, u, du, y),
    jacobian: (t, x, u, du) => inner.jacobian(t, x, u, du),
  };
  const { lin, equilibrium } = lineariseAtRest(result);
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
  };
  return { result, model, linearisation: lin, table: linearisationTable(desc.name, lin, desc.parameters), view };
}
