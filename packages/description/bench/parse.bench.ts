/**
 * Benchmark of the description stage: createSystemParser and parseSystem on the default
 * example and on generated ladders of n sections (voltage source, then n × [series resistor, shunt capacitor,
 * series inductor]). Prints medians; run from the repository root:
 *   npx tsx packages/description/bench/parse.bench.ts
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createSystemParser } from '../src/index';

function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Median of `runs` timed calls, after two untimed warm-up calls (JIT). */
function time(runs: number, f: () => void): number {
  f();
  f();
  const samples: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    f();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

/** A ladder network with 3n + 1 elements and 2n + 1 nodes. */
function ladder(n: number): unknown {
  const elements: unknown[] = [{ id: 'Vs', kind: 'voltage-source', from: 'n0', to: 'g', value: 1 }];
  const parameters: Record<string, number> = { R: 1, C: 0.5, L: 0.25 };
  for (let k = 0; k < n; k++) {
    elements.push({ id: `R${k}`, kind: 'resistor', from: `n${k}`, to: `m${k}`, value: 'R' });
    elements.push({ id: `C${k}`, kind: 'capacitor', from: `m${k}`, to: 'g', value: k % 2 === 0 ? 'C' : '2 * C' });
    elements.push({ id: `L${k}`, kind: 'inductor', from: `m${k}`, to: `n${k + 1}`, value: 'L' });
  }
  elements.push({ id: 'Rload', kind: 'resistor', from: `n${n}`, to: 'g', value: 10 });
  return { name: `ladder-${n}`, parameters, elements, outputs: [{ element: 'Rload', variable: 'through' }] };
}

const compile = time(9, () => createSystemParser());
console.log(`createSystemParser (ajv is compiled later, on the first invalid document): median ${compile.toFixed(2)} ms`);

const parser = createSystemParser();
const motorPump = readFileSync(fileURLToPath(new URL('../../../examples/motor-pump.json', import.meta.url)), 'utf8');
console.log(`parse motor-pump.json: median ${time(50, () => parser.parse(motorPump)).toFixed(3)} ms`);

for (const n of [10, 100, 1000, 10000]) {
  const doc = ladder(n);
  const runs = n >= 10000 ? 5 : n >= 1000 ? 9 : 25;
  const ms = time(runs, () => parser.parse(doc));
  console.log(`parse ladder n=${n} (${3 * n + 2} elements): median ${ms.toFixed(2)} ms, ${((ms * 1000) / (3 * n + 2)).toFixed(2)} µs/element`);
}
