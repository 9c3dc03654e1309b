/**
 * recordFor: the states and outputs a run keeps, from --record (or a netlist's .save probes, merged before).
 *
 *   given names        → those names
 *   `all`              → every state and output (unless a state or output is itself named all)
 *   nothing, n ≤ LIMIT → every state and output
 *   nothing, n > LIMIT → the declared outputs only, said in a note (a model without outputs keeps every state)
 *
 * Every state at every sample is n × samples numbers: 5·10^5 states × 101 samples are 0.4 GB as numbers and about
 * 1 GB as CSV text, which nobody reads and which dominates the run's time and memory; the outputs are what the
 * description says it wants to see.
 */
import type { SimulationModel } from '@sysgraph/simulate';
import { recordedNames } from './simulate-options';

/** The largest number of states recorded whole when --record is not given. */
export const RECORD_ALL_LIMIT = 10_000;

export function recordFor(sim: Pick<SimulationModel, 'stateNames' | 'outputNames'>, list: readonly string[] | undefined, note?: (line: string) => void): string[] | undefined {
  const names = recordedNames(list);
  if (names !== undefined) {
    const all = names.length === 1 && names[0] === 'all' && !sim.stateNames.includes('all') && !sim.outputNames.includes('all');
    return all ? undefined : names;
  }
  const n = sim.stateNames.length;
  if (n <= RECORD_ALL_LIMIT || sim.outputNames.length === 0) return undefined;
  const shown = sim.outputNames.length <= 4 ? sim.outputNames.join(', ') : `${sim.outputNames.slice(0, 3).join(', ')}, … (${sim.outputNames.length})`;
  note?.(`recorded: the outputs ${shown}, not the ${n} states (more than ${RECORD_ALL_LIMIT}); --record all keeps every state, --record NAME,… chosen ones`);
  return [...sim.outputNames];
}
