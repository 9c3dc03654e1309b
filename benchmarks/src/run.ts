/**
 * pnpm bench [name …] [--sizes 1000,10000] [--max-seconds 180] [--cases N] [--node-option=<flag> …] [--readme-only]:
 * runs every benchmarks/src/*.ts script that exports a `run()` (or the named ones: `structure` is
 * structure.bench.ts), each in a fresh Node process with --expose-gc, writes benchmarks/results/<name>.json,
 * and rewrites benchmarks/results/README.md from every result file present (so running one benchmark keeps the
 * others' tables). --readme-only rewrites the README alone.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRecord } from './harness/bench-report';
import { formatResultsReadme } from './harness/results-readme';

const srcDir = dirname(fileURLToPath(import.meta.url));
const root = resolve(srcDir, '../..');
const resultsDir = resolve(srcDir, '../results');
/** Heap of each benchmark process, MB: 10^6-branch descriptions take a few GB. */
const HEAP_MB = 8192;

/** Scripts that export run(); others (scripts that run on import) are left alone. */
function discover(): { name: string; file: string }[] {
  return readdirSync(srcDir)
    .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
    .map((f) => ({ file: join(srcDir, f), name: basename(f).replace(/(\.bench)?\.ts$/, '') }))
    .filter(({ file }) => /export\s+(async\s+)?function\s+run\s*\(|export\s+const\s+run\s*=/.test(readFileSync(file, 'utf8')))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function parseArgs(argv: readonly string[]) {
  const names: string[] = [];
  let sizes: number[] | undefined;
  let maxSeconds = 180;
  let maxSecondsGiven = false;
  let cases: number | undefined;
  const nodeOptions: string[] = [];
  let readmeOnly = false;
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k];
    if (a === '--') continue;
    if (a === '--sizes') sizes = (argv[++k] ?? '').split(',').map(Number);
    else if (a === '--max-seconds') {
      maxSeconds = Number(argv[++k]);
      maxSecondsGiven = true;
    } else if (a === '--cases') cases = Number(argv[++k]);
    else if (a.startsWith('--node-option=')) nodeOptions.push(a.slice('--node-option='.length));
    else if (a === '--readme-only') readmeOnly = true;
    else if (a.startsWith('--')) throw new Error(`unknown option ${a} (known: --sizes, --max-seconds, --cases, --node-option=<flag>, --readme-only)`);
    else names.push(a);
  }
  if (sizes && sizes.some((s) => !Number.isInteger(s) || s < 1)) throw new Error('--sizes: positive integers, comma-separated');
  if (!(maxSeconds > 0)) throw new Error('--max-seconds: a positive number');
  if (cases !== undefined && !(Number.isInteger(cases) && cases >= 1)) throw new Error('--cases: a positive integer');
  return { names, sizes, maxSeconds, maxSecondsGiven, cases, nodeOptions, readmeOnly };
}

const USAGE = 'usage: pnpm bench [name …] [--sizes 1000,10000] [--max-seconds 180] [--cases N] [--node-option=<flag> …] [--readme-only]';
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`${USAGE}\nbenchmarks: ${discover().map((b) => b.name).join(', ')}`);
  process.exit(0);
}
let args: ReturnType<typeof parseArgs>;
try {
  args = parseArgs(process.argv.slice(2));
} catch (e) {
  console.error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
  process.exit(2);
}
const found = discover();
const unknown = args.names.filter((n) => !found.some((b) => b.name === n));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; known: ${found.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
const chosen = args.readmeOnly ? [] : args.names.length > 0 ? found.filter((b) => args.names.includes(b.name)) : found;
let failed = 0;
for (const b of chosen) {
  console.error(`benchmark ${b.name} (${b.file})`);
  const options = JSON.stringify({ sizes: args.sizes, maxSeconds: args.maxSeconds, maxSecondsGiven: args.maxSecondsGiven, cases: args.cases });
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', `--max-old-space-size=${HEAP_MB}`, ...args.nodeOptions, '--import', 'tsx', join(srcDir, 'harness/run-benchmark.ts'), b.file, b.name, options, resultsDir],
    { cwd: root, stdio: 'inherit' },
  );
  if (child.status !== 0) {
    failed++;
    console.error(`benchmark ${b.name} failed (exit ${child.status ?? child.signal})`);
  }
}

const records = readdirSync(resultsDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(resultsDir, f), 'utf8')) as Partial<BenchRecord>)
  .filter((r): r is BenchRecord => Array.isArray(r.targets) && Array.isArray(r.rows) && Array.isArray(r.columns) && r.machine !== undefined);
writeFileSync(join(resultsDir, 'README.md'), formatResultsReadme(records));
console.error(`wrote ${join(resultsDir, 'README.md')} (${records.length} result file${records.length === 1 ? '' : 's'})`);
process.exit(failed > 0 ? 1 : 0);
