/**
 * The diode-clamped RC ladder of issue 13: N sections, each a series resistor R, a capacitor C to ground and a
 * diode to ground (anode at the node; `.model dclamp D(IS=1e-12 N=1)`), driven by a 5 V ramp (0 → 5 V over
 * 10 µs, then held); 0–20 µs; two probes recorded, v(n1) and v(n3) (v(n2) when N = 2). One netlist file feeds
 * both tools: ngspice reads its `.control` block (run, `rusage time`, then `wrdata` of the probes at its own time points);
 * sysgraph's reader skips that block.
 *
 *   C v_k' = (v_{k−1} − v_k)/R − (v_k − v_{k+1})/R − IS·(exp(v_k/(N_D·Vt)) − 1),  v_0 = u(t),  no current past v_N.
 */

export const DIODE_LADDER = { R: 1e3, C: 1e-9, is: 1e-12, emission: 1, amplitude: 5, rise: 10e-6, tEnd: 20e-6 } as const;

/** Vt = k T / q at 27 °C (SPICE's default temperature), from the SI constants. */
export const THERMAL_VOLTAGE = (1.380649e-23 * 300.15) / 1.602176634e-19;

/** The probe nodes (1-based section numbers). */
export function diodeLadderProbes(N: number): number[] {
  return N >= 3 ? [1, 3] : [1, N];
}

export interface SpiceOptions {
  /** `.options` entries; none for ngspice's defaults. */
  readonly options?: Readonly<Record<string, number | string>>;
  /** tstep of `.tran` (default tEnd/200). */
  readonly intervals?: number;
}

/** The netlist text; `outFile` is where ngspice's wrdata writes (absolute, no spaces). */
export function diodeLadderNetlist(N: number, outFile: string, settings: SpiceOptions = {}): string {
  if (!Number.isInteger(N) || N < 2) throw new RangeError(`diodeLadderNetlist: N must be an integer ≥ 2, got ${N}`);
  if (/\s/.test(outFile)) throw new RangeError(`diodeLadderNetlist: the output path must not contain spaces: ${outFile}`);
  const p = DIODE_LADDER;
  const lines = [`* diode-clamped RC ladder, N = ${N} (sysgraph nonlinear benchmark)`, `V1 n0 0 PWL(0 0 ${p.rise} ${p.amplitude})`];
  for (let k = 1; k <= N; k++) lines.push(`R${k} n${k - 1} n${k} ${p.R}`, `C${k} n${k} 0 ${p.C}`, `D${k} n${k} 0 dclamp`);
  lines.push(`.model dclamp D(IS=${p.is} N=${p.emission})`);
  const opts = Object.entries(settings.options ?? {});
  if (opts.length > 0) lines.push(`.options ${opts.map(([k, v]) => `${k}=${v}`).join(' ')}`);
  const vectors = diodeLadderProbes(N).map((k) => `v(n${k})`).join(' ');
  lines.push(
    `.save ${vectors}`,
    `.tran ${p.tEnd / (settings.intervals ?? 200)} ${p.tEnd}`,
    '.control',
    'run',
    'rusage time',
    'set wr_singlescale',
    'set wr_vecnames',
    'option numdgt=15',
    `wrdata ${outFile} ${vectors}`,
    'quit',
    '.endc',
    '.end',
  );
  return lines.join('\n') + '\n';
}
