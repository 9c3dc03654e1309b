/**
 * Rerun chosen cells of the committed accuracy matrix with the current code and rewrite its report
 * (benchmarks/results/accuracy-matrix.json and .md) with those rows replaced, the rest kept; the report's notes say
 * which cells were rerun and when. For a change that touches a few cells after a whole run (30–40 min).
 *
 * Run: npx tsx benchmarks/src/tools/matrix-rerun.ts --families lossy-line --sizes 100 --solvers dopri5 [--inputs step]
 *      [--rtols 1e-10]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { FAMILIES } from '../accuracy-matrix/families';
import { INPUTS } from '../accuracy-matrix/inputs';
import { referenceTraces, runCell } from '../accuracy-matrix/cell';
import { ATOL_FACTOR } from '../accuracy-matrix/plan';
import type { MatrixSolver } from '../accuracy-matrix/plan';
import type { Row } from '../accuracy-matrix';
import { CELL_CAP_SECONDS, judge, markdown, matrixTargets, MAX_STEPS } from '../accuracy-matrix';

const arg = (name: string): string[] | undefined => {
  const k = process.argv.indexOf(`--${name}`);
  return k < 0 ? undefined : process.argv[k + 1].split(',');
};
const families = arg('families');
const sizes = arg('sizes')?.map(Number);
const solvers = arg('solvers');
const inputs = arg('inputs');
const rtols = arg('rtols')?.map(Number);

const jsonUrl = new URL('../../results/accuracy-matrix.json', import.meta.url);
const record = JSON.parse(readFileSync(jsonUrl, 'utf8'));
const rows: Row[] = record.rows;
const chosen = rows.filter(
  (r) => (!families || families.includes(r.family)) && (!sizes || sizes.includes(r.states)) && (!solvers || solvers.includes(r.solver)) && (!inputs || inputs.includes(r.input)) && (!rtols || rtols.includes(r.rtol)),
);
const cases = new Map<string, ReturnType<(typeof FAMILIES)[number]['make']>>();
for (const row of chosen) {
  const family = FAMILIES.find((f) => f.name === row.family)!;
  const key = `${row.family}/${row.states}`;
  if (!cases.has(key)) cases.set(key, family.make(row.states));
  const c = cases.get(key)!;
  const input = INPUTS.find((i) => i.name === row.input)!;
  const cell = runCell(c, input, referenceTraces(c, input), row.solver as MatrixSolver, row.rtol, row.rtol * ATOL_FACTOR, MAX_STEPS, CELL_CAP_SECONDS);
  const fresh: Row = { ...row, ...judge(cell, row.solver as MatrixSolver), ratio: Number.isFinite(cell.ratio) ? cell.ratio : null, ms: cell.ms, chosen: cell.solver, steps: cell.steps };
  console.log(`${row.family} ${row.states} ${row.input} ${row.solver} ${row.rtol}: ${row.status} → ${fresh.status} ${fresh.ratio ?? ''}`);
  rows[rows.indexOf(row)] = fresh;
}
const what = [families && `families ${families.join(', ')}`, sizes && `sizes ${sizes.join(', ')}`, solvers && `solvers ${solvers.join(', ')}`, inputs && `inputs ${inputs.join(', ')}`, rtols && `rtol ${rtols.join(', ')}`].filter(Boolean).join('; ');
record.notes = [...record.notes, `${chosen.length} cells rerun after the whole run (${what}), ${new Date().toISOString().slice(0, 16)} UTC, load average ${os.loadavg()[0].toFixed(2)}: the code changed for them since.`];
record.targets = matrixTargets(rows);
writeFileSync(jsonUrl, `${JSON.stringify(record, null, 2)}\n`);
writeFileSync(new URL('../../results/accuracy-matrix.md', import.meta.url), markdown(record, rows));
console.log(`rewrote the report: ${chosen.length} cells rerun`);
