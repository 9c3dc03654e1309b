/**
 * Formulation benchmark: the numeric general formulation (formulate with sparseBackend, formulation.md
 * sections 4–7) of the RC ladder, the RLC ladder and the RC grid at 10^3, 10^4 and 10^5 branches: wall time
 * (median of 3), states, nonzeros of the descriptor matrices E and A0 and of the standard-form A, and the heap
 * before and after (process.memoryUsage().heapUsed), against what one dense n × n matrix would take.
 *
 * Targets: a 10^5-branch ladder formulated in < 2 s, with no dense n × n allocation.
 * Run: pnpm bench formulation [--sizes 1000,10000]
 */
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import type { Structure } from '@sysgraph/graph';
import { formulate, sparseBackend } from '@sysgraph/formulation';
import { generatorByName } from './generators/index';
import type { BenchOptions, BenchReport, TargetCheck } from './harness/bench-report';
import { check } from './harness/bench-report';
import { collectGarbage, heapUsedMB, median, round, timed } from './harness/timing';

export const title = 'Numeric formulation (sparse backend): time, sizes, heap';

const DEFAULT_SIZES = [1e3, 1e4, 1e5];
const SUBJECTS = ['rc-ladder', 'rlc-ladder', 'rc-grid'];
const RUNS = 3;
/** Heap growth allowed for a formulation, MB (one dense 10^4 × 10^4 Float64 matrix is 763 MB). */
const HEAP_LIMIT_MB = 1024;

type Row = Record<string, number | string | boolean | null>;

export async function run(options: BenchOptions): Promise<BenchReport> {
  const sizes = options.sizes ?? DEFAULT_SIZES;
  const rows: Row[] = [];
  formulateOnce(analyze(generatorByName('rlc-ladder').make(31))); // warm the code paths
  for (const name of SUBJECTS) {
    for (const size of sizes) {
      const structure = analyze(generatorByName(name).make(size));
      const times: number[] = [];
      const growth: number[] = [];
      let last: Row = {};
      for (let r = 0; r < RUNS; r++) {
        const before = heapUsedMB();
        const { result: model, ms } = timed(() => formulateOnce(structure));
        const after = process.memoryUsage().heapUsed / 2 ** 20; // no collection: what the formulation allocated and kept
        times.push(ms);
        growth.push(after - before);
        if (r === RUNS - 1) {
          const n = model.states.length;
          last = {
            states: n,
            nnzE: model.descriptor.E.nnz,
            nnzA0: model.descriptor.A0.nnz,
            nnzA: model.A.nnz,
            inputs: model.inputs.length,
            heapBeforeMB: round(before),
            heapAfterMB: round(after),
            heapRetainedMB: round(heapUsedMB() - before),
            denseNxNMB: round((8 * n * n) / 2 ** 20),
          };
        }
        collectGarbage();
      }
      const row: Row = {
        generator: name,
        size,
        branches: structure.graph.branches.length,
        ...last,
        formulateMs: round(median(times)),
        heapGrowthMB: round(Math.max(...growth)),
        runs: RUNS,
      };
      options.log(`${name} ${size}: ${row.formulateMs} ms, ${row.states} states, nnz E ${row.nnzE}, A0 ${row.nnzA0}; heap +${row.heapGrowthMB} MB`);
      rows.push(row);
    }
  }
  return { title, columns: COLUMNS, rows, targets: targets(rows), notes: NOTES };
}

const COLUMNS = ['generator', 'size', 'branches', 'states', 'inputs', 'nnzE', 'nnzA0', 'nnzA', 'formulateMs', 'heapBeforeMB', 'heapAfterMB', 'heapGrowthMB', 'heapRetainedMB', 'denseNxNMB', 'runs'];

const NOTES = [
  'formulateMs: formulate(structure, sparseBackend(parameters)) only; parsing and the structure stages are excluded (see the structure benchmark).',
  'heapBeforeMB: heap in use after a collection, before formulate; heapAfterMB: right after formulate, without a collection (garbage included); heapGrowthMB: the largest difference over the runs; heapRetainedMB: growth that survives a collection (the model).',
  'denseNxNMB: what one dense n × n Float64 matrix of the state count would take (8 n² bytes).',
];

function analyze(system: object): Structure {
  return analyzeStructure(parseSystem(system));
}

function formulateOnce(s: Structure) {
  return formulate(s, sparseBackend(s.description.parameters));
}

function targets(rows: readonly Row[]): TargetCheck[] {
  const out: TargetCheck[] = [];
  for (const name of ['rc-ladder', 'rlc-ladder']) {
    const r = rows.find((x) => x.generator === name && x.size === 1e5);
    out.push(check(`${name}, 10^5 branches: formulate`, r ? (r.formulateMs as number) : NaN, 2000, 'ms', 'sparse backend, structure excluded'));
  }
  for (const r of rows) {
    if (r.size !== 1e5) continue;
    out.push(
      check(
        `${r.generator}, 10^5 branches: heap growth (no dense n × n)`,
        r.heapGrowthMB as number,
        HEAP_LIMIT_MB,
        'MB',
        `a dense ${r.states} × ${r.states} matrix would need ${r.denseNxNMB} MB`,
      ),
    );
  }
  return out;
}
