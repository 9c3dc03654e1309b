/**
 * Runs one spice-benchmark network through the whole sysgraph pipeline repeatedly (runSysgraph: parse →
 * structure → formulate → model → simulate) and prints the median time of each stage over the runs after the
 * first `warm` ones. For tuning a stage and for profiling:
 *   npx tsx benchmarks/src/tools/pipeline-stages.ts rc-ladder 10000 [--repeats 25] [--warm 5] [--netlist]
 * (--netlist: the input is the SPICE netlist ngspice reads, through readSpiceNetlist, instead of the JSON)
 * Profiles read best from an esbuild bundle (tsx wraps functions, so closures show as "(anonymous)"):
 *   node_modules/.pnpm/esbuild@0.28.2/node_modules/esbuild/bin/esbuild benchmarks/src/tools/pipeline-stages.ts \
 *     --bundle --platform=node --format=esm --outfile=/tmp/stages.mjs
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof /tmp/stages.mjs rc-ladder 10000
 *   npx tsx benchmarks/src/tools/summarize-cpuprofile.ts /tmp/prof/<file>.cpuprofile
 */
import { createSystemParser } from '@sysgraph/description';
import { runSysgraph } from '../spice/run-sysgraph';
import type { StageTimes } from '../spice/run-sysgraph';
import { toolArgs } from './tool-args';

const args = process.argv.slice(2);
const { family, size, repeats, warm, network } = toolArgs(args, 25);
const parser = createSystemParser();
const settings = { rtol: 1e-6, atol: 1e-9, samples: 201, solver: 'auto' as const, input: args.includes('--netlist') ? ('netlist' as const) : ('json' as const) };
const runs = Array.from({ length: repeats }, () => runSysgraph(network, settings, parser)).slice(Math.min(warm, repeats - 1));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const keys: (keyof StageTimes)[] = ['parseMs', 'structureMs', 'formulateMs', 'modelMs', 'simulateMs', 'totalMs'];
console.log(`${family} ${size} from ${settings.input}: ${network.states} states, solver ${runs[0].solver}, median of ${runs.length} runs`);
console.log(keys.map((k) => `${k.replace('Ms', '')} ${median(runs.map((r) => r.times[k])).toFixed(1)} ms`).join(', '));
