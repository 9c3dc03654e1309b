/**
 * The sysgraph command line:
 *   sysgraph                      the main job on the default example (derivation, model, step response plot)
 *   sysgraph structure [FILE]     normal tree, loop matrix F, derivation
 *   sysgraph statespace [FILE]    A, B, C, D, E, Bd (numeric or symbolic); f(x, u, t) and its Jacobians for a
 *                                 description with laws, or A, B, C, D at an operating point (--linearise);
 *                                 A(t), B(t) for a description with values in t, and the matrices at --time T
 *   sysgraph compare [FILE]       every applicable formulation side by side; --b1-vs-b2, --linear-vs-nonlinear;
 *                                 for values in t, the charge-flux and across-through forms simulated
 *   sysgraph analyze [FILE]       poles, DC gain, H(s), frequency response, symbolic H(s)
 *   sysgraph simulate [FILE]      a simulation as CSV or JSON, and a plot
 *   sysgraph sensitivity [FILE]   ∂(A, B, C, D)/∂θ, pole sensitivities ∂λ/∂θ, trajectory sensitivities ∂y(t)/∂θ
 *   sysgraph energy [FILE]        the energy audit of a simulation: stored energy, powers, Tellegen, the balance
 *   sysgraph sweep [FILE]         a parameter study: grids or Monte Carlo samples, metrics per point, on all cores
 *                                 or on BullMQ workers (--redis)
 *   sysgraph worker --redis URL   a cluster worker computing the points of studies queued on Redis
 *   sysgraph examples             the example gallery
 * FILE is a description file or an example name; without it the default example (motor-pump) is used.
 */
import cliPackage from '../package.json' with { type: 'json' };
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { reportError } from './report-error';
import { unwritable } from './output/output-sink';
import { DERIVATION_LIMIT } from './commands/structure-limit';
import { progressBar } from './progress';
import { examplesDir } from './examples-dir';
import { studyProgress } from './study-progress';
import { reportCodePath } from './code-path';

// The engine is loaded only by the command that runs (so that --help answers at once).
const engine = {
  load: () => import('./load-system'),
  structure: () => import('./commands/structure'),
  statespace: () => import('./commands/statespace'),
  simulate: () => import('./commands/simulate'),
  netlist: () => import('@sysgraph/engine'),
  compare: () => import('./commands/compare-command'),
  analyze: () => import('./commands/analyze'),
  equations: () => import('./commands/equation-reports'),
  checkEquations: () => import('./commands/check-equations'),
  analyzePlot: () => import('./commands/analyze-plot'),
  bondGraph: () => import('./commands/bondgraph-commands'),
  sensitivity: () => import('./commands/sensitivity'),
  energy: () => import('./commands/energy'),
  sweep: () => import('./commands/sweep'),
  worker: () => import('./commands/worker'),
  mainJob: () => import('./commands/main-job'),
  plot: () => import('./plot-html'),
  sink: () => import('./output/output-sink'),
  json: () => import('./output/json-writer'),
  csv: () => import('./output/csv-writer'),
};
const EXAMPLES_DIR = examplesDir();

// A reader that stops early (`sysgraph simulate … | head`) closes the pipe: stop quietly, as other commands do.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(process.exitCode ?? 0);
});

const collect = (v: string, acc: string[]) => [...acc, v];
const number = (v: string) => {
  const x = Number(v);
  if (!Number.isFinite(x)) throw new InvalidArgumentError('expected a number');
  return x;
};
const integer = (v: string) => {
  const x = Number(v);
  if (!Number.isInteger(x)) throw new InvalidArgumentError('expected an integer');
  return x;
};
const indentation = (v: string) => {
  const x = Number(v);
  if (!Number.isInteger(x) || x < 0 || x > 10) throw new InvalidArgumentError('expected an integer from 0 to 10');
  return x;
};
/** A whole file written at once (--plot), with a typed error naming the path when it cannot be. */
const writeOutputFile = (path: string, option: string, text: string) => {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw unwritable(path, option, e);
  }
};
const print = (...lines: string[]) => {
  for (const s of lines) process.stdout.write(s.endsWith('\n') ? s : `${s}\n`);
};

function action<A extends unknown[]>(f: (...args: A) => void | Promise<void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await f(...args);
    } catch (e) {
      process.exitCode = reportError(e);
    }
  };
}

/** simulate for an equation set: the engine's simulate (its own f and g, or its linear model), the same writers. */
async function simulateEquations(model: import('@sysgraph/engine').CompiledModel, opts: { tEnd?: number; input: string[]; initial: string[]; solver: string; rtol?: number; atol?: number; dt?: number; samples?: number; record: string[]; format: 'csv' | 'json'; indent?: number; output?: string; plot?: string; tvForm?: string; storageLaw?: string; secantWidth?: number }): Promise<void> {
  const { SysgraphError } = await import('@sysgraph/core');
  for (const [option, given] of [['--tv-form', opts.tvForm], ['--storage-law', opts.storageLaw], ['--secant-width', opts.secantWidth]] as const) {
    if (given !== undefined) throw new SysgraphError('unsupported', `${option} does not apply to an equation set`, { field: option, expected: `no ${option}` });
  }
  const { simulate, parsePairs } = await engine.netlist();
  const { simulationJson } = await engine.simulate();
  const { plotHtml } = await engine.plot();
  const { openSink, jsonIndent } = await engine.sink();
  const sink = openSink(opts.output);
  const bar = progressBar(process.stderr);
  const initial = Object.fromEntries(Object.entries(parsePairs(opts.initial, '--initial')).map(([k, v]) => [k, Number(v)]));
  const run = simulate(model, { tEnd: opts.tEnd, signals: parsePairs(opts.input, '--input'), initial, solver: opts.solver, rtol: opts.rtol, atol: opts.atol, dt: opts.dt, samples: opts.samples, record: opts.record.flatMap((r) => r.split(',')).filter(Boolean), onProgress: bar.update, note: (l) => process.stderr.write(`${l}\n`) });
  bar.done();
  if (opts.format === 'json') (await engine.json()).writeJson(simulationJson(run), sink, jsonIndent(sink, opts.indent ?? 0));
  else (await engine.csv()).writeTraceCsv(run.result, sink);
  if (opts.format === 'json') sink.write('\n');
  sink.close();
  if (opts.plot) writeOutputFile(opts.plot, '--plot', plotHtml(run.result, `${model.equations?.title ?? model.name}: simulation (${run.result.solver})`));
  reportCodePath(`simulate equations ${run.result.solver}`);
}

export function createProgram(): Command {
  const program = new Command();
  // The main job's --plot belongs to the program alone: simulate and compare have their own --plot.
  program.enablePositionalOptions();
  program
    .name('sysgraph')
    .description('Linear graphs of lumped-parameter systems to state-space models, symbolic and numeric, and their simulation.')
    .version(cliPackage.version, '-V, --version', 'the version of sysgraph')
    .option('--plot <file>', 'where the main job writes its plot')
    .action(action(async (opts: { plot?: string }) => {
      const { desc } = (await engine.load()).loadSystem(undefined);
      (await engine.mainJob()).mainJob(desc, print, opts.plot);
    }));

  program
    .command('structure')
    .description('the normal tree, the partitioned loop matrix F and the derivation (primary, secondary and state variables; elemental, continuity and compatibility equations)')
    .argument('[file]', 'a description file (JSON, a SPICE netlist: .cir .sp .spi .spice .net .ckt, or an equation file: .sm .statemint .eqn .eqn.json) or an example name (default: motor-pump)')
    .option('--from <format>', 'the reader of FILE (json, spice, statemint, bondgraph; default: by the extension, else by the text)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'latex']).default('text'))
    .option('--param <name=value>', 'set a parameter value (repeatable)', collect, [])
    .option('--derivation', `the derivation whatever the size (by default it is left out above ${DERIVATION_LIMIT} branches, and the output says so)`)
    .option('--indent <n>', 'JSON indented by n spaces (default: 2 on a terminal, compact to a pipe or a file)', indentation)
    .option('--output <file>', 'write to a file instead of standard output')
    .action(action(async (file: string | undefined, opts: { format: 'text' | 'json' | 'latex'; param: string[]; derivation?: boolean; indent?: number; output?: string; from?: string }) => {
      const { desc, path, format } = (await engine.load()).loadSystem(file, opts.param, opts.from);
      const { openSink, jsonIndent } = await engine.sink();
      const sink = openSink(opts.output);
      const out = (await engine.structure()).structureOutput(desc, opts.format, { derivation: opts.derivation });
      // a bond graph: its causality (SCAP) beside the normal tree
      const causality = format === 'bondgraph' && opts.format !== 'latex' ? (await engine.bondGraph()).causalitySection(path, desc) : undefined;
      if (out.omitted) process.stderr.write(`note: ${out.omitted}\n`);
      if (out.json) {
        (await engine.json()).writeJson(causality ? { ...out.json, causality: causality.json } : out.json, sink, jsonIndent(sink, opts.indent));
        sink.write('\n');
      } else {
        // text: written piece by piece (writeText); LaTeX: one string
        if (out.writeText) out.writeText((piece) => sink.write(piece));
        else sink.write(out.text!.endsWith('\n') ? out.text! : `${out.text!}\n`);
        if (causality) sink.write(`\n${causality.text}${causality.text.endsWith('\n') ? '' : '\n'}`);
      }
      sink.close();
    }));

  program
    .command('statespace')
    .description("the state-space model x~' = A x~ + B u, y = C x~ + D u + E u', x = x~ + Bd u; for a description with laws, the nonlinear model x' = f(x, u, t), y = g(x, u, t) and its Jacobians, or with --linearise A, B, C, D at an operating point; for a description with values in t, the time-varying model s' = A(t) s + B(t) u (A(t), B(t) in the parameters and a symbol per varying value) and with --time T its matrices at T")
    .argument('[file]', 'a description file (JSON, a SPICE netlist: .cir .sp .spi .spice .net .ckt, or an equation file: .sm .statemint .eqn .eqn.json) or an example name (default: motor-pump)')
    .option('--from <format>', 'the reader of FILE (json, spice, statemint, bondgraph; default: by the extension, else by the text)')
    .option('--symbolic', 'entries as expressions of the parameters')
    .option('--symbolic-params <names>', 'with --symbolic: keep only these parameters (comma-separated) as symbols and substitute the others', (v: string) => v.split(',').map((x) => x.trim()).filter(Boolean))
    .addOption(new Option('--symbolic-form <form>', 'with --symbolic: expanded (A, B, C, D as rational functions; every linear model); structured (the static network kept whole: E x\' = A_xx x + A_xz z + B_x u, M z = R_x x + R_u u, A = E⁻¹·(A_xx + A_xz·M⁻¹·R_x); every linear model, dependent storage — capacitor loops, inductor cut sets — as constraint rows); masd (MASD\'s closed form as named products: C, L, R, G, T1…T12, R_loop = R + T5, G_cut = G + T8, y, h, k, z, the B blocks and the blocks of A, B, Bd, each a definition over named factors with the paper\'s equation number, entries expanded only where they stay small, inverses left named; where the closed form\'s preconditions hold, else a typed error naming the elements). Default: expanded, switching to structured when the expanded elimination is refused by the cost guard or A, B, C, D would print more than 20 000 characters (a note on standard error says which)').choices(['expanded', 'structured', 'masd']))
    .option('--intermediates', "with --formulation masd: MASD's named quantities C, L, R, G, T1…T12, y, h, k, z and the B blocks with the paper's equation numbers (text, latex or json; symbolic with --symbolic)")
    .option('--param <name=value>', 'set a parameter value (repeatable)', collect, [])
    .addOption(new Option('--state-choice <choice>', 'b1: capacitor voltages and inductor currents; b2: charges and fluxes').choices(['b1', 'b2']).default('b1'))
    .addOption(new Option('--formulation <name>', 'general hybrid formulation or MASD closed form').choices(['general', 'masd']).default('general'))
    .addOption(new Option('--format <format>', 'output format (a nonlinear model: text, json or latex)').choices(['json', 'latex', 'matlab', 'python', 'text']).default('text'))
    .option('--linearise', 'a description with laws: A, B, C, D at the equilibrium of constant inputs (deviations δx\' = A δx + B δu)')
    .option('--input <name=value>', 'with --linearise: a constant input of the operating point (repeatable; default 0)', collect, [])
    .option('--guess <state=value>', "with --linearise: Newton's starting value of a state (repeatable; default 0)", collect, [])
    .option('--time <t>', 'with --linearise: the time of the operating point of time-varying laws (default 0); for a description with values in t: the time of the numeric A, B, C, D, E', number)
    .addOption(new Option('--tv-form <form>', 'values in t: the states, charges and flux linkages (charge-flux, the default) or capacitor voltages and inductor currents (across-through, with the Ċ and L̇ terms)').choices(['charge-flux', 'across-through']))
    .addOption(new Option('--storage-law <law>', "values in t: i = (C v)', v = (L i)' (conservative, the default) or i = C v', v = L i' (non-conservative)").choices(['conservative', 'non-conservative']))
    .action(action(async (file: string | undefined, opts: { symbolic?: boolean; symbolicParams?: string[]; symbolicForm?: 'expanded' | 'structured' | 'masd'; intermediates?: boolean; param: string[]; stateChoice: 'b1' | 'b2'; formulation: 'general' | 'masd'; format: 'json' | 'latex' | 'matlab' | 'python' | 'text'; linearise?: boolean; input: string[]; guess: string[]; time?: number; tvForm?: 'charge-flux' | 'across-through'; storageLaw?: 'conservative' | 'non-conservative'; from?: string }) => {
      const { model } = (await engine.load()).loadModel(file, opts.param, opts.from);
      reportCodePath(`statespace ${model.family}${opts.symbolic ? ' symbolic' : ''}${opts.linearise ? ' linearise' : ''}`);
      if (model.family === 'equations') {
        print((await engine.equations()).equationStatespaceReport(model, opts.format, { ...opts, form: opts.tvForm, inputs: opts.input }));
        return;
      }
      const desc = model.description;
      print((await engine.statespace()).statespaceReport(desc, opts.format, {
        symbolic: opts.symbolic || opts.symbolicParams !== undefined,
        symbolicParams: opts.symbolicParams,
        symbolicForm: opts.symbolicForm,
        intermediates: opts.intermediates,
        stateChoice: opts.stateChoice,
        formulation: opts.formulation,
        linearise: opts.linearise,
        inputs: opts.input,
        guess: opts.guess,
        time: opts.time,
        form: opts.tvForm,
        storageLaw: opts.storageLaw,
        note: (l) => process.stderr.write(`${l}\n`),
      }));
    }));

  program
    .command('compare')
    .description('every applicable formulation (general, MASD closed form, sparse, symbolic; b1 and b2) and the largest difference between them; --b1-vs-b2: both state choices as matrices, poles and overlaid simulations; --linear-vs-nonlinear: a description with laws against its linear model at an operating point, as matrices, poles and overlaid simulations from it; a description with values in t: its charge-flux and across-through forms simulated for the same inputs, the physical states and outputs compared (they must agree)')
    .argument('[file]', 'a description file (JSON, a SPICE netlist: .cir .sp .spi .spice .net .ckt, or an equation file: .sm .statemint .eqn .eqn.json) or an example name (default: motor-pump)')
    .option('--from <format>', 'the reader of FILE (json, spice, statemint, bondgraph; default: by the extension, else by the text)')
    .option('--param <name=value>', 'set a parameter value (repeatable)', collect, [])
    .option('--b1-vs-b2', 'states b1 against b2: matrices, poles, H(s) and simulations from rest for the same inputs')
    .option('--linear-vs-nonlinear', 'the nonlinear model against the linear model with each law replaced by its incremental value at the operating point')
    .option('--input <name=value>', 'with --linear-vs-nonlinear: a constant input of the operating point (repeatable; default 0)', collect, [])
    .option('--guess <state=value>', "with --linear-vs-nonlinear: Newton's starting value of a state (repeatable)", collect, [])
    .option('--time <t>', 'with --linear-vs-nonlinear: the time of the operating point, where the simulation starts (default 0)', number)
    .option('--signal <name=signal>', 'the simulated input: with --b1-vs-b2 the signal, with --linear-vs-nonlinear its deviation from the operating point (repeatable)', collect, [])
    .option('--t-end <T>', 'simulated span in seconds (default: from the slowest eigenvalue)', number)
    .option('--samples <N>', 'samples of both simulations (default 401)', integer)
    .option('--rtol <R>', 'relative tolerance of the simulations', number)
    .option('--atol <A>', 'absolute tolerance of the simulations', number)
    .option('--plot <file>', 'with --b1-vs-b2, --linear-vs-nonlinear or values in t: write the overlaid simulations as a self-contained HTML page')
    .addOption(new Option('--storage-law <law>', 'values in t: the storage laws of both forms (conservative, the default, or non-conservative)').choices(['conservative', 'non-conservative']))
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(action(async (file: string | undefined, opts: { param: string[]; b1VsB2?: boolean; linearVsNonlinear?: boolean; input: string[]; guess: string[]; time?: number; signal: string[]; tEnd?: number; samples?: number; rtol?: number; atol?: number; plot?: string; storageLaw?: 'conservative' | 'non-conservative'; format: 'text' | 'json'; from?: string }) => {
      const { desc } = (await engine.load()).loadSystem(file, opts.param, opts.from);
      const r = (await engine.compare()).runCompare(desc, { ...opts, plot: opts.plot !== undefined, note: (l) => process.stderr.write(`${l}\n`) });
      print(r.report);
      if (opts.plot && r.plot) writeOutputFile(opts.plot, '--plot', r.plot);
    }));

  program
    .command('analyze')
    .description('poles, DC gain, H(s) at a point, a frequency response, and H(s) in the parameters')
    .argument('[file]', 'a description file (JSON, a SPICE netlist: .cir .sp .spi .spice .net .ckt, or an equation file: .sm .statemint .eqn .eqn.json) or an example name (default: motor-pump)')
    .option('--from <format>', 'the reader of FILE (json, spice, statemint, bondgraph; default: by the extension, else by the text)')
    .option('--s <value>', 'evaluate H at a complex s, e.g. 2, 0.5j or 1-3j')
    .option('--bode <wmin,wmax[,points]>', 'frequency response of the first output to the first input, rad/s (with --plot: of every pair)')
    .option('--poles', 'the zeros of each input–output pair beside the poles (and the transmission zeros of the model)')
    .option('--plot <file>', 'also write a self-contained HTML page: Bode diagrams of every pair (--bode) and the pole–zero map (--poles); both when neither is given')
    .option('--symbolic', 'H(s) as rational functions of the parameters (fraction-free elimination)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--param <name=value>', 'set a parameter value (repeatable)', collect, [])
    .option('--input <name=value>', 'a description with laws: a constant input of the operating point whose linearisation is analysed (repeatable; default 0)', collect, [])
    .option('--guess <state=value>', "a description with laws: Newton's starting value of a state (repeatable)", collect, [])
    .option('--time <t>', 'a description with laws: the time of the operating point (default 0)', number)
    .action(action(async (file: string | undefined, opts: { s?: string; bode?: string; poles?: boolean; plot?: string; symbolic?: boolean; format: 'text' | 'json'; param: string[]; from?: string; input: string[]; guess: string[]; time?: number }) => {
      const { model } = (await engine.load()).loadModel(file, opts.param, opts.from);
      if (model.family === 'equations') {
        print((await engine.equations()).equationAnalyzeReport(model, opts));
        return;
      }
      const withNotes = { ...opts, note: (l: string) => process.stderr.write(`${l}\n`) };
      print((await engine.analyze()).analyzeReport(model, withNotes));
      if (opts.plot) writeOutputFile(opts.plot, '--plot', (await engine.analyzePlot()).analyzePlot(model, opts));
    }));

  program
    .command('export-bondgraph')
    .description('the bond graph of a linear-graph description, where one exists (packages/bondgraph/README.md): node junctions, element junctions, TF and GY; written as .bg.json')
    .argument('[file]', 'a description file or an example name (default: motor-pump)')
    .option('--from <format>', 'the reader of FILE (json, spice, statemint, bondgraph; default: by the extension, else by the text)')
    .option('--param <name=value>', 'set a parameter value (repeatable)', collect, [])
    .option('--output <file>', 'write to a file instead of standard output')
    .action(action(async (file: string | undefined, opts: { param: string[]; output?: string; from?: string }) => {
      const { desc } = (await engine.load()).loadSystem(file, opts.param, opts.from);
      const text = (await engine.bondGraph()).exportBondGraph(desc);
      if (opts.output) writeOutputFile(opts.output, '--output', text);
      else process.stdout.write(text);
    }));

  program
    .command('simulate')
    .description('integrate the model and write the trace (t, states, outputs) as CSV or JSON')
    .argument('[file]', 'a description file (JSON, a SPICE netlist: .cir .sp .spi .spice .net .ckt, or an equation file: .sm .statemint .eqn .eqn.json) or an example name (default: motor-pump)')
    .option('--from <format>', 'the reader of FILE (json, spice, statemint, bondgraph; default: by the extension, else by the text)')
    .option('--t-end <T>', 'end time in seconds (default: from the slowest eigenvalue)', number)
    .option('--input <name=signal>', 'an input signal: step(1), step(1, 0.5), ramp(1, 4e-6), sine(1, 50), pwl(0,0, 1e-3,1) or an expression of t (repeatable)', collect, [])
    .option('--initial <state=value>', 'an initial state value (repeatable; default 0); values in t: by the model\'s states (q_C, lambda_L in the charge-flux form) or by the physical v_C, i_L', collect, [])
    .option('--solver <name>', "auto (the default: chosen from the model) or a solver of @sysgraph/simulate's registry (an unknown name lists them)", 'auto')
    .option('--rtol <R>', 'relative tolerance', number)
    .option('--atol <A>', 'absolute tolerance', number)
    .option('--dt <H>', 'step of the fixed-step solvers, largest step of the others', number)
    .option('--samples <N>', 'N evenly spaced times over [0, t-end], from the dense output', integer)
    .option('--record <names>', 'the states and outputs to write, comma-separated (repeatable), or all; default: all of them, or the outputs only above 10 000 states (a netlist: its .save probes)', collect, [])
    .addOption(new Option('--format <format>', 'output format').choices(['csv', 'json']).default('csv'))
    .option('--indent <n>', 'with --format json: indented by n spaces (default compact)', indentation)
    .option('--output <file>', 'write the trace to a file instead of standard output')
    .option('--plot <file>', 'also write a self-contained HTML plot')
    .option('--param <name=value>', 'set a parameter value (repeatable)', collect, [])
    .addOption(new Option('--tv-form <form>', 'values in t: charge-flux states (the default) or across-through (v_C, i_L)').choices(['charge-flux', 'across-through']))
    .addOption(new Option('--storage-law <law>', "values in t: conservative i = (C v)' (the default) or non-conservative i = C v'").choices(['conservative', 'non-conservative']))
    .option('--secant-width <w>', 'laws: a secant of this width in the Jacobians where a law is not differentiable (default: none, and 1e-6 with a note when a Jacobian needs it)', number)
    .action(action(async (file: string | undefined, opts: { tEnd?: number; input: string[]; initial: string[]; solver: string; rtol?: number; atol?: number; dt?: number; samples?: number; record: string[]; format: 'csv' | 'json'; indent?: number; output?: string; plot?: string; param: string[]; tvForm?: 'charge-flux' | 'across-through'; storageLaw?: 'conservative' | 'non-conservative'; secantWidth?: number; from?: string }) => {
      const loader = await engine.load();
      const { model } = loader.loadModel(file, opts.param, opts.from);
      if (model.family === 'equations') {
        await simulateEquations(model, opts);
        return;
      }
      const { desc, netlist } = { desc: model.description, netlist: model.netlist };
      // a netlist supplies its waveforms, .tran, .options, .save and .ic / uic as defaults (SPICE's meaning)
      const { withNetlistOptions } = await engine.netlist();
      const merged = withNetlistOptions(opts, netlist);
      const { runSimulation, simulationJson } = await engine.simulate();
      const { plotHtml } = await engine.plot();
      // the output is opened first: a path that cannot be written fails before the simulation runs
      const { openSink, jsonIndent } = await engine.sink();
      const sink = openSink(opts.output);
      const bar = progressBar(process.stderr);
      const run = runSimulation(desc, { ...merged, inputs: merged.input, initial: opts.initial, form: opts.tvForm, onProgress: bar.update, note: (l) => process.stderr.write(`${l}\n`) });
      bar.done();
      if (opts.format === 'json') (await engine.json()).writeJson(simulationJson(run), sink, jsonIndent(sink, opts.indent ?? 0));
      else (await engine.csv()).writeTraceCsv(run.result, sink);
      if (opts.format === 'json') sink.write('\n');
      sink.close();
      if (opts.plot) writeOutputFile(opts.plot, '--plot', plotHtml(run.result, `${desc.title ?? desc.name}: simulation (${run.result.solver})`));
      reportCodePath(`simulate ${model.family} ${netlist ? 'netlist' : 'description'} ${run.result.solver}`);
    }));

  program
    .command('check-equations')
    .description("a hand-written derivation checked against a linear graph: which equation of EQNS (an equation file whose [graph] section names the graph's variable of each of its variables) disagrees with the graph's, with the graph's version, and whether the state equations agree (A, B, C, D, E when the states are the same variables, else the poles and H(s) at several s)")
    .argument('[file]', 'the linear-graph description (a JSON description, a SPICE netlist or an example name; default: motor-pump)')
    .requiredOption('--equations <eqns>', 'the hand-written equation file (.sm, .statemint, .eqn, .eqn.json)')
    .option('--from <format>', 'the reader of FILE (default: by the extension)')
    .option('--param <name=value>', 'set a parameter value of both (repeatable)', collect, [])
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(action(async (file: string | undefined, opts: { equations: string; from?: string; param: string[]; format: 'text' | 'json' }) => {
      const loader = await engine.load();
      const graph = loader.loadModel(file, opts.param, opts.from).model;
      const hand = loader.loadModel(opts.equations, opts.param, 'statemint').model;
      const report = (await engine.checkEquations()).checkEquationsReport(graph, hand, opts.format);
      print(report.text);
      if (!report.agree) process.exitCode = 1;
    }));

  program
    .command('sensitivity')
    .description('sensitivities to parameters: ∂A/∂θ … ∂Bd/∂θ, pole sensitivities ∂λ/∂θ, trajectory sensitivities ∂y(t)/∂θ (linear models)')
    .argument('[file]', 'a description file (JSON, or a SPICE netlist: .cir .sp .spi .spice .net .ckt) or an example name (default: motor-pump)')
    .option('--from <format>', 'the reader of FILE (json, spice, statemint, bondgraph; default: by the extension, else by the text)')
    .requiredOption('--params <names>', 'the parameters θ, comma-separated (repeatable), e.g. R,C', collect, [])
    .option('--outputs <names>', 'with --trajectory or --adjoint: the states or outputs followed, comma-separated (default: the outputs)', collect, [])
    .option('--matrices', 'the matrix sensitivities (default when neither --poles nor --trajectory is given)')
    .option('--poles', 'the pole sensitivities ∂λ/∂θ (default when neither --matrices nor --trajectory is given)')
    .option('--trajectory', 'the trajectory sensitivities ∂y(t)/∂θ by the forward sensitivity equations')
    .option('--adjoint', 'the sensitivities ∂y(T)/∂θ at the times --at by the adjoint method (its cost does not grow with the number of parameters)')
    .option('--at <times>', 'with --adjoint: the times T, comma-separated (repeatable; default the end time)', collect, [])
    .option('--normalised', 'normalised sensitivities (θ/y)·∂y/∂θ')
    .addOption(new Option('--method <method>', 'matrix derivatives: symbolic in the parameters, numeric (the formulation in dual numbers), or auto').choices(['auto', 'symbolic', 'numeric']).default('auto'))
    .option('--t-end <T>', 'with --trajectory or --adjoint: end time in seconds (default: from the slowest eigenvalue)', number)
    .option('--input <name=signal>', 'with --trajectory or --adjoint: an input signal (repeatable)', collect, [])
    .option('--initial <state=value>', 'with --trajectory or --adjoint: an initial state value (repeatable; independent of the parameters)', collect, [])
    .option('--solver <name>', 'with --trajectory or --adjoint: the solver (default auto)')
    .option('--rtol <R>', 'relative tolerance', number)
    .option('--atol <A>', 'absolute tolerance', number)
    .option('--dt <H>', 'step of the fixed-step solvers, largest step of the others', number)
    .option('--samples <N>', 'with --trajectory: N evenly spaced times', integer)
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'csv']).default('text'))
    .option('--param <name=value>', 'set a parameter value (repeatable)', collect, [])
    .action(action(async (file: string | undefined, opts: { params: string[]; outputs: string[]; matrices?: boolean; poles?: boolean; trajectory?: boolean; adjoint?: boolean; at: string[]; normalised?: boolean; method: 'auto' | 'symbolic' | 'numeric'; tEnd?: number; input: string[]; initial: string[]; solver?: string; rtol?: number; atol?: number; dt?: number; samples?: number; format: 'text' | 'json' | 'csv'; param: string[]; from?: string }) => {
      const { desc } = (await engine.load()).loadSystem(file, opts.param, opts.from);
      print((await engine.sensitivity()).sensitivityReport(desc, opts));
    }));

  program
    .command('energy')
    .description('energy audit of a simulation: stored energy and power of every element, Tellegen, the balance, passivity (linear models)')
    .argument('[file]', 'a description file (JSON, or a SPICE netlist: .cir .sp .spi .spice .net .ckt) or an example name (default: motor-pump)')
    .option('--from <format>', 'the reader of FILE (json, spice, statemint, bondgraph; default: by the extension, else by the text)')
    .option('--t-end <T>', 'end time in seconds (default: from the slowest eigenvalue)', number)
    .option('--input <name=signal>', 'an input signal (repeatable)', collect, [])
    .option('--initial <state=value>', 'an initial state value (repeatable; default 0)', collect, [])
    .option('--solver <name>', 'the solver (default auto); a solver that does not conserve energy is named by the balance')
    .option('--rtol <R>', 'relative tolerance', number)
    .option('--atol <A>', 'absolute tolerance', number)
    .option('--dt <H>', 'step of the fixed-step solvers, largest step of the others', number)
    .option('--samples <N>', 'N evenly spaced times (default 2001: the balance integrates the power on them)', integer)
    .option('--tolerance <r>', 'the balance\'s relative tolerance beyond the quadrature error (default 1e-4)', number)
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'csv']).default('text'))
    .option('--param <name=value>', 'set a parameter value (repeatable)', collect, [])
    .action(action(async (file: string | undefined, opts: { tEnd?: number; input: string[]; initial: string[]; solver?: string; rtol?: number; atol?: number; dt?: number; samples?: number; tolerance?: number; format: 'text' | 'json' | 'csv'; param: string[]; from?: string }) => {
      const { desc } = (await engine.load()).loadSystem(file, opts.param, opts.from);
      print((await engine.energy()).energyReport(desc, opts));
    }));

  program
    .command('sweep')
    .description('a parameter study: a grid (--param R=1:10:20, R=1e-3..1e3:log:31, R=1,2,5; several --param make the product) or a seeded Monte Carlo sample (--sample N --dist R=normal(1,0.05) …), and at each point the metrics asked for, written as a table (one line per point)')
    .argument('[file]', 'a description file or an example name (default: motor-pump)')
    .option('--from <format>', 'the reader of FILE (json, spice, statemint, bondgraph; default: by the extension, else by the text)')
    .option('--param <spec>', 'an axis of the grid: NAME=a:b:n (linear), NAME=a..b:log:n, NAME=v1,v2,… (repeatable: the product)', collect, [])
    .option('--sample <N>', 'a Monte Carlo study of N points', integer)
    .option('--dist <spec>', 'the distribution of a parameter: NAME=normal(mean,sd), NAME=uniform(low,high), NAME=lognormal(mu,sigma) (repeatable)', collect, [])
    .option('--seed <n>', 'the seed of the Monte Carlo sample (default 1)', integer)
    .option('--lhs', 'Latin hypercube sampling')
    .option('--metric <list>', 'poles, dc, H (with --freq), final(y), peak(y), peak-time(y), rise(y), settling(y[, band]), overshoot(y), step(y) (all six) (repeatable or comma-separated; default poles,dc)', collect, [])
    .option('--freq <w1,w2,…>', 'the angular frequencies (rad/s) of the H metric', (v: string) => v.split(',').map((x) => number(x)))
    .option('--traces <names>', 'keep the whole traces of these states or outputs (comma-separated)', (v: string) => v.split(',').map((x) => x.trim()).filter(Boolean))
    .option('--t-end <T>', 'the simulated span of the trace metrics (default: from the slowest eigenvalue of the nominal model)', number)
    .option('--samples <N>', 'samples of each simulation (default 2001)', integer)
    .option('--input <name=signal>', 'an input signal (repeatable; default: the source\'s value, else step(1))', collect, [])
    .option('--solver <name>', 'the solver of the simulations (default auto)')
    .option('--rtol <R>', 'relative tolerance', number)
    .option('--atol <A>', 'absolute tolerance', number)
    .addOption(new Option('--format <format>', 'output format (arrow: Apache Arrow IPC, with --output)').choices(['csv', 'json', 'arrow']).default('csv'))
    .option('--output <file>', 'write the table to a file (CSV: one line per point as points complete)')
    .option('--report <file>', 'also write a self-contained HTML report (uPlot): metrics against the parameter, histograms and a scatter matrix for Monte Carlo, the family of traces')
    .option('--resume', 'continue the interrupted study whose CSV is --output')
    .option('--workers <n>', 'worker threads: a number, or auto (every core from 1000 points on; the default)')
    .option('--redis <url>', 'run the points on BullMQ workers (sysgraph worker --redis URL) through this Redis')
    .addOption(new Option('--state-choice <choice>', 'b1 or b2').choices(['b1', 'b2']))
    .addOption(new Option('--formulation <name>', 'general or masd').choices(['general', 'masd']))
    .action(action(async (file: string | undefined, opts: import('./commands/sweep').SweepCommandOptions) => {
      const { runSweep } = await engine.sweep();
      const bar = studyProgress(process.stderr);
      const controller = new AbortController();
      // Ctrl-C: stop dispatching, keep (and write) what is done; a second Ctrl-C ends the process at once
      const stop = () => {
        if (controller.signal.aborted) process.exit(130);
        controller.abort();
      };
      process.on('SIGINT', stop);
      try {
        const r = await runSweep(file, opts, { out: (t) => process.stdout.write(t), note: (l) => { bar.done(); process.stderr.write(`${l}\n`); }, progress: bar.update, signal: controller.signal });
        bar.done();
        if (r.stopped) process.exitCode = 130;
      } finally {
        process.off('SIGINT', stop);
      }
    }));

  program
    .command('worker')
    .description('a cluster worker: computes the points of the studies queued on Redis by sysgraph sweep --redis, until stopped (Ctrl-C)')
    .requiredOption('--redis <url>', 'the Redis of the cluster, e.g. redis://10.0.0.5:6379')
    .option('--concurrency <n>', 'jobs computed at once in this process (default 1; run one worker per core)', integer)
    .option('--lock-duration <ms>', 'how long the job of a worker that stopped answering stays locked before another worker takes it (default 30000)', integer)
    .action(action(async (opts: { redis: string; concurrency?: number; lockDuration?: number }) => {
      await (await engine.worker()).runWorker(opts.redis, { concurrency: opts.concurrency, lockDuration: opts.lockDuration, note: (l) => process.stderr.write(`${l}\n`) });
    }));

  program
    .command('examples')
    .description('list the example systems (examples/index.json, examples/nonlinear, examples/time-varying)')
    .action(action(() => {
      const index = JSON.parse(readFileSync(`${EXAMPLES_DIR}index.json`, 'utf8')) as { file: string; title: string; summary?: string }[];
      for (const e of index) print(`${e.file.replace(/\.json$/, '').padEnd(38)} ${e.title}`);
      // the nonlinear (elements given by laws) and time-varying (values in t) examples live apart, each titled in its own file
      for (const [folder, heading] of [['nonlinear', 'nonlinear (elements given by laws):'], ['time-varying', 'time-varying (values in t):'], ['bondgraph', 'bond graphs (.bg.json) and their linear graphs:']] as const) {
        const files = existsSync(`${EXAMPLES_DIR}${folder}`) ? readdirSync(`${EXAMPLES_DIR}${folder}`).filter((f) => f.endsWith('.json')).sort() : [];
        if (files.length > 0) print('', heading);
        for (const f of files) {
          let title = f;
          try {
            title = String((JSON.parse(readFileSync(`${EXAMPLES_DIR}${folder}/${f}`, 'utf8')) as { title?: unknown }).title ?? f);
          } catch {
            // listed by its file name
          }
          print(`${`${folder}/${f.replace(/\.json$/, '')}`.padEnd(38)} ${title}`);
        }
      }
      // equation files (StateMint's five fields), titled by their first comment line
      const equations = existsSync(`${EXAMPLES_DIR}equations`) ? readdirSync(`${EXAMPLES_DIR}equations`).filter((f) => f.endsWith('.sm')).sort() : [];
      if (equations.length > 0) print('', 'equation files (StateMint-style; check-equations FILE --equations …):');
      for (const f of equations) {
        const first = /^#\s*(.*)$/m.exec(readFileSync(`${EXAMPLES_DIR}equations/${f}`, 'utf8'))?.[1] ?? f;
        print(`${`equations/${f.replace(/\.sm$/, '')}`.padEnd(38)} ${first.replace(/(: |\. ).*$|\.$/, '')}`);
      }
    }));

  program.showHelpAfterError();
  return program;
}

const program = createProgram();
program.exitOverride((err) => {
  process.exitCode = err.exitCode === 0 ? 0 : 2;
  throw err;
});
program.parseAsync(process.argv).catch(() => {
  // commander already printed the usage error and set the exit code
});
