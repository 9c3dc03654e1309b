/**
 * Structured symbolic form benchmark: the R–R–C ladder (series R, then R and C to the ground; a parameter per
 * element) of 6, 15 and 30 sections, every parameter symbolic, through what `sysgraph statespace --symbolic
 * --symbolic-form structured` does: parse → numeric check → symbolic structured form (the static network kept
 * whole) → text, LaTeX and JSON. Figures: warm median time of parse → text and the printed sizes, beside the
 * targets (30 sections < 1 s and < 50 KB of text); and, for comparison, what the expanded form does at the same
 * sizes (its printed size, or the cost guard's refusal).
 *
 * Run: `pnpm bench symbolic-structured` (writes benchmarks/results/symbolic-structured.json).
 */
import { isSysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import { printedSize, structuredModel, symbolicForms } from '@sysgraph/engine';
import { structuredToJson, structuredToLatex, structuredToText } from '@sysgraph/formulation';
import type { BenchOptions, BenchReport, TargetCheck } from './harness/bench-report';
import { check } from './harness/bench-report';
import { median, round } from './harness/timing';
import { rrcLadder } from '@sysgraph/description/generators';

export const title = 'Symbolic structured form: R–R–C ladders, time and printed size';

type Row = Record<string, number | string | boolean | null>;

function structuredOnce(text: string): { ms: number; textBytes: number; latexBytes: number; jsonBytes: number; staticUnknowns: number; shared: number } {
  const t0 = performance.now();
  const desc = parseSystem(JSON.parse(text));
  const t = structuredModel(desc);
  const out = structuredToText(t);
  const ms = performance.now() - t0;
  return {
    ms,
    textBytes: Buffer.byteLength(out),
    latexBytes: Buffer.byteLength(structuredToLatex(t)),
    jsonBytes: Buffer.byteLength(JSON.stringify(structuredToJson(t))),
    staticUnknowns: t.algebraic.length,
    shared: t.shared.length,
  };
}

/** The expanded form at the same size: its printed size, or why it is not computed. */
function expanded(N: number): string {
  const desc = parseSystem(rrcLadder(N));
  try {
    const f = symbolicForms(desc, { form: 'expanded' });
    return `${(printedSize(f.table!) / 1000).toFixed(0)} kB of A, B, C, D`;
  } catch (e) {
    if (isSysgraphError(e) && e.code === 'symbolic-too-costly') return `refused by the cost guard (${e.message.replace(/ : .*$/, '').replace(/^the symbolic model would need /, '')})`;
    throw e;
  }
}

export function run(options: BenchOptions): BenchReport {
  const rows: Row[] = [];
  const targets: TargetCheck[] = [];
  const sizes = options.sizes ?? [6, 15, 30];
  // Warm-up: the mathjs parser, the schema and the JIT.
  for (let k = 0; k < 3; k++) structuredOnce(JSON.stringify(rrcLadder(6)));
  for (const N of sizes) {
    const text = JSON.stringify(rrcLadder(N));
    const runs = [structuredOnce(text)];
    const count = runs[0].ms > 5000 ? 1 : 5;
    while (runs.length < count) runs.push(structuredOnce(text));
    const med = median(runs.map((r) => r.ms));
    const last = runs[runs.length - 1];
    const exp = N <= 15 ? expanded(N) : 'not tried (the cost guard refuses from 15 sections)';
    options.log(`R–R–C ${N}: ${med.toFixed(1)} ms, ${last.textBytes} B text; expanded: ${exp}`);
    rows.push({ sections: N, states: N, staticUnknowns: last.staticUnknowns, medianMs: round(med), runs: runs.length, textBytes: last.textBytes, latexBytes: last.latexBytes, jsonBytes: last.jsonBytes, shared: last.shared, expanded: exp });
    if (N === 30) {
      targets.push(check('R–R–C ladder, 30 sections, structured: parse → text, warm', round(med), 1000, 'ms', 'every parameter symbolic'));
      targets.push(check('R–R–C ladder, 30 sections, structured: printed text', last.textBytes / 1000, 50, 'KB'));
    }
  }
  return {
    title,
    columns: ['sections', 'states', 'staticUnknowns', 'medianMs', 'runs', 'textBytes', 'latexBytes', 'jsonBytes', 'shared', 'expanded'],
    rows,
    targets,
    notes: [
      'medianMs: JSON.parse + parseSystem + the numeric model (the structure check the command makes) + the symbolic structured form + its text, warm median of 5 runs after 3 warm-up runs; LaTeX and JSON sizes are of the same model.',
      'expanded: what --symbolic-form expanded gives at the same size (the printed size of A, B, C, D, or the cost guard\'s refusal); the default form falls back to the structured one in both cases.',
    ],
  };
}
