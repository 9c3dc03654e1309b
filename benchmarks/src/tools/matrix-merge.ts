/**
 * Join the accuracy matrix run in parts side by side (each part a `run-benchmark.ts` run of accuracy-matrix with its
 * own --sizes and results directory, one per core) into the committed report, benchmarks/results/accuracy-matrix.json
 * and .md: the rows of every part in the report's order (sizes, then families), the targets recounted, and each
 * part's notes on load and budget kept, labelled with its sizes.
 *
 * Run: npx tsx benchmarks/src/tools/matrix-merge.ts /tmp/partA/accuracy-matrix.json /tmp/partB/accuracy-matrix.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { FAMILIES } from '../accuracy-matrix/families';
import type { Row } from '../accuracy-matrix';
import { markdown, matrixTargets } from '../accuracy-matrix';

const SIZES = [10, 100, 1000, 10000];
const nearest = (states: number) => SIZES.reduce((best, s) => (Math.abs(Math.log(s / states)) < Math.abs(Math.log(best / states)) ? s : best));

const parts = process.argv.slice(2).map((p) => JSON.parse(readFileSync(p, 'utf8')));
if (parts.length === 0) throw new Error('usage: matrix-merge.ts PART.json …');
const rows: Row[] = parts.flatMap((p) => p.rows as Row[]);
rows.sort((a, b) => SIZES.indexOf(nearest(a.states)) - SIZES.indexOf(nearest(b.states)) || FAMILIES.findIndex((f) => f.name === a.family) - FAMILIES.findIndex((f) => f.name === b.family));
const label = (p: { rows: Row[] }) => `sizes ${Array.from(new Set(p.rows.map((r) => nearest(r.states)))).sort((x, y) => x - y).join(', ')}`;
const shared = (parts[0].notes as string[]).filter((n) => !n.startsWith('Load average'));
const record = {
  ...parts[0],
  rows,
  targets: matrixTargets(rows),
  notes: [
    ...shared,
    `Run in ${parts.length} parts side by side (one per core), joined by benchmarks/src/tools/matrix-merge.ts:`,
    ...parts.map((p) => `Part ${label(p)}: ${(p.notes as string[]).find((n) => n.startsWith('Load average')) ?? ''}`),
  ],
  wallSeconds: Math.max(...parts.map((p) => Number(p.wallSeconds) || 0)),
};
writeFileSync(new URL('../../results/accuracy-matrix.json', import.meta.url), `${JSON.stringify(record, null, 2)}\n`);
writeFileSync(new URL('../../results/accuracy-matrix.md', import.meta.url), markdown(record, rows));
console.log(`joined ${parts.length} parts: ${rows.length} cells`);
