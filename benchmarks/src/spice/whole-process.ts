/**
 * Both tools timed the same way, as whole processes reading the same netlist file: `ngspice -b FILE` (its
 * `.control` block writes the probes at its own time points with `wrdata`) and the sysgraph command
 * `node packages/cli/bin/sysgraph.cjs simulate FILE --record … --format csv` (the probes at the times it
 * reports); wall time around each process (start-up, reading, analysis, output), with a timeout after which the
 * run is recorded as timed out, never waited for. The benchmarks alternate the runs (ngspice, sysgraph,
 * ngspice, …) so that a change of the shared machine's load hits both, and take medians (medianWall).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitedChildrenCpuMs } from '../harness/child-cpu';
import { parseWrdata } from './parse-wrdata';
import type { Table } from './parse-wrdata';

/** The repository root (this file is benchmarks/src/spice/). */
export const REPOSITORY = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
export const SYSGRAPH_BIN = resolve(REPOSITORY, 'packages/cli/bin/sysgraph.cjs');

export interface ProcessRun {
  readonly wallMs: number;
  /** User + system CPU time of the process (all its threads), ms, where the platform tells (harness/child-cpu.ts). */
  readonly cpuMs?: number;
  readonly timedOut: boolean;
  /** The probes: a time column first, then one column per probe (absent after a timeout). */
  readonly table?: Table;
  /** ngspice's own `Total analysis time` (its in-process figure), ms, when printed. */
  readonly analysisMs?: number;
}

function spawnTimed(command: string, args: readonly string[], timeoutMs: number) {
  const c0 = waitedChildrenCpuMs();
  const t0 = performance.now();
  const r = spawnSync(command, args, { encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 256 * 2 ** 20, cwd: REPOSITORY });
  const wallMs = performance.now() - t0;
  const c1 = waitedChildrenCpuMs();
  const cpu = c0 !== undefined && c1 !== undefined ? { cpuMs: c1 - c0 } : {};
  const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT' || (r.signal === 'SIGKILL' && wallMs >= timeoutMs * 0.99);
  if (!timedOut && r.error) throw r.error;
  if (!timedOut && r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${r.status ?? r.signal}: ${(r.stderr || r.stdout).slice(-2000)}`);
  return { wallMs, ...cpu, timedOut, stdout: r.stdout, stderr: r.stderr };
}

/** `ngspice -b file`; its wrdata table read from `outFile` (the path written in the netlist). */
export function ngspiceProcess(file: string, outFile: string, timeoutMs: number): ProcessRun {
  rmSync(outFile, { force: true });
  const r = spawnTimed('ngspice', ['-b', file], timeoutMs);
  if (r.timedOut) return { wallMs: r.wallMs, timedOut: true };
  const cpu = r.cpuMs !== undefined ? { cpuMs: r.cpuMs } : {};
  const analysis = /Total analysis time \(seconds\)\s*=\s*([\d.eE+-]+)/.exec(r.stdout + r.stderr);
  return { wallMs: r.wallMs, ...cpu, timedOut: false, table: parseWrdata(readFileSync(outFile, 'utf8')), ...(analysis ? { analysisMs: 1000 * Number(analysis[1]) } : {}) };
}

/** Bare `node -e 0`: the start-up floor of any Node process on this machine, timed as the two tools are. */
export function bareNodeProcess(timeoutMs: number): ProcessRun {
  const r = spawnTimed(process.execPath, ['-e', '0'], timeoutMs);
  return { wallMs: r.wallMs, ...(r.cpuMs !== undefined ? { cpuMs: r.cpuMs } : {}), timedOut: r.timedOut };
}

/** The sysgraph command on `file`: `simulate FILE --format csv` and the given options (--record, --samples, …). */
export function sysgraphProcess(file: string, options: readonly string[], timeoutMs: number): ProcessRun {
  const r = spawnTimed(process.execPath, [SYSGRAPH_BIN, 'simulate', file, '--format', 'csv', ...options], timeoutMs);
  if (r.timedOut) return { wallMs: r.wallMs, timedOut: true };
  return { wallMs: r.wallMs, ...(r.cpuMs !== undefined ? { cpuMs: r.cpuMs } : {}), timedOut: false, table: parseCsv(r.stdout) };
}

/** A CSV of numbers with a header row, as columns. */
export function parseCsv(text: string): Table {
  const lines = text.trim().split('\n');
  const names = lines[0].split(',');
  const columns = names.map(() => new Float64Array(lines.length - 1));
  for (let r = 1; r < lines.length; r++) {
    const cells = lines[r].split(',');
    for (let c = 0; c < names.length; c++) columns[c][r - 1] = Number(cells[c]);
  }
  return { names, columns };
}

/** The column of `name` (case-insensitive), or an error listing the columns. */
export function column(table: Table, name: string): Float64Array {
  const k = table.names.findIndex((n) => n.toLowerCase() === name.toLowerCase());
  if (k < 0) throw new Error(`no column ${name} among ${table.names.join(', ')}`);
  return table.columns[k];
}

/** The median CPU time of the runs, or undefined when any timed out or the platform does not tell. */
export function medianCpu(runs: readonly ProcessRun[]): number | undefined {
  if (runs.some((r) => r.cpuMs === undefined)) return undefined;
  return upperMedian(runs, (r) => r.cpuMs!);
}

/** The median wall time of the runs that finished, or undefined when any timed out. */
export function medianWall(runs: readonly ProcessRun[]): number | undefined {
  return upperMedian(runs, (r) => r.wallMs);
}

/** The fastest and the slowest wall time of the runs, or undefined when there are none or any timed out. */
export function wallRange(runs: readonly ProcessRun[]): { readonly min: number; readonly max: number } | undefined {
  if (runs.length === 0 || runs.some((r) => r.timedOut)) return undefined;
  const walls = runs.map((r) => r.wallMs);
  return { min: Math.min(...walls), max: Math.max(...walls) };
}

/** The middle value of the runs' figures (the upper of the two middle ones for an even count); undefined when there are no runs or any timed out. */
function upperMedian(runs: readonly ProcessRun[], figure: (r: ProcessRun) => number): number | undefined {
  if (runs.length === 0 || runs.some((r) => r.timedOut)) return undefined;
  const s = runs.map(figure).sort((x, y) => x - y);
  return s[s.length >> 1];
}
