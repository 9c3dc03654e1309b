/**
 * What a netlist's analysis cards mean for `simulate` (SPICE's meaning; the command line overrides each):
 *   source waveforms          → --input NAME=SIGNAL
 *   .tran tstep tstop tstart tmax [uic]
 *       tstop                 → --t-end
 *       tstep                 → --samples round(t-end / tstep) + 1 (output spacing tstep when it divides t-end)
 *       tstart                → rows before tstart dropped (the integration still starts at t = 0)
 *       tmax                  → --dt (the largest internal step)
 *       uic                   → the start: zero but for .ic / IC= (else the DC operating point, .ic held)
 *   .options reltol=          → --rtol (the solver's relative tolerance per step)
 *   .options abstol= vntol=   → --atol (the smaller of the two when both are given: one atol for volts and amperes)
 *   .save / .print tran probes → --record (the probes' outputs, under their SPICE names v(node), i(name))
 * Options SPICE has and sysgraph does not (method, trtol, gmin, …) are ignored; the defaults of sysgraph (rtol
 * 1e-6, atol 1e-9) stay where the netlist says nothing, being tighter than SPICE's (reltol 1e-3).
 */
import type { InitialConditions, SpiceNetlist } from '@sysgraph/description';

/** How a netlist's transient starts: SPICE's DC operating point (with `.ic` nodes held) unless `uic`. */
export interface NetlistStart {
  readonly uic: boolean;
  readonly initial: InitialConditions;
}

export interface NetlistDefaults {
  /** NAME=SIGNAL pairs, one per source with a waveform (the form of --input). */
  readonly inputs: readonly string[];
  readonly tEnd?: number;
  /** .tran tstep: the output spacing. */
  readonly tstep?: number;
  /** .tran tstart: the first output time. */
  readonly tStart?: number;
  /** .tran tmax: the largest internal step. */
  readonly dt?: number;
  readonly rtol?: number;
  readonly atol?: number;
  /** The .save / .print probes' output names (absent when the netlist saves none). */
  readonly record?: readonly string[];
  readonly start: NetlistStart;
}

export function netlistDefaults(read: SpiceNetlist): NetlistDefaults {
  const tran = read.tran;
  const num = (name: string): number | undefined => {
    const v = read.options.get(name);
    return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined;
  };
  const abstols = [num('abstol'), num('vntol')].filter((v): v is number => v !== undefined);
  const reltol = num('reltol');
  const probes = read.description.outputs.map((o) => o.name);
  return {
    inputs: Object.entries(read.signals).map(([name, signal]) => `${name}=${signal}`),
    ...(tran ? { tEnd: tran.tstop, tstep: tran.tstep } : {}),
    ...(tran && tran.tstart > 0 ? { tStart: tran.tstart } : {}),
    ...(tran?.tmax !== undefined ? { dt: tran.tmax } : {}),
    ...(reltol !== undefined && reltol < 1 ? { rtol: reltol } : {}),
    ...(abstols.length > 0 ? { atol: Math.min(...abstols) } : {}),
    ...(probes.length > 0 ? { record: probes } : {}),
    start: { uic: tran?.uic ?? false, initial: read.initial },
  };
}

/** The most output samples a tstep asks for (SPICE would print as many rows; beyond this, fewer). */
export const MAX_NETLIST_SAMPLES = 1_000_001;

/** The samples over [0, tEnd] that put them tstep apart: round(tEnd / tstep) + 1, at most MAX_NETLIST_SAMPLES. */
export function samplesForStep(tEnd: number, tstep: number): number {
  return Math.max(2, Math.min(MAX_NETLIST_SAMPLES, Math.round(tEnd / tstep) + 1));
}
