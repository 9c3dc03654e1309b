// The one place the scripts reach the library: @sysgraph/engine's
//   compile(input, options) → model     (a description object or JSON text, or a SPICE netlist's text)
//   simulate(model, options) → run       (run.result: the trace — names, units, columns — and the solver)
// and a trace's column by name.
export { compile, simulate } from '@sysgraph/engine';

/** A run's column by name (the last column of that name: an output shadows a state of the same name). */
export function column(run, name) {
  const trace = run.result;
  const i = trace.names.lastIndexOf(name);
  if (i < 0) throw new Error(`the trace has no column ${name} (it has ${trace.names.join(', ')})`);
  return trace.columns[i];
}
