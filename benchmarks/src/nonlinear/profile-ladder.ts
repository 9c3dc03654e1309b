/**
 * In-process profile of the nonlinear path: the diode ladder (or the spring chain) read, built and simulated at
 * the benchmark's settings, with the solver's counters and the error against the hand-written reference (cached
 * in the system's temporary folder per size and step).
 *
 * --general: the network model's general path (networkModel's option split: false) instead of the model as built.
 * SOLVER=name in the environment: that solver instead of auto.
 *
 *   npx tsx benchmarks/src/nonlinear/profile-ladder.ts [N] [rtol] [atol] [repeats] [--chain] [--no-error] [--general]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createSystemParser, readSpiceNetlist } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { networkModel } from '@sysgraph/formulation';
import { simulate } from '@sysgraph/simulate';
import { referenceAt } from './dense-reference';
import type { DenseReference } from './dense-reference';
import { DIODE_LADDER, diodeLadderNetlist, diodeLadderProbes } from './diode-ladder';
import { diodeLadderReference } from './diode-ladder-reference';
import { SPRING_CHAIN, springChain, springChainProbeNames } from './spring-chain';
import { springChainReference } from './spring-chain-reference';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const chain = process.argv.includes('--chain');
const withError = !process.argv.includes('--no-error');
const modelOptions = process.argv.includes('--general') ? { split: false } : {};
const N = Number(args[0] ?? 1000);
const rtol = Number(args[1] ?? 1e-7);
const atol = Number(args[2] ?? 1e-10);
const repeats = Number(args[3] ?? 3);

function cachedReference(key: string, make: () => DenseReference): DenseReference {
  const file = join(os.tmpdir(), `sysgraph-ref-${key}.json`);
  if (existsSync(file)) {
    const raw = JSON.parse(readFileSync(file, 'utf8'));
    return { h: raw.h, trapezoidDifference: raw.trapezoidDifference, values: raw.values.map((v: number[]) => Float64Array.from(v)), slopes: raw.slopes.map((v: number[]) => Float64Array.from(v)) };
  }
  const ref = make();
  writeFileSync(file, JSON.stringify({ h: ref.h, trapezoidDifference: ref.trapezoidDifference, values: ref.values.map((v) => Array.from(v)), slopes: ref.slopes.map((v) => Array.from(v)) }));
  return ref;
}

const t0 = performance.now();
let built, inputs: Record<string, string> | Record<string, unknown>, probes: string[], tEnd: number;
if (chain) {
  const description = createSystemParser().parse(JSON.stringify(springChain(N)));
  const t1 = performance.now();
  const structure = analyzeStructure(description);
  const t2 = performance.now();
  built = networkModel(structure, modelOptions);
  console.log(`read ${(t1 - t0).toFixed(1)} ms, structure ${(t2 - t1).toFixed(1)} ms, model ${(performance.now() - t2).toFixed(1)} ms (${((1000 * (performance.now() - t2)) / N).toFixed(1)} µs per law)`);
  inputs = { F: String(SPRING_CHAIN.force) };
  probes = springChainProbeNames(N);
  tEnd = SPRING_CHAIN.tEnd;
} else {
  const netlist = readSpiceNetlist(diodeLadderNetlist(N, '/dev/null'));
  const t1 = performance.now();
  const structure = analyzeStructure(netlist.description);
  const t2 = performance.now();
  built = networkModel(structure, modelOptions);
  console.log(`read ${(t1 - t0).toFixed(1)} ms, structure ${(t2 - t1).toFixed(1)} ms, model ${(performance.now() - t2).toFixed(1)} ms (${((1000 * (performance.now() - t2)) / N).toFixed(1)} µs per law)`);
  inputs = netlist.signals as Record<string, unknown>;
  probes = diodeLadderProbes(N).map((k) => `v(n${k})`);
  tEnd = DIODE_LADDER.tEnd;
}
console.log(`path ${built.stats.path}`);
let result;
for (let r = 0; r < repeats; r++) {
  const s0 = performance.now();
  const c0 = process.cpuUsage();
  result = simulate(built.model, { tEnd, inputs: inputs as never, rtol, atol, samples: 401, record: probes, ...(process.env.SOLVER ? { solver: process.env.SOLVER as never } : {}) });
  const c1 = process.cpuUsage(c0);
  console.log(`simulate ${(performance.now() - s0).toFixed(1)} ms wall, ${((c1.user + c1.system) / 1000).toFixed(1)} ms CPU  ${JSON.stringify(result.stats)} solver ${result.solver}`);
}
if (withError && result) {
  const ref = chain ? cachedReference(`chain-${N}`, () => springChainReference(N, 2e-3)) : cachedReference(`ladder-${N}`, () => diodeLadderReference(N, 2e-9));
  let peak = 0;
  for (const y of ref.values) for (const x of y) peak = Math.max(peak, Math.abs(x));
  const times = result.columns[0];
  let err = 0;
  probes.forEach((name, p) => {
    const y = result.columns[result.names.indexOf(name)];
    const rv = referenceAt(ref, p, times);
    for (let i = 0; i < times.length; i++) err = Math.max(err, Math.abs(y[i] - rv[i]));
  });
  console.log(`error / peak ${(err / peak).toExponential(3)} (reference check ${(ref.trapezoidDifference / peak).toExponential(2)})`);
}
