/**
 * The read time of a SPICE netlist (readSpiceNetlist) against JSON.parse + parseSystem of the same RC ladder
 * (benchmarks/src/spice: writeSpiceNetlist and networkToDescription), medians after warm-up:
 *   npx tsx benchmarks/src/tools/netlist-read.ts [--sizes 10000,100000] [--repeats 25]
 */
import { createSystemParser, readSpiceNetlist } from '@sysgraph/description';
import { networkToDescription } from '../spice/network-description';
import { rcLadderNetwork } from '../spice/rc-ladder-network';
import { SPICE_DEFAULTS, writeSpiceNetlist } from '../spice/spice-netlist';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const k = args.indexOf(name);
  return k >= 0 ? args[k + 1] : fallback;
};
const sizes = option('--sizes', '10000,100000').split(',').map(Number);
const repeats = Number(option('--repeats', '25'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const parser = createSystemParser();

function time(run: () => unknown, count: number): number {
  const times: number[] = [];
  for (let k = 0; k < count; k++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  return median(times.slice(Math.min(5, count - 1)));
}

/** The machine's speed at the moment: a dot product of 10^4 doubles (≈ 20 µs on a quiet machine), median µs. */
function calibrate(): number {
  const a = new Float64Array(1e4).fill(1.5);
  const b = new Float64Array(1e4).fill(2);
  let s = 0;
  const us = time(() => {
    for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  }, 205) * 1000;
  return s > 0 ? us : us;
}

console.log(`dot product of 10^4 doubles: ${calibrate().toFixed(0)} µs (≈ 20 µs on a quiet machine)`);
for (const N of sizes) {
  const network = rcLadderNetwork(N);
  // As read from a file: one flat string (the writer's join leaves a rope, slower to index).
  const netlist = Buffer.from(writeSpiceNetlist(network, SPICE_DEFAULTS, '/tmp/out.txt')).toString();
  const json = Buffer.from(JSON.stringify(networkToDescription(network))).toString();
  const count = N > 50000 ? Math.max(7, repeats >> 2) : repeats;
  const netlistMs = time(() => readSpiceNetlist(netlist, { ground: 'gnd', expressions: parser.expressions }), count);
  const jsonMs = time(() => parser.parse(json), count);
  console.log(
    `rc-ladder N = ${N}: netlist ${(netlist.length / 1024).toFixed(0)} KB read ${netlistMs.toFixed(2)} ms; ` +
      `JSON ${(json.length / 1024).toFixed(0)} KB parse ${jsonMs.toFixed(2)} ms (median of ${count - Math.min(5, count - 1)})`,
  );
}
