/**
 * The RC ladder through compile + simulate in-process, the solver's counters and the simulate time (median of
 * runs): `npx tsx benchmarks/src/tools/krylov-ladder-profile.ts SECTIONS [RUNS]`.
 */
import { compile, simulate } from '@sysgraph/engine';
import { rcLadder } from '../generators';

const sections = Number(process.argv[2] ?? 50000);
const runs = Number(process.argv[3] ?? 3);
const model = compile(rcLadder(sections) as never);
const times: number[] = [];
for (let r = 0; r < runs; r++) {
  const t0 = performance.now();
  const trace = simulate(model, { tEnd: 1e-3, samples: 100, record: ['v_out'] });
  times.push((performance.now() - t0) / 1e3);
  if (r === 0) console.log(JSON.stringify((trace as { stats?: unknown }).stats), (trace as { notes?: unknown }).notes);
}
times.sort((a, b) => a - b);
console.log(`sections ${sections}: simulate median ${times[Math.floor(times.length / 2)].toFixed(3)} s of ${times.map((t) => t.toFixed(3)).join(', ')}`);
