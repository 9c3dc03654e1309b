/**
 * ngspice on a netlist file, for the comparison tests: the netlist is copied up to its `.end` with a control
 * block that runs it, interpolates the given vectors onto the .tran step grid (`linearize`) and writes them
 * (`wrdata`); the table is read back as columns. ngspiceVersion() is undefined when ngspice is not installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function ngspiceVersion(): string | undefined {
  const r = spawnSync('ngspice', ['-v'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return undefined;
  return /ngspice-[\w.+-]+/.exec(r.stdout)?.[0] ?? 'ngspice';
}

export interface NgspiceTable {
  readonly t: Float64Array;
  /** One column per requested vector, in the order asked. */
  readonly columns: Float64Array[];
}

export function runNgspiceVectors(netlist: string, vectors: readonly string[]): NgspiceTable {
  const dir = mkdtempSync(join(tmpdir(), 'sysgraph-ngspice-'));
  const out = join(dir, 'out.txt');
  const lines = netlist.split('\n');
  const end = lines.findIndex((l, k) => k > 0 && /^\s*\.end\s*$/i.test(l));
  const body = (end < 0 ? lines : lines.slice(0, end)).join('\n');
  const list = vectors.join(' ');
  const control = ['.control', 'set wr_singlescale', 'set wr_vecnames', 'set width=1000', 'run', `linearize ${list}`, `wrdata ${out} ${list}`, '.endc', '.end', ''];
  const file = join(dir, 'netlist.cir');
  writeFileSync(file, `${body}\n${control.join('\n')}`);
  const r = spawnSync('ngspice', ['-b', file], { encoding: 'utf8', timeout: 120_000 });
  // In batch mode with a control block ngspice exits with 1 ("no simulations run" by .tran itself): the table is
  // what tells success.
  if (r.error || !existsSync(out)) throw new Error(`ngspice exited with ${r.status} and wrote no table: ${(r.stderr || r.stdout || String(r.error)).slice(-2000)}`);
  const rows = readFileSync(out, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
  const header = rows[0].split(/\s+/);
  if (header.length !== vectors.length + 1) throw new Error(`ngspice wrote ${header.join(' ')} for ${list}`);
  const data = rows.slice(1).map((l) => l.split(/\s+/).map(Number));
  return { t: Float64Array.from(data, (row) => row[0]), columns: vectors.map((_, k) => Float64Array.from(data, (row) => row[k + 1])) };
}
