/** A netlist file simulated in-process as `sysgraph simulate FILE` does, with extra command-line options. */
import { loadSystem } from '../../src/load-system';
import { withNetlistOptions } from '@sysgraph/engine';
import type { CommandLineSimulate } from '@sysgraph/engine';
import { runSimulation } from '../../src/commands/simulate';
import type { SimulationRun } from '../../src/commands/simulate';
import type { SystemDescription } from '@sysgraph/description';

export function simulateNetlist(file: string, cli: Partial<CommandLineSimulate> & { initial?: string[]; solver?: string } = {}, notes: string[] = []): { run: SimulationRun; desc: SystemDescription } {
  const { desc, netlist } = loadSystem(file);
  const merged = withNetlistOptions({ input: [], record: [], ...cli }, netlist);
  const run = runSimulation(desc, { ...merged, inputs: merged.input, note: (line) => notes.push(line) });
  return { run, desc };
}

/** The column of a name, as an array. */
export function column(run: SimulationRun, name: string): number[] {
  const k = run.result.names.indexOf(name);
  if (k < 0) throw new Error(`no column ${name} in ${run.result.names.join(', ')}`);
  return Array.from(run.result.columns[k]);
}
