/**
 * withNetlistOptions: simulate's options after a netlist's analysis cards (netlist-defaults.ts): every option
 * given on the command line wins; --samples follows the .tran step for the final end time (a --t-end of its own
 * keeps the netlist's spacing); --record empty means the netlist's probes.
 */
import type { SimulateCommandOptions } from '../simulation/run-simulation';
import type { NetlistDefaults } from './netlist-defaults';
import { samplesForStep } from './netlist-defaults';

/** NAME=SIGNAL pairs after the netlist's waveforms: a name given by the caller wins. */
export function withNetlistInputs(given: readonly string[], netlist: Pick<NetlistDefaults, 'inputs'> | undefined): string[] {
  if (!netlist) return [...given];
  const named = new Set(given.map((pair) => pair.split('=')[0].trim()));
  return [...netlist.inputs.filter((pair) => !named.has(pair.split('=')[0])), ...given];
}

export interface CommandLineSimulate {
  readonly tEnd?: number;
  readonly input: readonly string[];
  readonly record: readonly string[];
  readonly rtol?: number;
  readonly atol?: number;
  readonly dt?: number;
  readonly samples?: number;
}

export type WithNetlist<T> = Omit<T, 'input' | 'record'> &
  Pick<SimulateCommandOptions, 'netlistStart' | 'outputFrom'> & { input: string[]; record: string[] };

export function withNetlistOptions<T extends CommandLineSimulate>(opts: T, netlist: NetlistDefaults | undefined): WithNetlist<T> {
  if (!netlist) return { ...opts, input: [...opts.input], record: [...opts.record] };
  const tEnd = opts.tEnd ?? netlist.tEnd;
  const samples = opts.samples ?? (netlist.tstep !== undefined && tEnd !== undefined ? samplesForStep(tEnd, netlist.tstep) : undefined);
  return {
    ...opts,
    input: withNetlistInputs(opts.input, netlist),
    record: opts.record.length > 0 ? [...opts.record] : [...(netlist.record ?? [])],
    tEnd,
    samples,
    rtol: opts.rtol ?? netlist.rtol,
    atol: opts.atol ?? netlist.atol,
    dt: opts.dt ?? netlist.dt,
    netlistStart: netlist.start,
    ...(netlist.tStart !== undefined && (tEnd === undefined || netlist.tStart < tEnd) ? { outputFrom: netlist.tStart } : {}),
  };
}
