/**
 * compileEquations: an equation set read by the 'statemint' reader as a CompiledModel of the family 'equations'.
 * It has no linear graph: `description` and `structure` are 'unsupported' naming the format. Its linear model is
 * the derivation's (packages/equations) in the project's form x̃ = x − E u (shiftedForm), so the exporters,
 * analyze and compare read it like any other; a nonlinear set is simulated through its f and g. --param values
 * replace the file's before the derivation.
 */
import { SysgraphError } from '@sysgraph/core';
import { deriveModel, shiftedForm } from '@sysgraph/equations';
import type { EquationModel, EquationSet, LinearEquationModel } from '@sysgraph/equations';
import type { ModelTable, StateSpace } from '@sysgraph/formulation';
import { formatNumber, latexNumber } from '@sysgraph/formulation';
import { toLatex, toText } from '@sysgraph/symbolic';
import type { FieldMatrix, RationalFunction } from '@sysgraph/symbolic';
import type { SimulationModel } from '@sysgraph/simulate';
import type { CompileOptions, CompiledModel } from '../compiled-model';
import type { BuiltModel } from '../linear/build-model';
import { DEFAULT_END_TIME, nonlinearEndTime, suggestEndTime } from '../end-time';
import { equationSignals } from './equation-signals';

const noGraph = (name: string, what: string) =>
  new SysgraphError('unsupported', `${name} is an equation set, not a linear graph: it has no ${what}`, { element: name, field: 'format', expected: 'a linear-graph description (JSON, a SPICE netlist) for the normal tree and the derivation' });

/** The set with --param values replacing the file's (an unknown name is 'unknown-parameter'). */
function withValues(set: EquationSet, overrides: Readonly<Record<string, number>>): EquationSet {
  const parameters = new Map(set.parameters);
  for (const [k, v] of Object.entries(overrides)) {
    if (!parameters.has(k)) throw new SysgraphError('unknown-parameter', `--param ${k}: ${set.name} has no parameter ${k}`, { element: k, field: '--param', expected: `one of ${[...parameters.keys()].join(', ') || '(no parameters)'}` });
    parameters.set(k, v);
  }
  return { ...set, parameters };
}

const identity = (n: number) => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));

function numericStateSpace(m: LinearEquationModel): StateSpace<number[][]> {
  const s = shiftedForm(m).numeric;
  if (!s) throw new SysgraphError('missing-parameter-value', `${m.name}: ${m.notes.find((n) => n.startsWith('no numeric model')) ?? 'a parameter has no value'}`, { element: m.name, field: 'parameters', expected: 'a value for every parameter ([parameters] name = number, or --param)' });
  return {
    formulation: 'general',
    backend: 'numeric',
    stateChoice: 'b1',
    states: m.states,
    inputs: m.inputs,
    outputs: m.outputs,
    A: s.A,
    B: s.B,
    C: s.C,
    D: s.D,
    E: s.E,
    Bd: s.Bd,
    descriptor: { E: identity(m.states.length), A0: s.A, B0: m.numeric!.B, B1: m.numeric!.E },
    diagnostics: [],
  };
}

function table(m: LinearEquationModel, symbolic: boolean): ModelTable {
  const s = shiftedForm(m);
  const values = new Map([...m.parameters].filter((e): e is [string, number] => e[1] !== null));
  const value = (c: RationalFunction) => {
    try {
      return c.evaluate(values);
    } catch {
      return Number.NaN;
    }
  };
  const cells = (k: 'A' | 'B' | 'C' | 'D' | 'E' | 'Bd') => {
    if (symbolic) return (s.symbolic[k] as FieldMatrix<RationalFunction>).toRows().map((row) => row.map((c) => ({ text: toText(c), latex: toLatex(c), value: value(c) })));
    const n = numericStateSpace(m);
    return (n[k] as number[][]).map((row) => row.map((x) => ({ text: formatNumber(x), latex: latexNumber(x), value: x })));
  };
  return {
    name: m.name,
    symbolic,
    formulation: 'equations',
    stateChoice: 'b1',
    states: m.states,
    inputs: m.inputs,
    outputs: m.outputs,
    matrices: { A: cells('A'), B: cells('B'), C: cells('C'), D: cells('D'), E: cells('E'), Bd: cells('Bd') },
    parameters: m.parameters,
    diagnostics: [],
  };
}

export function compileEquations(set: EquationSet, derived: EquationModel, options: CompileOptions, format: string): CompiledModel {
  const overrides = options.parameters ?? {};
  const chosen = Object.keys(overrides).length > 0 ? withValues(set, overrides) : set;
  const model = chosen === set ? derived : deriveModel(chosen);
  const name = options.name ?? model.name;
  const refuseLinear = () => {
    if (model.kind !== 'linear') {
      throw new SysgraphError('unsupported', `${model.why.equation.where}: ${name} is a nonlinear equation set (${model.why.reason}); it has no linear model`, { element: model.why.equation.defines, field: model.why.equation.section, path: model.why.equation.where, expected: 'a linear equation set, or simulate it' });
    }
    return model;
  };
  let simulation: SimulationModel | undefined;
  const simulationModel = (): SimulationModel => {
    if (simulation) return simulation;
    if (model.kind === 'nonlinear') return (simulation = model.model);
    const ss = numericStateSpace(model);
    return (simulation = { kind: 'linear', stateNames: ss.states, inputNames: ss.inputs, outputNames: ss.outputs, A: ss.A, B: ss.B, Bd: ss.Bd, C: ss.C, D: ss.D, F: ss.E });
  };
  const built = (symbolic: boolean): BuiltModel => {
    const m = refuseLinear();
    return {
      get structure(): never {
        throw noGraph(name, 'structure');
      },
      table: table(m, symbolic),
      ...(symbolic ? {} : { numeric: numericStateSpace(m) }),
    };
  };
  return {
    name,
    format,
    get description(): never {
      throw noGraph(name, 'linear-graph description');
    },
    family: 'equations',
    options: {},
    equations: model,
    equationSet: chosen,
    get structure(): never {
      throw noGraph(name, 'normal tree or structure');
    },
    get simulation() {
      return simulationModel();
    },
    inputNames: model.inputs,
    stateNames: model.states,
    outputNames: model.outputs,
    units: { states: model.states.map(() => ''), outputs: model.outputs.map(() => '') },
    defaultSignals: equationSignals(model.inputs, undefined),
    diagnostics: [],
    endTime(given, initial = {}) {
      const m = simulationModel();
      if (m.kind === 'linear') return { tEnd: suggestEndTime(m.A as number[][]), why: 'from the slowest eigenvalue' };
      try {
        return { tEnd: nonlinearEndTime(m, { ...equationSignals(model.inputs, undefined), ...(given ?? {}) }, initial), why: 'from the slowest eigenvalue of ∂f/∂x at the initial state' };
      } catch (e) {
        if (!(e instanceof SysgraphError)) throw e;
        return { tEnd: DEFAULT_END_TIME, why: `${e.message}: no time constant at the initial state` };
      }
    },
    linear: () => built(false),
    symbolic: () => built(true),
    nonlinear: () => {
      throw new SysgraphError('unsupported', `${name} is an equation set: its nonlinear model is its own f and g (simulate it), not the nonlinear formulation of a linear graph`, { element: name, field: 'family', expected: 'simulate, or a description with laws' });
    },
    timeVarying: () => {
      throw noGraph(name, 'time-varying model');
    },
    // the structured and MASD forms are forms of a linear graph's formulation; an equation set's symbolic model is its table
    symbolicForms: () => {
      throw noGraph(name, 'structured or MASD symbolic form');
    },
  };
}
