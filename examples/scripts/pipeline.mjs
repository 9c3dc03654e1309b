// The one place the scripts call the library: compile(input, options) → model, simulate(model, options) → trace.
// Every stage of the pipeline is a call of a package:
//   text ─► SystemDescription ─► Structure (graph, normal tree, F) ─► StateSpace ─► LinearModel ─► Trace
//           parseSystem /          analyzeStructure                   formulate     toSimulationModel simulate
//           readSpiceNetlist
// When @sysgraph/engine (compile, simulate) is available, this file becomes
//   export { compile, simulate } from '@sysgraph/engine';
// (with examples/scripts/package.json depending on @sysgraph/engine) and the scripts stay as they are, as long
// as the engine's model keeps `inputs` and its trace `names` and `columns`.
import { parseSystem, readSpiceNetlist, withParameters } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, numericBackend, sparseBackend } from '@sysgraph/formulation';
import { simulate as integrate, toSimulationModel } from '@sysgraph/simulate';

/** Above this many branches the sparse backend is used (the command line's threshold). */
const SPARSE_ABOVE = 2000;

/**
 * A description (object or JSON text) or a SPICE netlist (text) → the linear model and its defaults.
 * options.parameters: values that replace the description's parameters (a sweep); options.name: the model's name.
 */
export function compile(input, options = {}) {
  const isJson = typeof input !== 'string' || input.trimStart().startsWith('{');
  const netlist = isJson ? undefined : readSpiceNetlist(input, { name: options.name ?? 'netlist' });
  let description = netlist ? netlist.description : parseSystem(typeof input === 'string' ? input : JSON.stringify(input), { name: options.name });
  if (options.parameters) description = withParameters(description, options.parameters);
  const structure = analyzeStructure(description);
  const sparse = structure.graph.ids.length > SPARSE_ABOVE;
  const backend = sparse ? sparseBackend(description.parameters) : numericBackend(description.parameters);
  const stateSpace = formulate(structure, backend, { stateChoice: 'b1' });
  const model = toSimulationModel(stateSpace, structure);
  return {
    description,
    structure,
    stateSpace,
    model,
    inputs: model.inputNames,
    states: model.stateNames,
    outputs: model.outputNames,
    /** A netlist's source waveforms and .tran stop time, for simulate(). */
    defaults: { inputs: netlist?.signals ?? {}, ...(netlist?.tran ? { tEnd: netlist.tran.tstop } : {}) },
  };
}

/** Simulates a compiled model from rest (x(0) = 0 unless options.initial); options as @sysgraph/simulate's simulate. */
export function simulate(compiled, options = {}) {
  const tEnd = options.tEnd ?? compiled.defaults.tEnd;
  return integrate(compiled.model, { ...options, tEnd, inputs: { ...compiled.defaults.inputs, ...options.inputs } });
}

/** A trace's column by name (the last column of that name: an output shadows a state of the same name). */
export function column(trace, name) {
  const i = trace.names.lastIndexOf(name);
  if (i < 0) throw new Error(`the trace has no column ${name} (it has ${trace.names.join(', ')})`);
  return trace.columns[i];
}
