/**
 * sysgraph analyze: poles, DC gain, H(s) at a complex s, a frequency response, and H(s) in the parameters
 * (fraction-free elimination, packages/analysis) for small systems, as the engine's analyze computes them; a
 * description with laws is analysed through its linearisation at the operating point, which the report names.
 * This file parses the options and formats.
 */
import type { SystemDescription } from '@sysgraph/description';
import { formatTable } from '@sysgraph/graph';
import { formatComplex } from '@sysgraph/analysis';
import type { Complex } from '@sysgraph/analysis';
import { SysgraphError } from '@sysgraph/core';
import { analyze, compile, describePoint, operatingInputs, parseNumbers } from '@sysgraph/engine';
import type { CompiledModel, LinearisationPoint } from '@sysgraph/engine';

export interface AnalyzeOptions {
  readonly symbolic?: boolean;
  readonly s?: string;
  readonly bode?: string;
  /** The zeros of each input–output pair (and the transmission zeros of the model) beside the poles. */
  readonly poles?: boolean;
  readonly format?: 'text' | 'json';
  /** A description with laws: constant inputs (NAME=VALUE), Newton's start (STATE=VALUE), the time of the operating point. */
  readonly input?: readonly string[];
  readonly guess?: readonly string[];
  readonly time?: number;
  readonly note?: (line: string) => void;
}

export function parseComplex(text: string): Complex {
  const t = text.replace(/\s+/g, '');
  const m = /^([+-]?[0-9.eE+-]*?)(?:([+-][0-9.eE]*)[ij])?$/.exec(t) ?? undefined;
  const pure = /^([+-]?[0-9.eE]*)[ij]$/.exec(t);
  let z: Complex | undefined;
  if (pure) z = { re: 0, im: Number(pure[1] === '' || pure[1] === '+' ? 1 : pure[1] === '-' ? -1 : pure[1]) };
  else if (m) z = { re: Number(m[1]), im: m[2] === undefined ? 0 : Number(m[2] === '+' ? 1 : m[2] === '-' ? -1 : m[2]) };
  if (!z || !Number.isFinite(z.re) || !Number.isFinite(z.im)) {
    throw new SysgraphError('bad-option', `--s ${text}: expected a complex number such as 2, 0.5j or 1-3j`, { field: '--s', expected: 'a complex number: 2, 0.5j, 1-3j' });
  }
  return z;
}

/** --bode wmin,wmax[,points] → its numbers (points NaN when absent). */
export function parseBode(text: string): [number, number, number] {
  const [a, b, n] = text.split(',').map(Number);
  if (!(a > 0 && b > a)) throw new SysgraphError('bad-option', `--bode ${text}: expected wmin,wmax[,points] with 0 < wmin < wmax`, { field: '--bode', expected: 'wmin,wmax[,points], rad/s' });
  return [a, b, n];
}

const isCompiled = (x: SystemDescription | CompiledModel): x is CompiledModel => 'family' in x && 'linear' in x;

/** A description with laws: the operating point from --input, --guess and --time (u = 0, t = 0 by default). */
export function pointOf(model: CompiledModel, opts: Pick<AnalyzeOptions, 'input' | 'guess' | 'time' | 'note'>): LinearisationPoint | undefined {
  const given = (opts.input?.length ?? 0) > 0 || (opts.guess?.length ?? 0) > 0 || opts.time !== undefined;
  if (model.family !== 'laws') {
    if (given) throw new SysgraphError('bad-option', '--input, --guess and --time set the operating point of a description with laws', { field: opts.input?.length ? '--input' : opts.guess?.length ? '--guess' : '--time', expected: 'a description with laws' });
    return undefined;
  }
  const nl = model.nonlinear().model;
  return { inputs: operatingInputs(opts.input, nl.inputNames, opts.note), guess: parseNumbers(opts.guess, '--guess', nl.stateNames, 'state'), time: opts.time };
}

export function analyzeReport(input: SystemDescription | CompiledModel, opts: AnalyzeOptions = {}): string {
  const model = isCompiled(input) ? input : compile({ description: input });
  const desc = model.description;
  const a = analyze(model, {
    zeros: opts.poles,
    ...(opts.s ? { at: [parseComplex(opts.s)] } : {}),
    ...(opts.bode ? (([wmin, wmax, n]) => ({ bode: { wmin, wmax, points: Number.isInteger(n) && n > 1 ? n : 50 } }))(parseBode(opts.bode)) : {}),
    operatingPoint: pointOf(model, opts),
    symbolic: opts.symbolic,
  });
  const out: Record<string, unknown> = { states: a.states, inputs: a.inputs, outputs: a.outputs, poles: a.poles };
  const lines: string[] = [`${desc.title ?? desc.name}: ${a.states.length} states, inputs ${a.inputs.join(', ') || '(none)'}, outputs ${a.outputs.join(', ') || '(none)'}`];
  if (a.linearisedAt) {
    out.linearisedAt = a.linearisedAt;
    lines.push(`These are the analyses of ${describePoint(a.linearisedAt)} (deviations from it: δx' = A δx + B δu; set the point with --input, --guess, --time).`);
  }
  lines.push('', `Poles (eigenvalues of A): ${a.poles.map((z) => formatComplex(z)).join(', ') || '(none)'}`);
  if (a.outputs.length > 0 && a.inputs.length > 0) {
    if (a.dcGain) {
      out.dcGain = a.dcGain;
      lines.push('', 'DC gain H(0):', formatTable(['', ...a.inputs], a.dcGain.map((row, i) => [a.outputs[i], ...row.map((x) => String(Number(x.toPrecision(10))))])));
    } else lines.push('', `DC gain: ${a.dcGainNote ?? 'none'}`);
    if (a.zeros) {
      const zeros = a.outputs.flatMap((y, i) => a.inputs.map((u, j) => ({ output: y, input: u, zeros: a.zeros?.[i][j] })));
      out.zeros = zeros;
      if (a.transmissionZeros) out.transmissionZeros = a.transmissionZeros;
      lines.push('', 'Zeros of each pair (finite generalised eigenvalues of [A − sI B; C D + sE]):');
      for (const z of zeros) lines.push(`  ${z.output} / ${z.input}: ${z.zeros === undefined ? 'none (H ≡ 0)' : z.zeros.map((x) => formatComplex(x)).join(', ') || 'none (finite)'}`);
      if (a.transmissionZeros) lines.push(`  transmission zeros: ${a.transmissionZeros.map((x) => formatComplex(x)).join(', ') || 'none (finite)'}`);
    }
    for (const h of a.H ?? []) {
      out.H = { s: h.s, value: h.value };
      lines.push('', `H(${formatComplex(h.s)}):`, formatTable(['', ...a.inputs], h.value.map((row, i) => [a.outputs[i], ...row.map((x) => formatComplex(x, 10))])));
    }
    const r = a.frequencyResponse;
    if (r) {
      out.frequencyResponse = { output: a.outputs[0], input: a.inputs[0], omega: [...r.omega], magnitudeDb: [...r.magnitudeDb], phaseDeg: [...r.phaseDeg] };
      lines.push('', `Frequency response of ${a.outputs[0]} / ${a.inputs[0]}:`, formatTable(['ω [rad/s]', '|H| [dB]', 'phase [°]'], [...r.omega].map((w, k) => [w.toPrecision(4), r.magnitudeDb[k].toFixed(3), r.phaseDeg[k].toFixed(2)])));
    }
    if (a.symbolicH) {
      out.symbolicH = a.symbolicH.text;
      lines.push('', 'H(s) in the parameters:', a.symbolicH.text);
    }
  }
  return opts.format === 'json' ? JSON.stringify(out, null, 2) : lines.join('\n');
}
