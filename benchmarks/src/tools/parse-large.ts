/**
 * Benchmark of parseSystem on large generated networks (the structure benchmark's generators), from the already
 * JSON.parsed object, with JSON.parse and buildLinearGraph timed apart. Prints medians; run from the repository
 * root (add --cpu-prof --cpu-prof-dir=<dir> after `node` to profile):
 *   node --expose-gc --import tsx benchmarks/src/tools/parse-large.ts [size] [generators] [runs]
 */
import { buildLinearGraph } from '@sysgraph/graph';
import { GENERATORS } from '../generators/index';
import { createSystemParser } from '@sysgraph/description';

const size = Number(process.argv[2] ?? 1e5);
const names = (process.argv[3] ?? 'rlc-ladder').split(',');
const runs = Number(process.argv[4] ?? 5);
const gc = (globalThis as { gc?: () => void }).gc;

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const parser = createSystemParser();
for (const g of GENERATORS.filter((x) => names.includes(x.name))) {
  const text = JSON.stringify(g.make(size));
  const json: number[] = [];
  const parse: number[] = [];
  const graph: number[] = [];
  for (let r = 0; r < runs; r++) {
    gc?.();
    let t0 = performance.now();
    const doc: unknown = JSON.parse(text);
    json.push(performance.now() - t0);
    t0 = performance.now();
    const d = parser.parse(doc);
    parse.push(performance.now() - t0);
    t0 = performance.now();
    buildLinearGraph(d);
    graph.push(performance.now() - t0);
  }
  const ms = (x: number) => x.toFixed(1);
  console.log(
    `${g.name} ${size}: JSON.parse ${ms(median(json))} ms, parseSystem ${ms(median(parse))} ms ` +
      `(${((median(parse) * 1e3) / size).toFixed(2)} µs/branch; runs ${parse.map((x) => x.toFixed(0)).join(' ')}), buildLinearGraph ${ms(median(graph))} ms`,
  );
}
