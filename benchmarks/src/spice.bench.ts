/**
 * Linear networks against ngspice, timed the same way (issue 12 item 7): per network ONE netlist file
 * (spice/spice-netlist.ts) read by `ngspice -b FILE` and by `node packages/cli/bin/sysgraph.cjs simulate FILE`,
 * both as whole processes, alternating runs, medians (spice/whole-process.ts); each tool's error at its OWN
 * output times against the exact modal reference (closed form, or a numeric eigendecomposition up to 2000
 * nodes), never after interpolating a tool; separately, in-process figures labelled as such (sysgraph's
 * pipeline from the same netlist text in this Node process, warm; ngspice's own "Total analysis time").
 *
 *   pnpm bench spice                           # the full run (ladder 100 … 10^4, grid 32² and 100², line 100, 1000)
 *   pnpm bench spice --sizes 100               # only the cases of that size (size = sections, or nodes per side)
 *   pnpm bench spice --max-seconds 120         # time limit of each process (default 180 s)
 *
 * Writes results/spice.json (by the harness) and results/spice.md (here); nothing in either is typed by hand.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSystemParser } from '@sysgraph/description';
import type { BenchOptions, BenchReport, TargetCheck } from './harness/bench-report';
import { check } from './harness/bench-report';
import { median } from './harness/timing';
import { formatNetwork } from './spice/network';
import { ngspiceVersion } from './spice/run-ngspice';
import { runSysgraph } from './spice/run-sysgraph';
import type { SysgraphRun } from './spice/run-sysgraph';
import { benchCases } from './spice/spice-cases';
import { formatSpiceMarkdown } from './spice/spice-report';
import type { SpiceRow } from './spice/spice-report';
import { SPICE_DEFAULTS, writeSpiceNetlist } from './spice/spice-netlist';
import { SPICE_TIGHT } from './spice/spice-settings';
import { rcLadderNetwork } from './spice/rc-ladder-network';
import { bareNodeProcess, column, medianWall, ngspiceProcess, sysgraphProcess } from './spice/whole-process';
import { startUpBound } from './spice/start-up-bound';
import type { ProcessRun } from './spice/whole-process';

const REPEATS = 3;
const LONG_RUN_MS = 20_000;
const resultsDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../results');

export async function run(options: BenchOptions): Promise<BenchReport> {
  const log = options.log;
  const started = new Date();
  const loadAverage = os.loadavg();
  const timeoutMs = options.maxSeconds * 1000;
  const ngspice = ngspiceVersion();
  if (ngspice === undefined) throw new Error('ngspice is not installed (apt-get install -y ngspice)');
  const work = join(os.tmpdir(), 'sysgraph-spice-bench');
  mkdirSync(work, { recursive: true });
  const parser = createSystemParser();
  // In-process warm-up (JIT) of the pipeline from a netlist, on a small ladder.
  for (let r = 0; r < 3; r++) runSysgraph(rcLadderNetwork(300), { rtol: 1e-6, atol: 1e-9, samples: 201, solver: 'auto', input: 'netlist' }, parser);

  const rows: SpiceRow[] = [];
  const targets: TargetCheck[] = [];
  for (const c of benchCases(false)) {
    const n = c.network;
    if (options.sizes && !options.sizes.includes(n.size)) {
      // A target whose case was not run is reported as not reached, so the headline cannot claim it.
      if (c.target) targets.push(check(`${n.family} ${n.sizeLabel}: ${c.target.text}`, NaN, 0, '', undefined, 'not run (size not in this run)'));
      continue;
    }
    log(formatNetwork(n));
    const base = `${n.family}-${n.size}`;
    const file = join(work, `${base}.cir`);
    const out = join(work, `${base}.txt`);
    writeFileSync(file, writeSpiceNetlist(n, SPICE_DEFAULTS, out));
    const probes = n.probes.map((p) => `v(${p.node})`);
    const s = c.sysgraph;
    const sgArgs = ['--record', probes.join(','), '--samples', String(s.samples), '--rtol', String(s.rtol), '--atol', String(s.atol), '--solver', s.solver];

    // Whole processes, alternating, with bare `node -e 0` in the same rounds (the start-up floor).
    const spiceRuns: ProcessRun[] = [];
    const sgRuns: ProcessRun[] = [];
    const nodeRuns: ProcessRun[] = [];
    for (let r = 0; r < Math.min(REPEATS, c.repeats); r++) {
      const spiceNow = !spiceRuns.some((x) => x.timedOut) ? spiceRuns.push(ngspiceProcess(file, out, timeoutMs)) > 0 : false;
      const sgNow = !sgRuns.some((x) => x.timedOut) ? sgRuns.push(sysgraphProcess(file, sgArgs, timeoutMs)) > 0 : false;
      nodeRuns.push(bareNodeProcess(timeoutMs));
      log(`  run ${r + 1}: ngspice ${spiceNow ? show(spiceRuns.at(-1)) : 'not run again after a timeout'}, sysgraph ${sgNow ? show(sgRuns.at(-1)) : 'not run again after a timeout'}, node -e 0 ${show(nodeRuns.at(-1))}`);
      if ([...spiceRuns, ...sgRuns].some((x) => x.timedOut || x.wallMs > LONG_RUN_MS)) break;
    }
    // ngspice at tight tolerances, once, where a reference exists.
    let tight: ProcessRun | undefined;
    if (c.tightSpice) {
      const tightFile = join(work, `${base}-tight.cir`);
      const tightOut = join(work, `${base}-tight.txt`);
      writeFileSync(tightFile, writeSpiceNetlist(n, SPICE_TIGHT, tightOut));
      tight = ngspiceProcess(tightFile, tightOut, timeoutMs);
      log(`  ngspice tight: ${show(tight)}`);
    }

    // In-process sysgraph from the same netlist text (warm), labelled as such.
    const inProcess: SysgraphRun[] = [];
    for (let r = 0; r < Math.min(REPEATS, c.repeats); r++) inProcess.push(runSysgraph(n, { ...s, input: 'netlist' }, parser));
    inProcess.sort((a, b) => a.times.totalMs - b.times.totalMs);
    const inp = inProcess[inProcess.length >> 1];

    // Errors at each tool's own times against the exact reference (one evaluation over all the times).
    const sgTable = sgRuns.filter((x) => !x.timedOut).at(-1)?.table;
    const ngTable = spiceRuns.filter((x) => !x.timedOut).at(-1)?.table;
    const tightTable = tight?.timedOut === false ? tight.table : undefined;
    const tables = [sgTable, ngTable, tightTable];
    let sgError: number | null = null;
    let ngError: number | null = null;
    let tightError: number | null = null;
    let peak: number | null = null;
    if (c.reference) {
      log(`  exact reference (${c.referenceKind})`);
      const lengths = tables.map((t) => t?.columns[0].length ?? 0);
      const all = new Float64Array(lengths.reduce((a, b) => a + b, 0));
      let at = 0;
      tables.forEach((t) => {
        if (t) all.set(t.columns[0], at);
        at += t?.columns[0].length ?? 0;
      });
      const exact = c.reference(all);
      peak = Math.max(...exact.map((y) => y.reduce((m, x) => Math.max(m, Math.abs(x)), 0)));
      const errors: (number | null)[] = [];
      let offset = 0;
      tables.forEach((t, k) => {
        if (!t) {
          errors.push(null);
          return;
        }
        let err = 0;
        probes.forEach((name, p) => {
          const y = column(t, name);
          for (let i = 0; i < y.length; i++) err = Math.max(err, Math.abs(y[i] - exact[p][offset + i]));
        });
        errors.push(err / (peak as number));
        offset += lengths[k];
      });
      [sgError, ngError, tightError] = errors;
    }
    const sgMs = medianWall(sgRuns);
    const ngMs = medianWall(spiceRuns);
    const nodeMs = medianWall(nodeRuns);
    const ngAnalysis = spiceRuns.map((x) => x.analysisMs).filter((x): x is number => x !== undefined);
    const ngAnalysisMs = ngAnalysis.length > 0 ? median(ngAnalysis) : null;
    const label = `${n.family} ${n.sizeLabel}`;
    let verdict: string | null = null;
    const t = c.target;
    if (t) {
      const passes: boolean[] = [];
      const sgTimeout = sgRuns.some((x) => x.timedOut) ? `timeout (> ${options.maxSeconds} s)` : undefined;
      if (t.maxTimeRatio !== undefined) {
        const ngBound = ngMs ?? timeoutMs;
        const checked = check(`${label}: sysgraph / ngspice, whole processes from the same netlist`, sgMs !== undefined ? sgMs / ngBound : NaN, t.maxTimeRatio, '×', ngMs === undefined ? `ngspice over ${options.maxSeconds} s (bound)` : 'wall time of `simulate FILE` against `ngspice -b FILE`, medians of alternating runs', sgTimeout);
        // the MISS reason: the target's bound in ms beside the start-up floor measured in the same rounds
        const ch = !checked.pass && ngMs !== undefined && sgMs !== undefined && nodeMs !== undefined ? { ...checked, reason: startUpBound(t.maxTimeRatio, ngMs, nodeMs, sgMs).reason } : checked;
        targets.push(ch);
        passes.push(ch.pass);
        targets.push(check(`${label}: sysgraph / ngspice, in-process (sysgraph pipeline warm / ngspice analysis time)`, ngAnalysisMs ? inp.times.totalMs / ngAnalysisMs : NaN, t.maxTimeRatio, '×', 'both without process start-up: sysgraph read → simulate in this process, ngspice its own "Total analysis time"'));
      }
      if (t.maxMs !== undefined) {
        const ch = check(`${label}: sysgraph whole process`, sgMs ?? NaN, t.maxMs, 'ms', '`simulate FILE` wall time, Node start-up included', sgTimeout);
        targets.push(ch);
        passes.push(ch.pass);
        targets.push(check(`${label}: sysgraph in-process (warm)`, inp.times.totalMs, t.maxMs, 'ms', 'read → simulate in this process'));
      }
      if (t.maxError !== undefined) {
        const ch = check(`${label}: sysgraph error / peak at its own times`, sgError ?? NaN, t.maxError * (1 + 1e-12), '', 'whole-process output against the exact reference', sgTimeout);
        targets.push(ch);
        passes.push(ch.pass);
      }
      verdict = passes.every((p) => p) ? 'PASS' : '**MISS**';
    }
    rows.push({
      network: n.family,
      size: n.sizeLabel,
      states: n.states,
      reference: c.referenceKind ?? 'none',
      peak,
      ngspiceMs: ngMs ?? null,
      ngspiceTimedOut: spiceRuns.some((x) => x.timedOut),
      ngspiceAnalysisMs: ngAnalysisMs,
      ngspicePoints: ngTable?.columns[0].length ?? null,
      ngspiceError: ngError,
      tightMs: tight && !tight.timedOut ? tight.wallMs : null,
      tightTimedOut: tight?.timedOut ?? false,
      tightPoints: tightTable?.columns[0].length ?? null,
      tightError,
      sysgraphMs: sgMs ?? null,
      sysgraphTimedOut: sgRuns.some((x) => x.timedOut),
      sysgraphPoints: sgTable?.columns[0].length ?? null,
      sysgraphError: sgError,
      nodeMs: nodeMs ?? null,
      sysgraphOverNodeMs: sgMs !== undefined && nodeMs !== undefined ? sgMs - nodeMs : null,
      ratio: sgMs !== undefined && ngMs !== undefined ? sgMs / ngMs : null,
      runs: Math.max(sgRuns.length, spiceRuns.length),
      inProcessMs: inp.times.totalMs,
      inProcessReadMs: inp.times.parseMs,
      inProcessStructureMs: inp.times.structureMs,
      inProcessFormulateMs: inp.times.formulateMs + inp.times.modelMs,
      inProcessSimulateMs: inp.times.simulateMs,
      inProcessRatio: ngAnalysisMs ? inp.times.totalMs / ngAnalysisMs : null,
      solver: inp.solver,
      steps: inp.stats.steps,
      timeoutSeconds: options.maxSeconds,
      target: t?.text ?? null,
      verdict,
    });
    log(`  → whole processes: ngspice ${ms(ngMs)} (error ${sci(ngError)}), sysgraph ${ms(sgMs)} (error ${sci(sgError)}); in-process sysgraph ${ms(inp.times.totalMs)}, ngspice analysis ${ms(ngAnalysisMs ?? undefined)}`);
  }

  const notes = [
    'Networks: RC ladder R = 1 kΩ/N, C = 1 µF/N, 1 V ramp 4 µs, 0–4 ms; RC grid 1 Ω edges and load, 1 mF/N per node, 1 A ramp 2 µs into a corner, 0–2 ms; RLC line (2N states) per metre L\' = 250 nH, C\' = 100 pF, R\' = 10 Ω, G\' = 4 mS (distortionless, Z0 = 50 Ω, 5 ns delay), 1 V ramp 2.5 ns, open end, 0–50 ns.',
    'One netlist file per network (spice/spice-netlist.ts): `.tran tEnd/200 tEnd`, `.save` of the probes, a `.control` block that runs and writes the probes with `wrdata` at ngspice\'s own time points (sysgraph\'s reader skips the block). ngspice at its defaults (reltol 1e-3, trapezoidal); "tight" is a second file with `.options reltol=1e-6 trtol=1 vntol=1e-9 abstol=1e-15`.',
    `Start-up floor: bare \`node -e 0\` is timed in every alternating round beside the two tools; a whole-process ratio target r is then at best r × ngspice's time, and where that is below the floor no Node process can meet it (the MISS reason says so with both figures).`,
    `Whole processes: \`ngspice -b FILE\` and \`node packages/cli/bin/sysgraph.cjs simulate FILE --record <probes> --samples 201 --rtol 1e-6 --atol 1e-9 --solver auto --format csv\`, wall time around each (start-up, reading, analysis, output), alternating, median of up to ${REPEATS} (one when a run takes over ${LONG_RUN_MS / 1000} s); time limit ${options.maxSeconds} s per process.`,
    'In-process (labelled so): sysgraph\'s pipeline from the same netlist text in this Node process after a warm-up (readSpiceNetlist → analyzeStructure → formulate → toSimulationModel → simulate, spice/run-sysgraph.ts), median of the same number of runs; ngspice\'s in-process figure is its own "Total analysis time" (parsing and output excluded).',
    'Errors: max over the probes of |tool − exact| at the tool\'s OWN output times (ngspice: every time point it wrote; sysgraph: its 201 output samples), divided by the exact peak; nothing is interpolated.',
    'Exact reference: closed-form eigenpairs (RC ladder, RLC line: any N), numeric symmetric eigendecomposition (RC grid, ≤ 2000 nodes; none for the 10^4-node grid); each mode\'s ramp response in closed form.',
  ];
  const report: BenchReport = {
    title: 'Linear networks against ngspice, both as whole processes from the same netlist file',
    columns: ['network', 'size', 'ngspiceMs', 'ngspiceError', 'sysgraphMs', 'sysgraphError', 'ratio', 'inProcessMs', 'ngspiceAnalysisMs', 'inProcessRatio', 'tightMs', 'tightError'],
    rows,
    targets,
    notes,
  };
  writeFileSync(join(resultsDir, 'spice.md'), formatSpiceMarkdown(report, { ngspice, date: started, loadAverage, maxSeconds: options.maxSeconds }));
  return report;
}

const show = (r: ProcessRun | undefined) => (r === undefined ? '–' : r.timedOut ? `timeout after ${(r.wallMs / 1000).toFixed(0)} s` : `${r.wallMs.toFixed(0)} ms`);
const ms = (x: number | undefined) => (x === undefined ? '–' : `${x.toFixed(0)} ms`);
const sci = (x: number | null) => (x === null ? '–' : x.toExponential(2));
