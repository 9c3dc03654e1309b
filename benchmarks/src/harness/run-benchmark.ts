/**
 * Runs one benchmark module in this process (started by run.ts with --expose-gc and a large heap) and writes
 * benchmarks/results/<name>.json: its report, the machine and the wall time.
 * Usage: node --expose-gc --import tsx benchmarks/src/harness/run-benchmark.ts <module path> <name> <options JSON>
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchOptions, BenchRecord, BenchReport } from './bench-report';
import { machineInfo } from './machine-info';

const [modulePath, name, optionsJson, resultsDir] = process.argv.slice(2);
const given = JSON.parse(optionsJson) as { sizes?: number[]; maxSeconds: number; maxSecondsGiven?: boolean; cases?: number };
const options: BenchOptions = { ...given, log: (line) => process.stderr.write(`  [${name}] ${line}\n`) };

const mod = (await import(pathToFileURL(modulePath).href)) as { run: (o: BenchOptions) => BenchReport | Promise<BenchReport> };
const start = new Date();
const t0 = performance.now();
const report: Partial<BenchReport> = (await mod.run(options)) ?? {};
const record: BenchRecord = {
  name,
  title: report.title ?? name,
  columns: report.columns ?? [],
  rows: report.rows ?? [],
  targets: report.targets ?? [],
  notes: report.notes ?? [],
  machine: machineInfo(start),
  wallSeconds: (performance.now() - t0) / 1000,
};
writeFileSync(join(resultsDir, `${name}.json`), JSON.stringify(record, null, 2) + '\n');
