/**
 * Benchmark of the oracle over the seeded random networks: medians per network of each stage.
 * Run from the repository root:  npx tsx packages/formulation/test/support/bench-oracle.ts [count]
 */
import { familyOfSeed, randomNetwork } from './random-network';
import { selectStates } from './select-states';
import { tableauStateEquations } from './tableau-state-equations';
import { pencilEigenvalues } from './pencil-eigenvalues';
import { defaultInputs } from './reference-model';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const count = Number(process.argv[2] ?? 1000);
const times = { generate: [] as number[], selectStates: [] as number[], tableau: [] as number[], pencil: [] as number[] };
let columns = 0;
const start = performance.now();
for (let seed = 0; seed < count; seed++) {
  let t = performance.now();
  const net = randomNetwork(seed, familyOfSeed(seed));
  times.generate.push(performance.now() - t);
  t = performance.now();
  const states = selectStates(net);
  times.selectStates.push(performance.now() - t);
  t = performance.now();
  const r = tableauStateEquations(net, states, defaultInputs(net));
  times.tableau.push(performance.now() - t);
  columns = Math.max(columns, r.size.columns);
  t = performance.now();
  pencilEigenvalues(net);
  times.pencil.push(performance.now() - t);
}
const total = performance.now() - start;
console.log(`oracle over ${count} seeded random networks (largest tableau: ${columns} unknowns), total ${(total / 1000).toFixed(2)} s`);
for (const [stage, xs] of Object.entries(times)) {
  console.log(`  ${stage.padEnd(13)} median ${median(xs).toFixed(3)} ms   max ${Math.max(...xs).toFixed(1)} ms`);
}
