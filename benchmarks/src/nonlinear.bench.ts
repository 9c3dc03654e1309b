/**
 * Nonlinear networks against ngspice and against references written by hand (issue 13 item 7):
 *
 * - the diode-clamped RC ladder (nonlinear/diode-ladder.ts) at N = 10, 100, 10^3, 10^4 sections: ONE netlist file
 *   per size read by both `ngspice -b FILE` and `sysgraph simulate FILE` (whole processes, alternating runs,
 *   medians), each tool's error against the reference at the tool's own time points;
 * - the nonlinear spring chain (nonlinear/spring-chain.ts, a JSON description) at 10^3 and 10^4 masses: sysgraph
 *   as a whole process against its reference;
 * - in-process sysgraph figures, labelled as such (read, structure, networkModel, simulate), and the model
 *   building time per law element; run only where the whole process finished within the time limit.
 *
 * `--max-seconds S` (default 180) is the time limit of each sysgraph process: a run that exceeds it is killed
 * and recorded as "timeout", and larger sizes of that family are not run (recorded as "not run"). ngspice and the
 * references run at every size. `--sizes a,b,…` replaces the size lists of both families.
 *
 *   pnpm bench nonlinear --sizes 10 --max-seconds 60       # small, what today's engine can do
 *   pnpm bench nonlinear --max-seconds 600                 # the full run (ladder 10 … 10^4, chain 10^3, 10^4)
 *
 * Writes results/nonlinear.json (by the harness) and results/nonlinear.md (here).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSystemParser, readSpiceNetlist } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { networkModel } from '@sysgraph/formulation';
import { simulate } from '@sysgraph/simulate';
import type { BenchOptions, BenchReport, TargetCheck } from './harness/bench-report';
import { check } from './harness/bench-report';
import { median } from './harness/timing';
import { referenceAt } from './nonlinear/dense-reference';
import type { DenseReference } from './nonlinear/dense-reference';
import { DIODE_LADDER, diodeLadderNetlist, diodeLadderProbes } from './nonlinear/diode-ladder';
import { diodeLadderReference } from './nonlinear/diode-ladder-reference';
import { formatNonlinearMarkdown } from './nonlinear/nonlinear-report';
import type { NonlinearRow } from './nonlinear/nonlinear-report';
import { SPRING_CHAIN, springChain, springChainProbeNames } from './nonlinear/spring-chain';
import { springChainReference } from './nonlinear/spring-chain-reference';
import { ngspiceVersion } from './spice/run-ngspice';
import type { ProcessRun } from './spice/whole-process';
import { bareNodeProcess, column, medianCpu, medianWall, ngspiceProcess, sysgraphProcess, wallRange } from './spice/whole-process';
import { SPICE_TIGHT } from './spice/spice-settings';
import { startUpBound } from './spice/start-up-bound';

const LADDER_SIZES = [10, 100, 1000, 10000];
const CHAIN_SIZES = [1000, 10000];
/**
 * Alternating rounds per size: five, because ngspice's own time on this shared machine moves by more than sysgraph's
 * from one round to the next (its sparse matrix is a web of pointers, sysgraph's kernels flat arrays).
 */
const REPEATS = 5;
/** After a first run longer than this, one run is enough (a minute-long run is not noise-limited). */
const LONG_RUN_MS = 20_000;
/**
 * sysgraph's tolerances and output samples. The stiff solver measures a nonlinear model's error in the max norm
 * (each state within atol + rtol·|x|, whatever the network's size), so these give an error of a few 1e-7 of the
 * peak on both families at every size (ladder ≈ 4e-7, chain ≈ 2e-7 at 10^3): the 1e-6 target with a margin. With
 * the RMS norm of before, the same rtol let the error grow as √N (1.3e-6 at 10^3, 3.9e-6 at 10^4 with rtol 1e-7).
 */
const RTOL = 1e-6;
const ATOL = 1e-8;
const SAMPLES = 401;
const TARGET_ERROR = 1e-6;
const TARGET_BUILD_US = 20;
/** networkModel is built this many times in process and its median taken (the target is a median of runs). */
const MODEL_BUILDS = 3;
/** The references' steps (the runs are at h and h/2), and the largest size at which each reference is checked
 *  against itself at half those steps. */
const DIODE_STEP = 2e-9;
const CHAIN_STEP = 2e-3;
const SELF_CHECK_MAX = 100;

const resultsDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../results');

export async function run(options: BenchOptions): Promise<BenchReport> {
  const log = options.log;
  const timeoutMs = options.maxSeconds * 1000;
  const work = join(os.tmpdir(), 'sysgraph-nonlinear-bench');
  mkdirSync(work, { recursive: true });
  const ngspice = ngspiceVersion();
  if (ngspice === undefined) log('ngspice is not installed: its columns stay empty (apt-get install -y ngspice)');
  const rows: NonlinearRow[] = [];
  const targets: TargetCheck[] = [];
  const sysgraphOptions = (record: string[], extra: string[] = []) => ['--record', record.join(','), '--samples', String(SAMPLES), '--rtol', String(RTOL), '--atol', String(ATOL), ...extra];

  // Warm-up, untimed: a run down each path the timed runs take (a netlist, a JSON description) builds the bundle if a
  // source changed and writes its code cache for that path, so that no timed round pays for either.
  const warmNetlist = join(work, 'warm-up.cir');
  writeFileSync(warmNetlist, diodeLadderNetlist(10, join(work, 'warm-up.txt')));
  const warmJson = join(work, 'warm-up.json');
  writeFileSync(warmJson, JSON.stringify(springChain(10)));
  sysgraphProcess(warmNetlist, sysgraphOptions(diodeLadderProbes(10).map((k) => `v(n${k})`)), timeoutMs);
  sysgraphProcess(warmJson, sysgraphOptions(springChainProbeNames(10), ['--t-end', String(SPRING_CHAIN.tEnd)]), timeoutMs);
  log('warm-up runs done (bundle and code cache of both paths)');

  // The diode ladder: one netlist file per size for both tools.
  let ladderStopped: string | undefined;
  for (const N of options.sizes ?? LADDER_SIZES) {
    log(`diode ladder N = ${N}`);
    const out = join(work, `diode-ladder-${N}.txt`);
    const file = join(work, `diode-ladder-${N}.cir`);
    writeFileSync(file, diodeLadderNetlist(N, out));
    // ngspice at tight tolerances (spice/spice-settings.ts): what its error costs it nearer sysgraph's accuracy
    const tightOut = join(work, `diode-ladder-${N}-tight.txt`);
    const tightFile = join(work, `diode-ladder-${N}-tight.cir`);
    writeFileSync(tightFile, diodeLadderNetlist(N, tightOut, { options: SPICE_TIGHT.options }));
    const probes = diodeLadderProbes(N).map((k) => `v(n${k})`);
    const spiceRuns: ProcessRun[] = [];
    const tightRuns: ProcessRun[] = [];
    const sgRuns: ProcessRun[] = [];
    const nodeRuns: ProcessRun[] = [];
    for (let r = 0; r < REPEATS; r++) {
      // bare `node -e 0` in the same rounds: the start-up floor of any Node process beside the two tools
      nodeRuns.push(bareNodeProcess(timeoutMs));
      const spiceNow = ngspice !== undefined && !spiceRuns.some((x) => x.timedOut) ? spiceRuns.push(ngspiceProcess(file, out, timeoutMs)) > 0 : false;
      if (ngspice !== undefined && !tightRuns.some((x) => x.timedOut)) tightRuns.push(ngspiceProcess(tightFile, tightOut, timeoutMs));
      const sgNow = ladderStopped === undefined && !sgRuns.some((x) => x.timedOut) ? sgRuns.push(sysgraphProcess(file, sysgraphOptions(probes), timeoutMs)) > 0 : false;
      log(`  run ${r + 1}: ngspice ${spiceNow ? show(spiceRuns.at(-1)) : '–'} (tight ${show(tightRuns.at(-1))}), sysgraph ${ladderStopped ?? (sgNow ? show(sgRuns.at(-1)) : 'not run again after a timeout')}, node -e 0 ${show(nodeRuns.at(-1))}`);
      if ([...spiceRuns, ...tightRuns, ...sgRuns].every((x) => x.timedOut || x.wallMs < LONG_RUN_MS) === false) break;
    }
    log(`  reference (trapezoidal rule, h = ${DIODE_STEP} s and half, Richardson)`);
    const t0 = performance.now();
    const ref = diodeLadderReference(N, DIODE_STEP);
    const referenceMs = performance.now() - t0;
    const peak = peakOf(ref);
    const referenceError = N <= SELF_CHECK_MAX ? selfCheck(ref, diodeLadderReference(N, DIODE_STEP / 2), peak) : null;
    const ngError = errorOf(spiceRuns, probes, ref, peak);
    const tightError = errorOf(tightRuns, probes, ref, peak);
    const tightMs = medianWall(tightRuns);
    const sgError = errorOf(sgRuns, probes, ref, peak);
    const sgFinished = sgRuns.length > 0 && !sgRuns.some((x) => x.timedOut);
    const inProcess = sgFinished ? ladderInProcess(file, probes) : undefined;
    const sgMs = medianWall(sgRuns);
    const ngMs = medianWall(spiceRuns);
    const status = ladderStopped ?? (sgRuns.some((x) => x.timedOut) ? `timeout (> ${options.maxSeconds} s)` : 'ok');
    rows.push({
      family: 'diode ladder',
      size: N,
      laws: N,
      states: N,
      sysgraph: status,
      sysgraphMs: sgMs ?? null,
      sysgraphCpuMs: medianCpu(sgRuns) ?? null,
      sysgraphRuns: sgRuns.length,
      sysgraphPoints: sgFinished ? SAMPLES : null,
      sysgraphError: sgError,
      ngspiceMs: ngMs ?? null,
      ngspiceCpuMs: medianCpu(spiceRuns) ?? null,
      ngspiceAnalysisMs: medianOf(spiceRuns.map((x) => x.analysisMs)),
      ngspiceMinMs: wallRange(spiceRuns)?.min ?? null,
      ngspiceMaxMs: wallRange(spiceRuns)?.max ?? null,
      sysgraphMinMs: wallRange(sgRuns)?.min ?? null,
      sysgraphMaxMs: wallRange(sgRuns)?.max ?? null,
      tightMs: tightMs ?? null,
      tightPoints: tightRuns.at(-1)?.table?.columns[0].length ?? null,
      tightError,
      tightRatio: sgMs !== undefined && tightMs !== undefined ? sgMs / tightMs : null,
      ngspiceRuns: spiceRuns.length,
      ngspicePoints: spiceRuns.at(-1)?.table?.columns[0].length ?? null,
      ngspiceError: ngError,
      ratio: sgMs !== undefined && ngMs !== undefined ? sgMs / ngMs : null,
      nodeMs: medianWall(nodeRuns) ?? null,
      ...inProcessFields(inProcess, N),
      referenceMs,
      referenceCheck: ref.trapezoidDifference / peak,
      referenceError,
      peak,
    });
    if (sgRuns.some((x) => x.timedOut)) ladderStopped = `not run (N = ${N} timed out)`;
    log(`  → ngspice ${ms(ngMs)} (error ${sci(ngError)}; tight ${ms(tightMs)}, error ${sci(tightError)}), sysgraph ${status === 'ok' ? ms(sgMs) : status} (error ${sci(sgError)}); reference ${ms(referenceMs)}`);
  }
  ladderTargets(rows, targets, options);

  // The spring chain: a JSON description, sysgraph against the reference.
  let chainStopped: string | undefined;
  const parser = createSystemParser();
  for (const N of options.sizes ?? CHAIN_SIZES) {
    log(`spring chain N = ${N}`);
    const file = join(work, `spring-chain-${N}.json`);
    const description = springChain(N);
    writeFileSync(file, JSON.stringify(description));
    const probes = springChainProbeNames(N);
    const sgRuns: ProcessRun[] = [];
    for (let r = 0; r < REPEATS && chainStopped === undefined; r++) {
      sgRuns.push(sysgraphProcess(file, sysgraphOptions(probes, ['--t-end', String(SPRING_CHAIN.tEnd)]), timeoutMs));
      log(`  run ${r + 1}: sysgraph ${show(sgRuns.at(-1))}`);
      if (sgRuns.at(-1)!.timedOut || sgRuns.at(-1)!.wallMs > LONG_RUN_MS) break;
    }
    log(`  reference (trapezoidal rule, h = ${CHAIN_STEP} s and half, Richardson)`);
    const t0 = performance.now();
    const ref = springChainReference(N, CHAIN_STEP);
    const referenceMs = performance.now() - t0;
    const peak = peakOf(ref);
    const referenceError = N <= SELF_CHECK_MAX ? selfCheck(ref, springChainReference(N, CHAIN_STEP / 2), peak) : null;
    const sgError = errorOf(sgRuns, probes, ref, peak);
    const sgFinished = sgRuns.length > 0 && !sgRuns.some((x) => x.timedOut);
    const inProcess = sgFinished ? chainInProcess(parser, JSON.stringify(description), probes) : undefined;
    const sgMs = medianWall(sgRuns);
    const status = chainStopped ?? (sgRuns.some((x) => x.timedOut) ? `timeout (> ${options.maxSeconds} s)` : 'ok');
    rows.push({
      family: 'spring chain',
      size: N,
      laws: N,
      states: 2 * N,
      sysgraph: status,
      sysgraphMs: sgMs ?? null,
      sysgraphCpuMs: medianCpu(sgRuns) ?? null,
      sysgraphRuns: sgRuns.length,
      sysgraphPoints: sgFinished ? SAMPLES : null,
      sysgraphError: sgError,
      ngspiceMs: null,
      ngspiceAnalysisMs: null,
      ngspiceRuns: 0,
      ngspicePoints: null,
      ngspiceError: null,
      ratio: null,
      ...inProcessFields(inProcess, N),
      referenceMs,
      referenceCheck: ref.trapezoidDifference / peak,
      referenceError,
      peak,
    });
    if (sgRuns.some((x) => x.timedOut)) chainStopped = `not run (N = ${N} timed out)`;
    log(`  → sysgraph ${status === 'ok' ? ms(sgMs) : status} (error ${sci(sgError)}); reference ${ms(referenceMs)}`);
  }
  chainTargets(rows, targets, options);

  const notes = [
    `Diode ladder: per section R = ${DIODE_LADDER.R} Ω in series, C = ${DIODE_LADDER.C} F and a diode (IS = ${DIODE_LADDER.is} A, N = ${DIODE_LADDER.emission}) to ground; V1 = PWL(0 0 10 µs 5 V); 0–20 µs; probes v(n1), v(n3). One netlist file per size, read by both tools (ngspice runs its .control block, sysgraph skips it); ngspice at its defaults (.tran 100 ns 20 µs), the targets' reference; "ngspice tight" is a second file with \`.options ${Object.entries(SPICE_TIGHT.options).map(([k, v]) => `${k}=${v}`).join(' ')}\` (shown beside, not a target).`,
    `Spring chain: ${'m'} = ${SPRING_CHAIN.m} kg per mass, springs force = ${SPRING_CHAIN.k}·λ + ${SPRING_CHAIN.k3}·λ³, dampers b = ${SPRING_CHAIN.b} N·s/m, the first mass tied to the wall, a constant force ${SPRING_CHAIN.force} N on the last; 0–${SPRING_CHAIN.tEnd} s; probes the velocities of the last mass and of the one three before it. A JSON description (sysgraph only).`,
    `Times: whole processes (\`ngspice -b FILE\`; \`node packages/cli/bin/sysgraph.cjs simulate FILE --record <probes> --samples ${SAMPLES} --rtol ${RTOL} --atol ${ATOL} --format csv\`), wall time around each, after one untimed warm-up run of each path (bundle and code cache written), alternating runs, medians of up to ${REPEATS} (one when a run takes over ${LONG_RUN_MS / 1000} s); CPU time (user + system, every thread of the process) from the kernel's account of waited-for children (/proc/self/stat, 10 ms ticks). ngspice's time moves between rounds and between runs of this benchmark by more than sysgraph's (its CPU time with it: the machine's neighbours, not descheduling): the range columns show by how much. In-process figures (read, structure, networkModel — the median of ${MODEL_BUILDS} builds —, simulate in this Node process) are labelled as such and taken only where the whole process finished. ngspice's analysis time is its own "Total analysis time".`,
    'Start-up floor: bare `node -e 0` is timed in every alternating round beside the two tools (column `node -e 0`; "sysgraph − node" is the command\'s own cost above it). A missed ratio target gives its bound in ms beside that floor: where the bound is below the floor no Node process can meet it.',
    `Errors: max over the probes of |tool − reference| at the tool's OWN output times (ngspice: its time points from wrdata; sysgraph: its ${SAMPLES} output samples), divided by the reference's peak. The reference is never compared after interpolating a tool: it is read at the tool's times by cubic Hermite interpolation of its own values and derivatives.`,
    `References (benchmarks/src/nonlinear/*-reference.ts): the ODEs written by hand, trapezoidal rule with a fixed step (ladder ${DIODE_STEP} s and half of it, chain ${CHAIN_STEP} s and half of it), Newton with tridiagonal Jacobians to |Δ| < 1e-15 V / 1e-14 m/s, Richardson extrapolation of the two runs; "check" is the two runs\' largest difference over the peak (the error of the unextrapolated run), "self-check" the difference of the reference from the same reference at half the steps, read at the midpoints of its grid (sizes ≤ ${SELF_CHECK_MAX}; it bounds the reference\'s own error).`,
    `sysgraph's tolerances: rtol ${RTOL}, atol ${ATOL} (chosen for the 1e-6 error target; the stiff solver controls each state in the max norm, so its error does not grow with the network's size).`,
    `Time limit of each sysgraph process: ${options.maxSeconds} s (--max-seconds); after a timeout the larger sizes of that family are not run.`,
  ];
  const report: BenchReport = {
    title: 'Nonlinear networks: diode-clamped RC ladder against ngspice, spring chain against a hand-written reference',
    columns: ['family', 'size', 'sysgraph', 'sysgraphMs', 'sysgraphError', 'ngspiceMs', 'ngspiceError', 'ratio', 'inProcessModelMs', 'inProcessSimulateMs', 'buildUsPerLaw', 'referenceCheck'],
    rows,
    targets,
    notes,
  };
  writeFileSync(join(resultsDir, 'nonlinear.md'), formatNonlinearMarkdown(report, { ngspice: ngspice ?? 'ngspice not installed', maxSeconds: options.maxSeconds, date: new Date(), loadAverage: os.loadavg() }));
  return report;
}

function ladderTargets(rows: readonly NonlinearRow[], targets: TargetCheck[], options: BenchOptions): void {
  const ladder = (N: number) => rows.find((r) => r.family === 'diode ladder' && r.size === N);
  for (const [N, limit] of [[1000, 1], [10000, 0.5]] as const) {
    const row = ladder(N);
    const label = `diode ladder N = ${N}`;
    const missing = row === undefined ? 'not run (size not in this run)' : row.sysgraph !== 'ok' ? String(row.sysgraph) : undefined;
    const ratio = check(`${label}: sysgraph / ngspice, whole processes from the same netlist`, (row?.ratio as number | null) ?? NaN, limit * (1 + 1e-12), '×', limit === 1 ? 'no slower than ngspice' : 'at most half of ngspice\'s time', missing);
    // a missed ratio says what it means in ms beside the start-up floor measured in the same rounds
    const [ngMs, sgMs, nodeMs] = [row?.ngspiceMs, row?.sysgraphMs, row?.nodeMs];
    const floor = typeof ngMs === 'number' && typeof sgMs === 'number' && typeof nodeMs === 'number' ? startUpBound(limit, ngMs, nodeMs, sgMs) : undefined;
    targets.push(!ratio.pass && floor !== undefined ? { ...ratio, reason: floor.reason } : ratio);
    targets.push(check(`${label}: sysgraph error / peak at its own times`, (row?.sysgraphError as number | null) ?? NaN, TARGET_ERROR * (1 + 1e-12), '', 'against the hand-written reference', missing));
  }
  buildTarget(rows, 'diode ladder', targets, options);
}

function chainTargets(rows: readonly NonlinearRow[], targets: TargetCheck[], options: BenchOptions): void {
  for (const N of [1000, 10000]) {
    const row = rows.find((r) => r.family === 'spring chain' && r.size === N);
    const missing = row === undefined ? 'not run (size not in this run)' : row.sysgraph !== 'ok' ? String(row.sysgraph) : undefined;
    targets.push(check(`spring chain N = ${N}: sysgraph error / peak at its own times`, (row?.sysgraphError as number | null) ?? NaN, TARGET_ERROR * (1 + 1e-12), '', 'against the hand-written reference', missing));
  }
  buildTarget(rows, 'spring chain', targets, options);
}

/** Model building per law element at the largest size where it was measured (none measured: a miss). */
function buildTarget(rows: readonly NonlinearRow[], family: string, targets: TargetCheck[], options: BenchOptions): void {
  const measured = rows.filter((r) => r.family === family && typeof r.buildUsPerLaw === 'number');
  const last = measured.at(-1);
  const ran = rows.filter((r) => r.family === family);
  const missing = last === undefined ? (ran.length === 0 ? 'not run (size not in this run)' : `not run (no size finished within ${options.maxSeconds} s)`) : undefined;
  targets.push(check(`${family}${last ? ` N = ${last.size}` : ''}: networkModel per law element (in-process)`, (last?.buildUsPerLaw as number | undefined) ?? NaN, TARGET_BUILD_US, 'µs', 'in-process networkModel time / law elements', missing));
}

interface InProcess {
  readonly readMs: number;
  readonly structureMs: number;
  readonly modelMs: number;
  readonly simulateMs: number;
}

/** The netlist through readSpiceNetlist, analyzeStructure, networkModel and simulate in this process. */
/** A row's in-process columns (null where the whole process did not finish); N law elements for the build cost. */
function inProcessFields(inProcess: InProcess | undefined, N: number) {
  return {
    inProcessReadMs: inProcess?.readMs ?? null,
    inProcessStructureMs: inProcess?.structureMs ?? null,
    inProcessModelMs: inProcess?.modelMs ?? null,
    inProcessSimulateMs: inProcess?.simulateMs ?? null,
    buildUsPerLaw: inProcess ? (1000 * inProcess.modelMs) / N : null,
  };
}

function ladderInProcess(file: string, probes: readonly string[]): InProcess {
  const text = readFileSync(file, 'utf8');
  const t0 = performance.now();
  const netlist = readSpiceNetlist(text);
  const t1 = performance.now();
  const structure = analyzeStructure(netlist.description);
  const t2 = performance.now();
  const { built, modelMs } = medianBuild(structure);
  const t3 = performance.now();
  simulate(built.model, { tEnd: DIODE_LADDER.tEnd, inputs: netlist.signals, rtol: RTOL, atol: ATOL, samples: SAMPLES, record: [...probes] });
  const t4 = performance.now();
  return { readMs: t1 - t0, structureMs: t2 - t1, modelMs, simulateMs: t4 - t3 };
}

/** networkModel built MODEL_BUILDS times: the last model and the median time. */
function medianBuild(structure: ReturnType<typeof analyzeStructure>): { built: ReturnType<typeof networkModel>; modelMs: number } {
  const times: number[] = [];
  let built: ReturnType<typeof networkModel> | undefined;
  for (let r = 0; r < MODEL_BUILDS; r++) {
    const t0 = performance.now();
    built = networkModel(structure);
    times.push(performance.now() - t0);
  }
  return { built: built!, modelMs: median(times) };
}

function chainInProcess(parser: ReturnType<typeof createSystemParser>, text: string, probes: readonly string[]): InProcess {
  const t0 = performance.now();
  const description = parser.parse(text);
  const t1 = performance.now();
  const structure = analyzeStructure(description);
  const t2 = performance.now();
  const { built, modelMs } = medianBuild(structure);
  const t3 = performance.now();
  // the force source at its value F0, as the command takes a source's value when no signal is given
  simulate(built.model, { tEnd: SPRING_CHAIN.tEnd, inputs: { F: String(SPRING_CHAIN.force) }, rtol: RTOL, atol: ATOL, samples: SAMPLES, record: [...probes] });
  const t4 = performance.now();
  return { readMs: t1 - t0, structureMs: t2 - t1, modelMs, simulateMs: t4 - t3 };
}

/** max |a − b| / peak at the midpoints of a's grid (where the Hermite reading is least accurate). */
function selfCheck(a: DenseReference, b: DenseReference, peak: number): number {
  const steps = a.values[0].length - 1;
  const mid = Float64Array.from({ length: steps }, (_, j) => (j + 0.5) * a.h);
  let err = 0;
  a.values.forEach((_, p) => {
    const x = referenceAt(a, p, mid);
    const y = referenceAt(b, p, mid);
    for (let i = 0; i < x.length; i++) err = Math.max(err, Math.abs(x[i] - y[i]));
  });
  return err / peak;
}

/** max |tool − reference| over the probes at the tool's own times (the last finished run), / peak. */
function errorOf(runs: readonly ProcessRun[], probes: readonly string[], ref: DenseReference, peak: number): number | null {
  const table = runs.filter((r) => !r.timedOut).at(-1)?.table;
  if (table === undefined) return null;
  const times = table.columns[0];
  let err = 0;
  probes.forEach((name, p) => {
    const y = column(table, name);
    const r = referenceAt(ref, p, times);
    for (let i = 0; i < times.length; i++) err = Math.max(err, Math.abs(y[i] - r[i]));
  });
  return err / peak;
}

function peakOf(ref: DenseReference): number {
  let peak = 0;
  for (const y of ref.values) for (const x of y) peak = Math.max(peak, Math.abs(x));
  return peak;
}

function medianOf(xs: readonly (number | undefined)[]): number | null {
  const given = xs.filter((x): x is number => x !== undefined);
  return given.length > 0 ? median(given) : null;
}

const show = (r: ProcessRun | undefined) => (r === undefined ? '–' : r.timedOut ? `timeout after ${(r.wallMs / 1000).toFixed(0)} s` : `${r.wallMs.toFixed(0)} ms`);
const ms = (x: number | undefined) => (x === undefined ? '–' : `${x.toFixed(0)} ms`);
const sci = (x: number | null) => (x === null ? '–' : x.toExponential(2));
