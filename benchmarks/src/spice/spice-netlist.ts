/**
 * writeSpiceNetlist: a Network as an ngspice netlist (SPICE3 syntax) for batch mode. The ramp is a PWL source,
 * `.tran tstep tstop` with tstep = tEnd/intervals (ngspice then caps its internal step at tstep), `.save` of the
 * probes only, `.options` from the settings (none: ngspice's defaults, reltol 1e-3, abstol 1e-12, vntol 1e-6,
 * trtol 7, method trapezoidal), and a `.control` block that runs the analysis, prints its analysis time (`rusage time`) and writes the probe voltages at
 * every internal time point with `wrdata` (15 significant digits, one time column).
 */
import { GROUND } from './network';
import type { Network } from './network';

export interface SpiceSettings {
  /** Printed in the tables, e.g. 'defaults' or 'reltol=1e-6'. */
  readonly label: string;
  /** `.options` entries, e.g. { reltol: 1e-6, method: 'gear' }; empty for ngspice's defaults. */
  readonly options: Readonly<Record<string, number | string>>;
  /** tstep = tEnd / intervals. */
  readonly intervals: number;
}

export const SPICE_DEFAULTS: SpiceSettings = { label: 'defaults', options: {}, intervals: 200 };

const node = (name: string) => (name === GROUND ? '0' : name);
const num = (x: number) => x.toPrecision(15).replace(/\.?0+(e|$)/, '$1');

/** The netlist text; `outFile` is where wrdata writes (absolute path, no spaces). */
export function writeSpiceNetlist(n: Network, settings: SpiceSettings, outFile: string): string {
  if (/\s/.test(outFile)) throw new RangeError(`writeSpiceNetlist: the output path must not contain spaces: ${outFile}`);
  const s = n.source;
  const lines: string[] = [`* ${n.family} ${n.sizeLabel} (sysgraph spice benchmark)`];
  const prefix = s.kind === 'voltage' ? 'V' : 'I';
  // PWL(t0 v0 t1 v1): 0 → amplitude over rise, then held. SPICE's current source drives from n+ through itself to n−.
  lines.push(`${prefix}${s.id} ${node(s.from)} ${node(s.to)} PWL(0 0 ${num(s.rise)} ${num(s.amplitude)})`);
  for (const e of n.elements) lines.push(`${e.kind}${e.id} ${node(e.from)} ${node(e.to)} ${num(e.value)}`);
  const opts = Object.entries(settings.options);
  if (opts.length > 0) lines.push(`.options ${opts.map(([k, v]) => `${k}=${typeof v === 'number' ? num(v) : v}`).join(' ')}`);
  const vectors = n.probes.map((p) => `v(${p.node})`).join(' ');
  lines.push(
    `.save ${vectors}`,
    `.tran ${num(n.tEnd / settings.intervals)} ${num(n.tEnd)}`,
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
