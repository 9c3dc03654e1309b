/**
 * Benchmark of the time-varying model (packages/formulation/src/time-varying): build time and the cost of one
 * evaluation of f (matrices at a new t, then A s + B u) for the examples here and for MASD example 4.1 with
 * modulated values. Prints medians of repeated runs; no assertion (timings are noisy on shared machines).
 *
 *   npx tsx examples/time-varying/bench-time-varying.ts
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseSystem } from '../../packages/description/src/index';
import { analyzeStructure } from '../../packages/graph/src/index';
import { createTimeMath, timeVaryingModel } from '../../packages/formulation/src/index';

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function modulated(path: string, staticToo: boolean) {
  const json = JSON.parse(readFileSync(path, 'utf8'));
  json.elements = json.elements.map((e: { value?: unknown; kind: string }, k: number) => {
    const storage = /mass|spring|inertia|capacitor|inductor/.test(e.kind);
    const varying = e.value !== undefined && !e.kind.includes('source') && (storage || staticToo);
    return varying ? { ...e, value: `(${String(e.value)}) * (1 + 0.${(k % 9) + 1} * sin(${k + 1} * t))` } : e;
  });
  return json;
}

const systems: [string, unknown][] = [
  ['rlc C(t)', JSON.parse(readFileSync(here('rlc-time-varying-capacitor.json'), 'utf8'))],
  ['rlc R(t) L(t)', JSON.parse(readFileSync(here('switched-resistor-rl.json'), 'utf8'))],
  ['masd 4.1, storage varying', modulated(here('../masd-4-1.json'), false)],
  ['masd 4.1, all varying', modulated(here('../masd-4-1.json'), true)],
];

const math = createTimeMath();
console.log('system                         form            states  build ms  f µs (median of 7 × 20000)');
for (const [name, json] of systems) {
  const s = analyzeStructure(parseSystem(json));
  for (const form of ['charge-flux', 'across-through'] as const) {
    const builds: number[] = [];
    let tv = timeVaryingModel(s, { math, form });
    for (let r = 0; r < 5; r++) {
      const t0 = performance.now();
      tv = timeVaryingModel(s, { math, form });
      builds.push(performance.now() - t0);
    }
    const n = tv.states.length;
    const x = new Float64Array(n).fill(0.1);
    const u = new Float64Array(tv.inputs.length).fill(1);
    const du = new Float64Array(tv.inputs.length);
    const dx = new Float64Array(n);
    const runs: number[] = [];
    const N = 20000;
    for (let r = 0; r < 7; r++) {
      const t0 = performance.now();
      for (let i = 0; i < N; i++) tv.model.f(r + i * 1e-4, x, u, du, dx);
      runs.push(((performance.now() - t0) / N) * 1000);
    }
    console.log(`${name.padEnd(30)} ${form.padEnd(15)} ${String(n).padStart(6)}  ${median(builds).toFixed(2).padStart(8)}  ${median(runs).toFixed(2).padStart(6)}`);
  }
}
