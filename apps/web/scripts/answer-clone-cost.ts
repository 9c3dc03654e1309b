/**
 * answer-clone-cost: the worker's answer for a large network through V8's serializer (the structured clone that
 * postMessage uses), in Node: its serialized size and the time of deserialize (what the page's main thread pays
 * on arrival), per part of the answer. A measuring tool, not a test:
 *   npx tsx apps/web/scripts/answer-clone-cost.ts ladder|grid|ladder5000
 */
import { deserialize, serialize } from 'node:v8';
import { createSystemParser } from '@sysgraph/description';
import { createRestrictedParser } from '@sysgraph/simulate';
import { runPipeline } from '../src/engine/run-pipeline';
import { DEFAULT_SETTINGS } from '../src/engine/settings';
import { rcGridText, rcLadderText } from '../test/support/networks';

const which = process.argv[2] ?? 'ladder5000';
const text = which === 'ladder' ? rcLadderText(1000) : which === 'ladder5000' ? rcLadderText(5000) : rcGridText(32);
const run = runPipeline({ id: 1, text, settings: DEFAULT_SETTINGS }, { system: createSystemParser(), signals: createRestrictedParser() });
const a = run.answer;
if (!a.ok) throw new Error(JSON.stringify(a.errors));

/** The median of `reps` deserializations (ms) and the size (bytes). */
function cost(x: unknown, reps = 9): { bytes: number; ms: number } {
  const buf = serialize(x);
  const times: number[] = [];
  for (let k = 0; k < reps; k++) {
    const t0 = performance.now();
    deserialize(buf);
    times.push(performance.now() - t0);
  }
  times.sort((p, q) => p - q);
  return { bytes: buf.length, ms: Number(times[reps >> 1].toFixed(2)) };
}

const parts: Record<string, unknown> = { whole: a, graph: a.graph, derivation: a.derivation, model: a.model, simulation: a.simulation, inputs: a.inputs };
console.log(JSON.stringify({ model: which, parts: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, cost(v)])) }, null, 1));
