/**
 * The commands' reports of an equation set (family 'equations', packages/equations): statespace prints the
 * derivation's x' = A x + B u + E u', y = C x + D u + F u' (text, in the parameters and in numbers) or, in the other
 * formats, the project's form x̃ = x − E u through the same exporters as a linear graph's model; analyze reads
 * the engine's analyze(). Options that belong to a linear graph's formulation are typed errors naming the option.
 */
import { SysgraphError } from '@sysgraph/core';
import { formatComplex } from '@sysgraph/analysis';
import { analyze, lineariseEquations, parseNumbers } from '@sysgraph/engine';
import type { CompiledModel } from '@sysgraph/engine';
import { formatEquationModel } from '@sysgraph/equations';
import { formatTable } from '@sysgraph/graph';
import { parseComplex } from './analyze';
import { formatModel } from './statespace';

const refuse = (option: string, expected: string) => {
  throw new SysgraphError('unsupported', `${option} does not apply to an equation set (its states are the file's)`, { field: option, expected });
};

export interface EquationStatespaceOptions {
  readonly symbolic?: boolean;
  readonly symbolicParams?: readonly string[];
  readonly stateChoice?: string;
  readonly formulation?: string;
  readonly linearise?: boolean;
  /** With --linearise: the constant inputs and Newton's starting states (name=value). */
  readonly inputs?: readonly string[];
  readonly guess?: readonly string[];
  readonly form?: string;
  readonly storageLaw?: string;
}

export function equationStatespaceReport(model: CompiledModel, format: 'json' | 'latex' | 'matlab' | 'python' | 'text', opts: EquationStatespaceOptions): string {
  if (opts.stateChoice === 'b2') refuse('--state-choice', 'b1 (the default)');
  if (opts.formulation === 'masd') refuse('--formulation', 'general (the default)');
  if (opts.form !== undefined) refuse('--tv-form', 'no --tv-form');
  if (opts.storageLaw !== undefined) refuse('--storage-law', 'no --storage-law');
  if (opts.symbolicParams !== undefined) refuse('--symbolic-params', '--symbolic (every parameter kept)');
  const m = model.equations!;
  if (opts.linearise || opts.inputs?.length || opts.guess?.length) {
    if (m.kind !== 'nonlinear') throw new SysgraphError('unsupported', `--linearise: ${m.name} is a linear equation set (it is its own linearisation)`, { field: '--linearise', expected: 'no --linearise, --input or --guess for a linear set' });
    const lin = lineariseEquations(m, parseNumbers(opts.inputs, '--input', m.inputs, 'input'), parseNumbers(opts.guess, '--guess', m.states, 'state'));
    if (format === 'json') return JSON.stringify({ name: m.name, states: m.states, inputs: m.inputs, outputs: m.outputs, ...lin }, null, 2);
    if (format !== 'text') throw new SysgraphError('unsupported', `--format ${format} with --linearise of an equation set`, { field: '--format', expected: 'text or json' });
    const num = (x: number) => String(Number(x.toPrecision(10)));
    const table = (rows: number[][], r: readonly string[], c: readonly string[]) => formatTable(['', ...c], rows.map((row, i) => [r[i], ...row.map(num)]));
    return [
      `${m.title ?? m.name}: linearised at the equilibrium ${m.states.map((s, k) => `${s} = ${num(lin.x[k])}`).join(', ')} of ${m.inputs.map((u, k) => `${u} = ${num(lin.u[k])}`).join(', ') || 'no inputs'}`,
      "δx' = A δx + B δu,  δy = C δx + D δu  (central differences of the set's f and g)",
      'A:', table(lin.A, m.states, m.states), 'B:', table(lin.B, m.states, m.inputs), 'C:', table(lin.C, m.outputs, m.states), 'D:', table(lin.D, m.outputs, m.inputs),
    ].join('\n');
  }
  if (format === 'text') return formatEquationModel(m);
  if (m.kind === 'nonlinear') {
    if (format === 'json') return JSON.stringify({ name: m.name, kind: 'nonlinear', states: m.states, inputs: m.inputs, outputs: m.outputs, equations: m.order.map((q) => ({ defines: q.defines, text: q.text, where: q.where })), notes: m.notes }, null, 2);
    throw new SysgraphError('unsupported', `--format ${format}: ${m.name} is a nonlinear equation set`, { field: '--format', expected: 'text or json' });
  }
  return formatModel((opts.symbolic ? model.symbolic() : model.linear()).table!, format);
}

export interface EquationAnalyzeOptions {
  readonly symbolic?: boolean;
  readonly s?: string;
  readonly bode?: string;
  readonly format?: 'text' | 'json';
}

export function equationAnalyzeReport(model: CompiledModel, opts: EquationAnalyzeOptions): string {
  if (opts.symbolic) refuse('--symbolic', 'statespace --symbolic for the matrices in the parameters');
  let bode: { wmin: number; wmax: number; points: number } | undefined;
  if (opts.bode) {
    const [a, b, n] = opts.bode.split(',').map(Number);
    if (!(a > 0 && b > a)) throw new SysgraphError('bad-option', `--bode ${opts.bode}: expected wmin,wmax[,points] with 0 < wmin < wmax`, { field: '--bode', expected: 'wmin,wmax[,points], rad/s' });
    bode = { wmin: a, wmax: b, points: Number.isInteger(n) && n > 1 ? n : 50 };
  }
  const r = analyze(model, { ...(opts.s ? { at: [parseComplex(opts.s)] } : {}), ...(bode ? { bode } : {}) });
  if (opts.format === 'json') {
    const fr = r.frequencyResponse;
    return JSON.stringify({ ...r, ...(fr ? { frequencyResponse: { output: r.outputs[0], input: r.inputs[0], omega: [...fr.omega], magnitudeDb: [...fr.magnitudeDb], phaseDeg: [...fr.phaseDeg] } } : {}) }, null, 2);
  }
  const lines = [`${model.equations?.title ?? model.name}: ${r.states.length} states, inputs ${r.inputs.join(', ') || '(none)'}, outputs ${r.outputs.join(', ') || '(none)'}`];
  lines.push('', `Poles (eigenvalues of A): ${r.poles.map((z) => formatComplex(z)).join(', ') || '(none)'}`);
  if (r.dcGain) lines.push('', 'DC gain H(0):', formatTable(['', ...r.inputs], r.dcGain.map((row, i) => [r.outputs[i], ...row.map((x) => String(Number(x.toPrecision(10))))])));
  for (const h of r.H ?? []) lines.push('', `H(${formatComplex(h.s)}):`, formatTable(['', ...r.inputs], h.value.map((row, i) => [r.outputs[i], ...row.map((x) => formatComplex(x, 10))])));
  const fr = r.frequencyResponse;
  if (fr) lines.push('', `Frequency response of ${r.outputs[0]} / ${r.inputs[0]}:`, formatTable(['ω [rad/s]', '|H| [dB]', 'phase [°]'], [...fr.omega].map((w, k) => [w.toPrecision(4), fr.magnitudeDb[k].toFixed(3), fr.phaseDeg[k].toFixed(2)])));
  return lines.join('\n');
}
