/**
 * runNgspice: writes the netlist of a Network, runs `ngspice -b` on it with a timeout, and returns the wall time
 * around the process (start-up, parsing, analysis and writing the table included) and the probe voltages at
 * ngspice's own time points.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Network } from './network';
import { parseWrdata } from './parse-wrdata';
import { writeSpiceNetlist } from './spice-netlist';
import type { SpiceSettings } from './spice-netlist';

export interface NgspiceRun {
  readonly wallMs: number;
  readonly timedOut: boolean;
  /** ngspice's own report of the analysis time, s (from `rusage`), when it printed one. */
  readonly analysisSeconds?: number;
  /** Time points and one column per probe, in the order of network.probes (absent after a timeout). */
  readonly t?: Float64Array;
  readonly probes?: readonly Float64Array[];
  readonly points?: number;
}

/** `ngspice -v` first line, or undefined when ngspice is not installed. */
export function ngspiceVersion(): string | undefined {
  const r = spawnSync('ngspice', ['-v'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return undefined;
  return /ngspice-[\w.+-]+/.exec(r.stdout)?.[0] ?? r.stdout.split('\n').find((l) => l.includes('ngspice'))?.trim();
}

export function runNgspice(n: Network, settings: SpiceSettings, workDir: string, timeoutMs: number): NgspiceRun {
  mkdirSync(workDir, { recursive: true });
  const base = `${n.family}-${n.size}-${settings.label.replace(/[^\w.=-]/g, '_')}`;
  const cir = join(workDir, `${base}.cir`);
  const out = join(workDir, `${base}.txt`);
  rmSync(out, { force: true });
  writeFileSync(cir, writeSpiceNetlist(n, settings, out));
  const t0 = performance.now();
  const r = spawnSync('ngspice', ['-b', cir], { encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 2 ** 20 });
  const wallMs = performance.now() - t0;
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return { wallMs, timedOut: true };
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`ngspice exited with ${r.status}: ${(r.stderr || r.stdout).slice(-2000)}`);
  const table = parseWrdata(readFileSync(out, 'utf8'));
  const probes = n.probes.map((p) => {
    const k = table.names.indexOf(`v(${p.node})`);
    if (k < 0) throw new Error(`ngspice output lacks v(${p.node}); columns: ${table.names.join(', ')}`);
    return table.columns[k];
  });
  const analysis = /Total analysis time \(seconds\)\s*=\s*([\d.eE+-]+)/.exec(r.stdout + r.stderr);
  return {
    wallMs,
    timedOut: false,
    ...(analysis ? { analysisSeconds: Number(analysis[1]) } : {}),
    t: table.columns[0],
    probes,
    points: table.columns[0].length,
  };
}
