/**
 * compile: an input in any registered format (readers/) to a CompiledModel —
 *
 *   input ─► reader (by format, extension or sniff) ─► SystemDescription (+ a netlist's analysis defaults)
 *         ─► parameters replaced ─► the family, chosen once (family.ts)
 *         ─► on demand: structure, the family's model (linear: formulate; laws: the network or symbolic nonlinear
 *            model; values in t: the time-varying model), the simulation model with units, default signals, the
 *            default end time (end-time.ts), diagnostics, the symbolic model.
 *
 * Everything past the family is built on first read and kept, so that a caller pays only for what it shows.
 * Bad input is a typed SysgraphError naming the element and field (the readers' and the formulations' own).
 */
import { SysgraphError, isSysgraphError } from '@sysgraph/core';
import type { Diagnostic } from '@sysgraph/core';
import type { SystemDescription, SystemParser } from '@sysgraph/description';
import { withParameters } from '@sysgraph/description';
import type { StateSpace } from '@sysgraph/formulation';
import { analyzeStructure } from '@sysgraph/graph';
import type { Structure } from '@sysgraph/graph';
import type { SimulationModel } from '@sysgraph/simulate';
import './readers/builtin-readers';
import { readerFor } from './readers/registry';
import type { CompileOptions, CompiledModel } from './compiled-model';
import { modelFamily } from './family';
import type { ModelFamily } from './family';
import { buildModel } from './linear/build-model';
import { symbolicForms } from './linear/symbolic-forms';
import type { BuiltModel } from './linear/build-model';
import { toSimulationModel } from './linear/to-simulation-model';
import type { NetlistDefaults } from './netlist/netlist-defaults';
import { withNetlistInputs } from './netlist/netlist-options';
import { buildNonlinear } from './nonlinear/build-nonlinear';
import type { NonlinearBuild } from './nonlinear/build-nonlinear';
import { buildTimeVarying } from './time-varying/build-time-varying';
import type { TimeVaryingBuild } from './time-varying/build-time-varying';
import { inputSignals } from './simulation/simulate-options';
import { compileEquations } from './equations/compile-equations';
import { DEFAULT_END_TIME, nonlinearEndTime, suggestEndTime } from './end-time';

/** Text with where it came from, or a JSON description object. */
export interface SourceText {
  readonly text: string;
  readonly path?: string;
  readonly format?: string;
}

/** An already parsed description (a caller that parsed it, or a variant of a compiled model's). */
export interface ParsedInput {
  readonly description: SystemDescription;
  readonly netlist?: NetlistDefaults;
}

export type CompileInput = string | SourceText | ParsedInput | object;

const isParsed = (x: object): x is ParsedInput => typeof (x as ParsedInput).description === 'object' && (x as ParsedInput).description !== null && 'oneports' in (x as ParsedInput).description;

const isSourceText = (x: object): x is SourceText => typeof (x as SourceText).text === 'string' && !('elements' in x);

/** The base name of a path without its extension ('examples/rlc.json' → 'rlc'). */
const baseName = (path: string) => path.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');

function wrongFamily(desc: SystemDescription, family: ModelFamily, want: string): SysgraphError {
  return new SysgraphError('unsupported', `${desc.name} is ${family === 'laws' ? 'given by laws' : family}: it has no ${want} model`, { field: 'family', expected: `a description of the ${want} family` });
}

export function compile(input: CompileInput, options: CompileOptions & { readonly parser?: SystemParser } = {}): CompiledModel {
  if (input === null || (typeof input !== 'string' && typeof input !== 'object')) {
    throw new SysgraphError('bad-option', 'compile takes description text, a JSON description object or { text, path, format }', { field: 'input', expected: 'a string or an object' });
  }
  const parsed = typeof input === 'object' && isParsed(input) ? input : undefined;
  const source = typeof input === 'string' ? { text: input } : !parsed && isSourceText(input) ? input : undefined;
  const path = source?.path ?? options.path;
  const reader = parsed ? undefined : readerFor({ format: source?.format ?? options.format, path, text: source?.text });
  const name = options.name ?? (path !== undefined ? baseName(path) : undefined);
  const got = parsed ?? reader!.read(source ? source.text : input, { ...(name !== undefined ? { name } : {}), ...(options.parser ? { parser: options.parser } : {}) });
  // an equation set has no linear graph: its own compiled model (equations/compile-equations.ts)
  if ('equations' in got) return compileEquations(got.set, got.equations, options, reader!.name);
  const read = got;
  const overrides = options.parameters ?? {};
  const description = Object.keys(overrides).length > 0 ? withParameters(read.description, overrides) : read.description;
  const family = modelFamily(description);
  const formulationOptions = { stateChoice: options.stateChoice, formulation: options.formulation, form: options.form, storageLaw: options.storageLaw, secantWidth: options.secantWidth, math: options.math };
  const netlist = read.netlist;

  let linearBuilt: BuiltModel | undefined;
  const symbolicBuilt = new Map<string, BuiltModel>();
  const nonlinearBuilt = new Map<number | undefined, NonlinearBuild>();
  let timeVaryingBuilt: TimeVaryingBuild | undefined;
  let structure: Structure | undefined;
  let simulation: SimulationModel | undefined;
  let signals: Record<string, string> | undefined;

  const linear = (): BuiltModel => {
    if (family !== 'linear') throw wrongFamily(description, family, 'linear');
    return (linearBuilt ??= buildModel(description, { stateChoice: options.stateChoice, formulation: options.formulation }));
  };
  const nonlinear = (secantWidth = options.secantWidth): NonlinearBuild => {
    if (family !== 'laws') throw wrongFamily(description, family, 'nonlinear');
    let b = nonlinearBuilt.get(secantWidth);
    if (!b) nonlinearBuilt.set(secantWidth, (b = buildNonlinear(description, { secantWidth })));
    return b;
  };
  const timeVarying = (): TimeVaryingBuild => {
    if (family !== 'time-varying') throw wrongFamily(description, family, 'time-varying');
    return (timeVaryingBuilt ??= buildTimeVarying(description, { form: options.form, storageLaw: options.storageLaw, math: options.math }));
  };
  const simulationModel = (): SimulationModel => {
    if (simulation) return simulation;
    if (family === 'laws') return (simulation = nonlinear().model);
    if (family === 'time-varying') return (simulation = timeVarying().model);
    const b = linear();
    return (simulation = toSimulationModel(b.numeric as StateSpace<number[][]>, b.structure));
  };

  const model: CompiledModel = {
    name: description.name,
    format: reader?.name ?? 'description',
    description,
    family,
    options: formulationOptions,
    ...(netlist ? { netlist } : {}),
    get structure() {
      return (structure ??= linearBuilt?.structure ?? timeVaryingBuilt?.structure ?? [...nonlinearBuilt.values()][0]?.structure ?? analyzeStructure(description));
    },
    get simulation() {
      return simulationModel();
    },
    get inputNames() {
      return simulationModel().inputNames;
    },
    get stateNames() {
      return simulationModel().stateNames;
    },
    get outputNames() {
      return simulationModel().outputNames;
    },
    get units() {
      const m = simulationModel();
      return { states: m.stateUnits ?? m.stateNames.map(() => ''), outputs: m.outputUnits ?? m.outputNames.map(() => '') };
    },
    get defaultSignals() {
      return (signals ??= inputSignals(description, simulationModel().inputNames, withNetlistInputs([], netlist)));
    },
    get diagnostics(): readonly Diagnostic[] {
      if (family === 'linear') return linear().numeric?.diagnostics ?? this.structure.partition.diagnostics;
      return this.structure.partition.diagnostics;
    },
    endTime(given, initial = {}) {
      const chosen = { ...this.defaultSignals, ...(given ?? {}) };
      if (family === 'time-varying') return { tEnd: suggestEndTime(timeVarying().tv.at(0).A), why: 'from the slowest eigenvalue of A(0)' };
      if (family === 'linear') {
        const ss = linear().numeric as StateSpace<number[][]>;
        return ss.backend === 'sparse' ? { tEnd: 1, why: 'a sparse model: 1 s' } : { tEnd: suggestEndTime(ss.A), why: 'from the slowest eigenvalue' };
      }
      try {
        return { tEnd: nonlinearEndTime(nonlinear().model, chosen, initial), why: 'from the slowest eigenvalue of ∂f/∂x at the initial state' };
      } catch (e) {
        if (!isSysgraphError(e) || e.code !== 'bad-law') throw e;
        return { tEnd: DEFAULT_END_TIME, why: `${e.message}: no time constant at the initial state` };
      }
    },
    linear,
    symbolic(keep) {
      if (family !== 'linear') throw wrongFamily(description, family, 'linear');
      const key = keep === undefined ? '' : keep.join(',');
      let b = symbolicBuilt.get(key);
      if (!b) symbolicBuilt.set(key, (b = buildModel(description, { stateChoice: options.stateChoice, formulation: options.formulation, symbolic: true, ...(keep ? { symbolicParams: keep } : {}) })));
      return b;
    },
    symbolicForms(formOptions = {}) {
      if (family !== 'linear') throw wrongFamily(description, family, 'linear');
      return symbolicForms(description, { stateChoice: options.stateChoice, formulation: options.formulation, ...formOptions });
    },
    nonlinear,
    timeVarying,
  };
  return model;
}
