/**
 * Benchmark: the solver accuracy matrix. Every solver of the registry and auto × families (RC ladder, RC grid, RLC
 * ladder, undamped LC ladder, a stiff network with a transformer, a mechanical chain, a lossy line) × inputs (step, delayed step,
 * ramp, pwl, sine, an expression of t) × rtol × sizes (10, 100, 1000, 10^4 states where the solver is meant for
 * it; accuracy-matrix/plan.ts), each cell against the exact modal response written from the network's own
 * equations (accuracy-matrix/families.ts). The rule of a cell: max |error| ≤ 10·rtol·peak + atol on every probe,
 * or a typed refusal; a cell that breaks it is FAIL. Reported: error ÷ (rtol·peak + atol) and the wall time; a cell
 * still running after CELL_CAP_SECONDS is stopped and listed as cut; absent cells are explained per size.
 * Writes benchmarks/results/accuracy-matrix.json (through the harness) and accuracy-matrix.md.
 *
 * Run: pnpm bench accuracy-matrix [--sizes 10,100] [--max-seconds 1800]
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import type { BenchOptions, BenchReport } from './harness/bench-report';
import { check } from './harness/bench-report';
import { FAMILIES, PENDING_FAMILIES } from './accuracy-matrix/families';
import { INPUTS } from './accuracy-matrix/inputs';
import type { CellResult } from './accuracy-matrix/cell';
import type { FamilyCase } from './accuracy-matrix/families';
import { clearModels, referenceTraces, runCell, SAMPLES, TOLERANCE_FACTOR } from './accuracy-matrix/cell';
import type { MatrixSolver } from './accuracy-matrix/plan';
import { ATOL_FACTOR, cellsFor, FIXED_STEP, notMeant, reducedSet, TOLERANCES } from './accuracy-matrix/plan';
import { SOLVER_NAMES } from '@sysgraph/simulate';

const SOLVERS: readonly MatrixSolver[] = [...SOLVER_NAMES, 'auto'];
const DEFAULT_SIZES = [10, 100, 1000, 10000];
/** Step budget per run: an explicit method on a stiff family stops here with a typed refusal. */
export const MAX_STEPS = 50_000;
/** Wall-time cap per cell: a run still going after it is stopped and listed as cut (with how far it got). */
export const CELL_CAP_SECONDS = 120;

/** The order cells run in within a size: auto and the exponential solvers first (the point of the matrix). */
const PRIORITY: readonly MatrixSolver[] = ['auto', 'krylov', 'chebyshev', 'stiff', 'exact', 'dopri5', 'trbdf2', 'rk4', 'euler'];
/** Share of the time budget per requested size. */
const SIZE_SHARE: Readonly<Record<number, number>> = { 10: 0.15, 100: 0.3, 1000: 0.35, 10000: 0.2 };
const shareOf = (size: number) => SIZE_SHARE[size] ?? 0.25;
const nearest = (sizes: readonly number[], states: number) => sizes.reduce((best, s) => (Math.abs(Math.log(s / states)) < Math.abs(Math.log(best / states)) ? s : best));

export type Status = 'pass' | 'refused' | 'FAIL' | 'pending' | 'uncontrolled' | 'reference-limited' | 'cut' | 'not run';

export interface Row {
  family: string;
  states: number;
  input: string;
  solver: string;
  rtol: number;
  status: Status;
  ratio: number | null;
  ms: number | null;
  chosen: string;
  steps: string;
  note: string;
}

export async function run(options: BenchOptions): Promise<BenchReport> {
  const wanted = options.sizes ?? DEFAULT_SIZES;
  const rows: Row[] = [];
  const loadAtStart = os.loadavg();
  const startDate = new Date();
  const started = performance.now();
  let shareSoFar = 0;
  // sizes outer, each with its share of the time budget (SIZE_SHARE, renormalised over the sizes run); within a size
  // the cells run in PRIORITY order of their solver, families interleaved, so a budget cut drops the least telling
  for (const size of wanted) {
    // cumulative: time a size leaves unused passes on to the next
    shareSoFar += shareOf(size) / wanted.reduce((sum, w) => sum + shareOf(w), 0);
    const deadline = started + shareSoFar * options.maxSeconds * 1000;
    const cases = FAMILIES.map((family) => ({ family, states: family.sizes.find((s) => s / size < 1.5 && size / s < 1.5) })).filter(
      (x): x is { family: (typeof FAMILIES)[number]; states: number } => x.states !== undefined,
    );
    const cells: { k: number; input: (typeof INPUTS)[number]; solver: MatrixSolver; rtol: number }[] = [];
    cases.forEach((_, k) => {
      for (const input of INPUTS) for (const solver of SOLVERS) for (const rtol of cellsFor(cases[k].states, solver, input.name)) cells.push({ k, input, solver, rtol });
    });
    cells.sort((a, b) => PRIORITY.indexOf(a.solver) - PRIORITY.indexOf(b.solver) || a.k - b.k);
    const made = new Map<number, FamilyCase>();
    const references = new Map<string, Float64Array[]>();
    for (const { k, input, solver, rtol } of cells) {
      const { family, states } = cases[k];
      const base = { family: family.name, states, input: input.name, solver, rtol };
      if (performance.now() > deadline) {
        rows.push({ ...base, status: 'not run', ratio: null, ms: null, chosen: '', steps: '', note: 'time budget' });
        continue;
      }
      if (!made.has(k)) {
        options.log(`${family.name} ${states} states`);
        made.set(k, family.make(states));
      }
      const c = made.get(k)!;
      const key = `${k}/${input.name}`;
      if (!references.has(key)) references.set(key, referenceTraces(c, input));
      const cell = runCell(c, input, references.get(key)!, solver, rtol, rtol * ATOL_FACTOR, MAX_STEPS, CELL_CAP_SECONDS);
      rows.push({ ...base, ...judge(cell, solver), ratio: Number.isFinite(cell.ratio) ? cell.ratio : null, ms: cell.ms, chosen: cell.solver, steps: cell.steps });
    }
    clearModels();
  }
  rows.sort((a, b) => wanted.indexOf(nearest(wanted, a.states)) - wanted.indexOf(nearest(wanted, b.states)) || FAMILIES.findIndex((f) => f.name === a.family) - FAMILIES.findIndex((f) => f.name === b.family));
  const report: BenchReport = {
    title: 'Solver accuracy matrix: error ÷ (rtol·peak + atol) against exact modal references',
    columns: ['family', 'states', 'input', 'solver', 'rtol', 'status', 'ratio', 'ms', 'chosen', 'steps', 'note'],
    rows: rows.map((r) => ({ ...r })),
    targets: matrixTargets(rows),
    notes: [
      `${SAMPLES} samples per run; atol = ${ATOL_FACTOR} × rtol; a cell passes when every probe's max |error| ≤ ${TOLERANCE_FACTOR}·rtol·peak + atol.`,
      `Load average at the start ${loadAtStart.map((x) => x.toFixed(2)).join(', ')} (1, 5, 15 min) on ${os.cpus().length} cores, ${startDate.toISOString().slice(0, 16)} UTC at the start; the machine is shared, so the times vary run to run (the error ratios do not). Step budget ${MAX_STEPS} steps per run, wall-time cap ${CELL_CAP_SECONDS} s per cell, --max-seconds ${options.maxSeconds}.`,
      'Fixed-step solvers (euler, rk4) take no tolerance: their error at the default step is listed as "uncontrolled" when above the bound of the loosest tolerance.',
      'The exact method integrates the input between samples (no cell is pending any more); TR-BDF2 holds its error per unit step (global error ∝ rtol) and refuses past maxSteps.',
      'References of the symmetric RC families (grid, transformer network): slow modes from the eigendecomposition of the inverse, fast ones from the matrix itself (floor ≈ 100·ε·√(λ_max/λ_min)).',
      ...PENDING_FAMILIES.map((f) => `Family ${f.name} pending: ${f.why}.`),
    ],
  };
  writeFileSync(new URL('../results/accuracy-matrix.md', import.meta.url), markdown(report, rows));
  return report;
}

/** FAIL cells, and FAIL cells of auto: both must be 0. */
export function matrixTargets(rows: readonly Row[]) {
  const fails = rows.filter((r) => r.status === 'FAIL');
  const autoFails = fails.filter((r) => r.solver === 'auto');
  return [
    check('cells outside 10·rtol·peak + atol without a typed refusal', fails.length, 1, 'cells', `of ${rows.length} cells`),
    check('auto cells outside the bound', autoFails.length, 1, 'cells'),
  ];
}

export function judge(cell: CellResult, solver: MatrixSolver): { status: Status; note: string } {
  if (cell.verdict === 'pass') return { status: 'pass', note: solver === 'auto' ? cell.reason : '' };
  if (cell.verdict === 'refused') return { status: 'refused', note: cell.refusal ?? '' };
  if (cell.verdict === 'cut') return { status: 'cut', note: `over the ${CELL_CAP_SECONDS} s cell cap: ${cell.refusal ?? ''}` };
  if (cell.verdict === 'reference-limited') return { status: 'reference-limited', note: 'error within the reference accuracy, above the bound' };
  if (FIXED_STEP.includes(solver)) return { status: 'uncontrolled', note: 'fixed step, no tolerance' };
  return { status: 'FAIL', note: cell.refusal ?? (solver === 'auto' ? cell.reason : '') };
}

const fmt = (x: number | null) => (x === null ? '' : x < 0.01 ? x.toExponential(0) : x < 100 ? x.toPrecision(2) : x.toExponential(1));

export function markdown(report: BenchReport, rows: readonly Row[]): string {
  const lines: string[] = [`# ${report.title}`, ''];
  const count = (s: Status) => rows.filter((r) => r.status === s).length;
  lines.push(
    `${rows.length} cells: ${count('pass')} pass, ${count('refused')} refused with a typed error, ${count('FAIL')} FAIL, ${count('pending')} pending, ${count('uncontrolled')} uncontrolled (fixed step), ${count('reference-limited')} reference-limited, ${count('cut')} cut at the cell cap, ${count('not run')} not run (time budget).`,
    '',
    'Each cell: max over probes of |error| ÷ (rtol·peak + atol), then the wall time in ms; the rule is ratio ≤ 10. `R` = refused with a typed error (see the JSON for the message), `FAIL` = outside the bound, `P` = pending, `U` = fixed step, uncontrolled, `L` = outside the bound but within the accuracy of the reference (dense eigendecomposition of a stiff network: ≈ 100·ε·√|λ_max/λ_min|), `C` = stopped at the wall-time cap per cell (how far it got: the JSON), `T` = not run, the time budget of its size was spent. Solvers, inputs and tolerances a size is not meant for are not cells: each section says which and why. For auto, the solver it chose follows the time.',
    '',
    ...report.notes.map((n) => `- ${n}`),
    '',
  );
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const key = `${r.family} — ${r.states} states`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(r);
  }
  for (const [key, group] of groups) {
    const tols = TOLERANCES.filter((t) => group.some((r) => r.rtol === t));
    const states = group[0].states;
    const absent = SOLVERS.filter((solver) => notMeant(states, solver)).map((solver) => `${solver} (${notMeant(states, solver)})`);
    const reduced = reducedSet(states);
    const budget = group.filter((r) => r.status === 'not run');
    lines.push(`## ${key}`, '');
    if (absent.length > 0) lines.push(`Not meant for ${states} states: ${absent.join('; ')}.`, '');
    if (reduced) lines.push(`Reduced set: ${reduced}.`, '');
    if (budget.length > 0) lines.push(`Not run (T): ${budget.length} cells, the time budget of this size was spent (${Array.from(new Set(budget.map((r) => r.solver))).join(', ')}).`, '');
    lines.push(`| input | solver | ${tols.map((t) => `rtol ${t}`).join(' | ')} |`, `|---|---|${tols.map(() => '---').join('|')}|`);
    const keys = Array.from(new Set(group.map((r) => `${r.input}\u0000${r.solver}`)));
    for (const k of keys) {
      const [input, solver] = k.split('\u0000');
      const cells = tols.map((t) => {
        const r = group.find((x) => x.input === input && x.solver === solver && x.rtol === t);
        if (!r) return '';
        const time = r.ms === null ? '' : ` · ${Math.round(r.ms)} ms`;
        const chosen = solver === 'auto' && r.chosen ? ` (${r.chosen})` : '';
        switch (r.status) {
          case 'pass':
            return `${fmt(r.ratio)}${time}${chosen}`;
          case 'refused':
            return `R${time}`;
          case 'FAIL':
            return `**FAIL** ${fmt(r.ratio)}${time}${chosen}`;
          case 'pending':
            return `P ${fmt(r.ratio)}${chosen}`;
          case 'uncontrolled':
            return `U ${fmt(r.ratio)}${time}`;
          case 'reference-limited':
            return `L ${fmt(r.ratio)}${time}${chosen}`;
          case 'cut':
            return `C${time}`;
          default:
            return 'T';
        }
      });
      lines.push(`| ${input} | ${solver} | ${cells.join(' | ')} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
