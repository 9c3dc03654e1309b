/**
 * The evaluation of one point of a study on a model compiled once. The structure (normal tree, loop matrix F,
 * partition) depends on the topology alone, so it is built once; a point only replaces parameter values:
 *
 *   values ─► numericBackend(parameters) ─► formulate(structure) → A, B, C, D, E ─► poles, H(0), H(jω)
 *                                                               └► toSimulationModel ─► simulate ─► trace metrics
 *
 * For small models the symbolic model in the swept parameters is compiled once instead (symbolic-point-model.ts)
 * and a point evaluates its entries; `route` says which.
 *
 * Input signals are parsed once with one restricted parser (a source constant that depends on a swept parameter
 * is re-evaluated per point, as a constant signal). A point whose model cannot be formed or simulated (a sampled
 * negative resistance, a singular network) gives NaN in every column and its typed error, not a failed study.
 */
import { SysgraphError, isSysgraphError } from '@sysgraph/core';
import { evaluateExpression } from '@sysgraph/description';
import { formulate, masdFormulate, numericBackend, sparseBackend } from '@sysgraph/formulation';
import type { Dense, StateSpace } from '@sysgraph/formulation';
import { dcGain, poles, transferAt } from '@sysgraph/analysis';
import { constant, createRestrictedParser, parseSignal, simulate } from '@sysgraph/simulate';
import type { Signal } from '@sysgraph/simulate';
import type { CompiledModel } from '@sysgraph/engine';
import { toSimulationModel } from '@sysgraph/engine';
import { parseMetrics, traceMetricColumn } from '../metrics/metric-spec';
import { compileSymbolicPointModel } from './symbolic-point-model';
import type { MetricSpec } from '../metrics/metric-spec';
import { traceMetrics } from '../metrics/trace-metrics';
import type { StudySettings } from './study-settings';
import { DEFAULT_SAMPLES } from './study-settings';

/** The columns of one point's row: metric columns, then traces[j] at sample k (j-major). */
export interface StudyLayout {
  readonly parameters: readonly string[];
  readonly metrics: readonly string[];
  readonly traces: readonly string[];
  readonly samples: number;
  readonly tEnd: number;
  /** How a point's matrices are formed (absent: numeric). */
  readonly route?: 'compiled-symbolic' | 'numeric';
}

export interface PointFailure {
  readonly point: number;
  readonly code: string;
  readonly element?: string;
  readonly field?: string;
  readonly message: string;
}

export interface PointEvaluator {
  readonly layout: StudyLayout;
  /** Row width: metrics + traces × samples. */
  readonly width: number;
  /** Evaluates one point into row (length width); returns the failure when the point has none of its values. */
  evaluate(values: ArrayLike<number>, row: Float64Array, point: number): PointFailure | undefined;
  /** How a point's matrices are formed: the compiled symbolic model, or a numeric formulation. */
  readonly route: 'compiled-symbolic' | 'numeric';
}

const angleDeg = (re: number, im: number) => (Math.atan2(im, re) * 180) / Math.PI;

export function createPointEvaluator(model: CompiledModel, names: readonly string[], settings: StudySettings): PointEvaluator {
  if (model.family !== 'linear') {
    throw new SysgraphError('unsupported', `sweep: ${model.name} is ${model.family === 'laws' ? 'given by laws' : 'time-varying'}; studies take linear time-invariant descriptions`, { element: model.name, field: 'family', expected: 'a linear description' });
  }
  const desc = model.description;
  for (const name of names) {
    if (!desc.parameters.has(name)) {
      throw new SysgraphError('unknown-parameter', `${name} is not a parameter of ${desc.name}`, { element: name, field: 'parameters', expected: `one of ${[...desc.parameters.keys()].join(', ') || '(no parameters)'}` });
    }
  }
  const nominal = model.linear();
  const structure = nominal.structure;
  const ss0 = nominal.numeric as StateSpace<unknown>;
  const sparse = ss0.backend === 'sparse';
  const stateChoice = model.options.stateChoice ?? 'b1';
  const form = model.options.formulation === 'masd' ? masdFormulate : formulate;
  const specs = parseMetrics(settings.metrics);
  const freq = settings.freq ?? [];
  if (specs.some((s) => s.kind === 'H') && freq.length === 0) throw new SysgraphError('bad-option', '--metric H needs --freq ω1,ω2,… (rad/s)', { element: 'H', field: '--freq', expected: 'positive angular frequencies, rad/s' });
  if (sparse && specs.some((s) => s.kind !== 'trace')) throw new SysgraphError('unsupported', `sweep: ${model.name} is a large sparse model: poles and H need dense matrices`, { element: model.name, field: '--metric', expected: 'trace metrics or --traces' });

  const inputs = ss0.inputs;
  const outputs = ss0.outputs;
  const states = ss0.states;
  const signalNames = new Set([...states, ...outputs]);
  const traceNames = settings.traces ?? [];
  for (const s of [...specs.flatMap((m) => (m.kind === 'trace' ? [m.signal] : [])), ...traceNames]) {
    if (!signalNames.has(s)) throw new SysgraphError('bad-option', `${s} is neither a state nor an output of ${model.name}`, { element: s, field: traceNames.includes(s) ? '--traces' : '--metric', expected: `one of ${[...signalNames].join(', ')}` });
  }
  const simulated = specs.some((s) => s.kind === 'trace') || traceNames.length > 0;
  const samples = settings.samples ?? DEFAULT_SAMPLES;
  const tEnd = settings.tEnd ?? (simulated ? model.endTime().tEnd : 0);

  // the columns
  const metrics: string[] = [];
  const n = states.length;
  const pairs: [number, number][] = [];
  for (let o = 0; o < outputs.length; o++) for (let u = 0; u < inputs.length; u++) pairs.push([o, u]);
  const ratio = ([o, u]: [number, number]) => `${outputs[o]}/${inputs[u]}`;
  for (const s of specs) {
    if (s.kind === 'poles') for (let k = 1; k <= n; k++) metrics.push(`pole${k}.re`, `pole${k}.im`);
    else if (s.kind === 'dc') for (const p of pairs) metrics.push(`dc(${ratio(p)})`);
    else if (s.kind === 'H') for (const w of freq) for (const p of pairs) metrics.push(`mag(${ratio(p)}, w=${w})`, `phase(${ratio(p)}, w=${w})`);
    else metrics.push(traceMetricColumn(s));
  }
  const compiledModel = sparse || model.options.formulation === 'masd' || settings.compileSymbolic === false ? undefined : compileSymbolicPointModel(model, names);
  const layout: StudyLayout = { parameters: [...names], metrics, traces: [...traceNames], samples: traceNames.length > 0 ? samples : 0, tEnd, route: compiledModel ? 'compiled-symbolic' : 'numeric' };
  const width = metrics.length + layout.traces.length * layout.samples;

  // the signals, parsed once with one parser
  const parser = createRestrictedParser();
  const given = settings.signals ?? {};
  for (const k of Object.keys(given)) {
    if (!inputs.includes(k)) throw new SysgraphError('bad-option', `--input ${k}: the model has no input ${k}`, { element: k, field: '--input', expected: `one of ${inputs.join(', ') || '(no inputs)'}` });
  }
  const fixed = new Map<string, Signal>();
  const perPoint: { input: string; expr: NonNullable<(typeof desc.sources)[number]['constant']> }[] = [];
  for (const name of inputs) {
    if (given[name] !== undefined) {
      fixed.set(name, parseSignal(given[name], name, parser));
      continue;
    }
    const src = desc.sources.find((s) => s.input === name && s.constant);
    if (!src?.constant) fixed.set(name, parseSignal('step(1)', name, parser));
    else if (src.constant.parameters.some((p) => names.includes(p))) perPoint.push({ input: name, expr: src.constant });
    else fixed.set(name, constant(evaluateExpression(src.constant, desc.parameters), name));
  }
  const record = [...new Set([...specs.flatMap((m) => (m.kind === 'trace' ? [m.signal] : [])), ...traceNames])];
  const base = new Map(desc.parameters);

  const evaluate = (values: ArrayLike<number>, row: Float64Array, point: number): PointFailure | undefined => {
    row.fill(NaN);
    const params = new Map(base);
    for (let k = 0; k < names.length; k++) params.set(names[k], values[k]);
    try {
      // the compiled symbolic model where it gives finite entries, else the numeric formulation (its typed errors)
      const fast = compiledModel?.evaluate(values);
      const ss = fast ? undefined : (form(structure, (sparse ? sparseBackend(params) : numericBackend(params)) as never, { stateChoice }) as StateSpace<unknown>);
      let c = 0;
      const dense = (fast ?? ss) as Pick<StateSpace<Dense<number>>, 'A' | 'B' | 'C' | 'D' | 'E' | 'Bd'>;
      const m = { A: dense.A, B: dense.B, C: dense.C, D: dense.D, E: dense.E };
      for (const s of specs) {
        if (s.kind === 'poles') {
          // λ(A), sorted by real part, then imaginary part
          const p = n === 0 ? [] : poles(m).sort((a, b) => a.re - b.re || a.im - b.im);
          for (let k = 0; k < n; k++) {
            row[c++] = p[k].re;
            row[c++] = p[k].im;
          }
        } else if (s.kind === 'dc') {
          // H(0) = D − C A⁻¹ B; NaN when A is singular (an integrator)
          let g: number[][] | undefined;
          try {
            g = dcGain(m);
          } catch {
            g = undefined;
          }
          for (const [o, u] of pairs) row[c++] = g && Number.isFinite(g[o][u]) ? g[o][u] : NaN;
        } else if (s.kind === 'H') {
          for (const w of freq) {
            const h = transferAt(m, { re: 0, im: w });
            for (const [o, u] of pairs) {
              row[c++] = Math.hypot(h[o][u].re, h[o][u].im);
              row[c++] = angleDeg(h[o][u].re, h[o][u].im);
            }
          }
        } else c++;
      }
      if (record.length > 0) {
        const signals: Record<string, Signal> = Object.fromEntries(fixed);
        for (const p of perPoint) signals[p.input] = constant(evaluateExpression(p.expr, params), p.input);
        const sim = ss ? toSimulationModel(ss as StateSpace<Dense<number>>) : { kind: 'linear' as const, stateNames: states, inputNames: inputs, outputNames: outputs, A: dense.A, B: dense.B, Bd: dense.Bd, C: dense.C, D: dense.D, F: dense.E };
        const trace = simulate(sim, { tEnd, inputs: signals, samples, record, solver: settings.solver as never, rtol: settings.rtol, atol: settings.atol });
        const t = trace.columns[0];
        const column = (name: string) => trace.columns[trace.names.indexOf(name)];
        c = 0;
        for (const s of specs) {
          if (s.kind === 'poles') c += 2 * n;
          else if (s.kind === 'dc') c += pairs.length;
          else if (s.kind === 'H') c += 2 * freq.length * pairs.length;
          else {
            const tm = traceMetrics(t, column(s.signal), s.band);
            row[c++] = s.metric === 'final' ? tm.final : s.metric === 'peak' ? tm.peak : s.metric === 'peak-time' ? tm.peakTime : s.metric === 'rise' ? tm.rise : s.metric === 'settling' ? tm.settling : tm.overshoot;
          }
        }
        for (const name of layout.traces) {
          const y = column(name);
          for (let k = 0; k < layout.samples; k++) row[c++] = y[k];
        }
      }
      return undefined;
    } catch (e) {
      if (!isSysgraphError(e)) throw e;
      row.fill(NaN);
      return { point, code: e.code, element: e.element, field: e.field, message: e.message };
    }
  };
  return { layout, width, evaluate, route: compiledModel ? 'compiled-symbolic' : 'numeric' };
}
