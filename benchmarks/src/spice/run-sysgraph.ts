/**
 * runSysgraph: a Network through the whole sysgraph pipeline, each stage timed:
 *
 *   input text ─► description ─► analyzeStructure ─► formulate(sparseBackend) ─► toSimulationModel
 *   ─► simulate(solver, rtol, atol, samples)
 *
 * The input text is the description JSON (parseSystem) or the very netlist ngspice reads (readSpiceNetlist;
 * element ids are then the netlist's names, kind letter + id). The probes are recorded as the capacitor-voltage
 * states v_<capacitor>. The parser is created by the caller (its schema compilation is a one-off cost of a
 * process, not of a network).
 */
import type { SystemParser } from '@sysgraph/description';
import { readSpiceNetlist } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, sparseBackend } from '@sysgraph/formulation';
import { toSimulationModel } from '@sysgraph/engine';
import { simulate } from '@sysgraph/simulate';
import type { LinearModel, SolverName, SolverStats } from '@sysgraph/simulate';
import type { Network } from './network';
import { networkToDescription, sourceSignal } from './network-description';
import { GROUND } from './network';
import { SPICE_DEFAULTS, writeSpiceNetlist } from './spice-netlist';

/** The wrdata path written into the netlist (ngspice's output; unused by the reader). */
const NETLIST_OUTPUT = '/tmp/sysgraph-netlist-probes.txt';

export interface SysgraphSettings {
  readonly rtol: number;
  readonly atol: number;
  /** Output rows: samples evenly spaced over [0, tEnd], from the solver's dense output. */
  readonly samples: number;
  /** The solver; 'auto' lets simulate() choose (and say why). */
  readonly solver: SolverName | 'auto';
  /** The input text: the description JSON (default) or the SPICE netlist given to ngspice. */
  readonly input?: 'json' | 'netlist';
}

export interface StageTimes {
  readonly parseMs: number;
  readonly structureMs: number;
  readonly formulateMs: number;
  readonly modelMs: number;
  readonly simulateMs: number;
  readonly totalMs: number;
}

export interface SysgraphRun {
  readonly times: StageTimes;
  readonly stats: SolverStats;
  readonly t: Float64Array;
  readonly probes: readonly Float64Array[];
  /** The solver simulate() used and why. */
  readonly solver: string;
  readonly solverReason: string;
}

export function runSysgraph(n: Network, settings: SysgraphSettings, parser: SystemParser): SysgraphRun {
  const netlist = settings.input === 'netlist';
  const text = netlist ? writeSpiceNetlist(n, SPICE_DEFAULTS, NETLIST_OUTPUT) : JSON.stringify(networkToDescription(n));
  const t0 = performance.now();
  const description = netlist ? readSpiceNetlist(text, { ground: GROUND, expressions: parser.expressions }).description : parser.parse(text);
  const t1 = performance.now();
  const structure = analyzeStructure(description);
  const t2 = performance.now();
  const ss = formulate(structure, sparseBackend(description.parameters));
  const t3 = performance.now();
  const model = toSimulationModel(ss, structure) as LinearModel;
  const t4 = performance.now();
  const record = n.probes.map((p) => `v_${netlist ? 'C' : ''}${p.capacitor}`);
  const source = `${netlist ? (n.source.kind === 'voltage' ? 'V' : 'I') : ''}${n.source.id}`;
  const result = simulate(model, {
    tEnd: n.tEnd,
    solver: settings.solver,
    inputs: { [source]: sourceSignal(n) },
    rtol: settings.rtol,
    atol: settings.atol,
    samples: settings.samples,
    record,
  });
  const t5 = performance.now();
  const column = (name: string) => {
    const k = result.names.indexOf(name);
    if (k < 0) throw new Error(`runSysgraph: the trace lacks ${name}`);
    return result.columns[k];
  };
  return {
    times: { parseMs: t1 - t0, structureMs: t2 - t1, formulateMs: t3 - t2, modelMs: t4 - t3, simulateMs: t5 - t4, totalMs: t5 - t0 },
    stats: result.stats,
    t: column('t'),
    probes: record.map(column),
    solver: result.solver,
    solverReason: result.solverReason,
  };
}
