/**
 * analyze: the linear analyses of a compiled model — poles (eigenvalues of A), the DC gain H(0), H(s) at given
 * points and a frequency response |H(jω)|, arg H(jω) of one output and input (packages/analysis) — for the
 * linear family, and for a description with laws the same analyses of its linearisation at an operating point
 * (nonlinear/linearised-model.ts: the equilibrium of the given constant inputs, u = 0 by default), which the
 * answer names (`linearisedAt`). Values in t are 'unsupported' naming the elements (poles and H(s) belong to
 * time-invariant models). With `symbolic`, H(s) in the parameters (fraction-free elimination, packages/analysis).
 */
import { SysgraphError } from '@sysgraph/core';
import { dcGain, formatTransfer, frequencyResponse, poles, symbolicTransfer, transferAt, transferZeros, transmissionZeros } from '@sysgraph/analysis';
import type { Complex, FrequencyResponse, SymbolicTransfer } from '@sysgraph/analysis';
import { formulate, masdFormulate, symbolicBackend } from '@sysgraph/formulation';
import type { StateSpace } from '@sysgraph/formulation';
import type { CompiledModel } from './compiled-model';
import { lawElements } from './nonlinear/law-elements';
import { linearisedModel } from './nonlinear/linearised-model';
import type { LinearisationPoint, LinearisedAt, NamedModel } from './nonlinear/linearised-model';
import { timeVaryingElements } from './time-varying/time-varying-elements';

export interface AnalyzeOptions {
  /** Points s at which H(s) is evaluated. */
  readonly at?: readonly Complex[];
  /** A frequency response over [wmin, wmax] rad/s (log spaced) of outputs[output] / inputs[input] (default 0, 0). */
  readonly bode?: { readonly wmin: number; readonly wmax: number; readonly points?: number; readonly output?: number; readonly input?: number };
  /** The zeros of every output–input pair, and the transmission zeros (packages/analysis; undefined where the pencil's normal rank is not full). */
  readonly zeros?: boolean;
  /** A description with laws: the operating point of the linearisation (u = 0, t = 0 by default). */
  readonly operatingPoint?: LinearisationPoint;
  /** H(s) as rational functions of the parameters (linear family; small systems). */
  readonly symbolic?: boolean;
}

export interface Analysis {
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly poles: readonly Complex[];
  /** H(0); absent without inputs or outputs, or when A is singular (an integrator). */
  readonly dcGain?: readonly (readonly number[])[];
  /** Why there is no DC gain (A singular), when there are inputs and outputs. */
  readonly dcGainNote?: string;
  readonly H?: readonly { readonly s: Complex; readonly value: readonly (readonly Complex[])[] }[];
  readonly frequencyResponse?: FrequencyResponse;
  /** zeros[i][j]: the zeros of H_ij (undefined where H_ij ≡ 0), with options.zeros. */
  readonly zeros?: readonly (readonly (readonly Complex[] | undefined)[])[];
  /** The transmission zeros of a square model, with options.zeros. */
  readonly transmissionZeros?: readonly Complex[];
  /** A description with laws: the operating point whose linearisation was analysed. */
  readonly linearisedAt?: LinearisedAt;
  /** H(s) in the parameters, with options.symbolic (and its text). */
  readonly symbolicH?: { readonly transfer: SymbolicTransfer; readonly text: string };
}

/**
 * The numeric model of the analyses: A, B, C, D, E of the linear family, or of the linearisation of a
 * description with laws at `point` (then `at` names the point).
 */
export function numericModel(model: CompiledModel, point?: LinearisationPoint): NamedModel & { readonly at?: LinearisedAt } {
  if (model.family === 'time-varying') {
    const elements = timeVaryingElements(model.description);
    throw new SysgraphError('unsupported', `analyze: ${elements.join(', ')} ${elements.length === 1 ? 'varies' : 'vary'} with t; poles and H(s) belong to time-invariant models`, {
      element: elements[0],
      field: 'value',
      elements,
      expected: 'values without t, or sysgraph statespace --time T for the matrices at one time',
    });
  }
  if (model.family === 'laws') {
    const lin = linearisedModel(model, point);
    return { ...lin.model, at: lin.at };
  }
  const ss = model.linear().numeric as StateSpace<number[][]>;
  if (ss.backend === 'sparse') throw new SysgraphError('unsupported', `analyze: ${model.name} is a large sparse model`, { element: model.name, field: 'size', expected: 'a model small enough for dense eigenvalues' });
  return { A: ss.A, B: ss.B, C: ss.C, D: ss.D, E: ss.E, states: ss.states, inputs: ss.inputs, outputs: ss.outputs };
}

/** H(s) in the parameters of a linear description (the model's formulation and state choice). */
function symbolicH(model: CompiledModel): { transfer: SymbolicTransfer; text: string } {
  if (model.family === 'laws') {
    const laws = lawElements(model.description);
    throw new SysgraphError('unsupported', `analyze --symbolic: ${laws.join(', ')} ${laws.length === 1 ? 'is' : 'are'} given by laws; H(s) in the parameters belongs to linear descriptions`, {
      element: laws[0],
      field: 'law',
      elements: laws,
      expected: 'a linear description, or the numeric analyses of the linearisation (without --symbolic)',
    });
  }
  const desc = model.description;
  const sym = symbolicBackend(desc);
  const form = model.options.formulation === 'masd' ? masdFormulate : formulate;
  const m = form(model.structure, sym.backend, { stateChoice: model.options.stateChoice });
  const transfer = symbolicTransfer(m, sym.variables, { values: new Map([...desc.parameters].filter((e): e is [string, number] => e[1] !== null)) });
  return { transfer, text: formatTransfer(transfer, 'text') };
}

export function analyze(model: CompiledModel, options: AnalyzeOptions = {}): Analysis {
  const m = numericModel(model, options.operatingPoint);
  const out: { -readonly [K in keyof Analysis]: Analysis[K] } = { states: m.states, inputs: m.inputs, outputs: m.outputs, poles: poles(m), ...(m.at ? { linearisedAt: m.at } : {}) };
  if (m.inputs.length === 0 || m.outputs.length === 0) return out;
  try {
    out.dcGain = dcGain(m);
  } catch (e) {
    // A singular (a pole at s = 0): no DC gain, and why
    out.dcGainNote = e instanceof Error ? e.message : String(e);
  }
  if (options.at) out.H = options.at.map((s) => ({ s, value: transferAt(m, s) }));
  if (options.zeros) {
    out.zeros = m.outputs.map((_, i) => m.inputs.map((_, j) => transferZeros(m, i, j)));
    const transmission = transmissionZeros(m);
    if (transmission) out.transmissionZeros = transmission;
  }
  const b = options.bode;
  if (b) {
    if (!(b.wmin > 0 && b.wmax > b.wmin)) throw new SysgraphError('bad-option', `bode ${b.wmin},${b.wmax}: expected 0 < wmin < wmax`, { field: 'bode', expected: 'wmin,wmax[,points], rad/s' });
    out.frequencyResponse = frequencyResponse(m, b.output ?? 0, b.input ?? 0, b.wmin, b.wmax, b.points ?? 50);
  }
  if (options.symbolic) out.symbolicH = symbolicH(model);
  return out;
}
