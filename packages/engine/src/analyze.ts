/**
 * analyze: the linear analyses of a compiled model — poles (eigenvalues of A), the DC gain H(0), H(s) at given
 * points and a frequency response |H(jω)|, arg H(jω) of one output and input (packages/analysis) — for the
 * linear family. Values in t and laws are 'unsupported' naming the elements (poles and H(s) belong to
 * time-invariant linear models; a description with laws is analysed through its linearisation).
 */
import { SysgraphError } from '@sysgraph/core';
import { dcGain, frequencyResponse, poles, transferAt, transferZeros, transmissionZeros } from '@sysgraph/analysis';
import type { Complex, FrequencyResponse, NumericModel } from '@sysgraph/analysis';
import type { StateSpace } from '@sysgraph/formulation';
import type { CompiledModel } from './compiled-model';
import { lawElements } from './nonlinear/law-elements';
import { timeVaryingElements } from './time-varying/time-varying-elements';

export interface AnalyzeOptions {
  /** Points s at which H(s) is evaluated. */
  readonly at?: readonly Complex[];
  /** A frequency response over [wmin, wmax] rad/s (log spaced) of outputs[output] / inputs[input] (default 0, 0). */
  readonly bode?: { readonly wmin: number; readonly wmax: number; readonly points?: number; readonly output?: number; readonly input?: number };
  /** The zeros of every output–input pair, and the transmission zeros (packages/analysis; undefined where the pencil's normal rank is not full). */
  readonly zeros?: boolean;
}

export interface Analysis {
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly poles: readonly Complex[];
  /** H(0); absent without inputs or outputs, or when A is singular (an integrator). */
  readonly dcGain?: readonly (readonly number[])[];
  readonly H?: readonly { readonly s: Complex; readonly value: readonly (readonly Complex[])[] }[];
  readonly frequencyResponse?: FrequencyResponse;
  /** zeros[i][j]: the zeros of H_ij (undefined where H_ij ≡ 0), with options.zeros. */
  readonly zeros?: readonly (readonly (readonly Complex[] | undefined)[])[];
  /** The transmission zeros of a square model, with options.zeros. */
  readonly transmissionZeros?: readonly Complex[];
}

/** The numeric model of the analyses: A, B, C, D, E of the linear family. */
export function numericModel(model: CompiledModel): NumericModel & { states: readonly string[]; inputs: readonly string[]; outputs: readonly string[] } {
  if (model.family === 'laws' || model.family === 'time-varying') {
    const elements = model.family === 'laws' ? lawElements(model.description) : timeVaryingElements(model.description);
    throw new SysgraphError('unsupported', `analyze: ${elements.join(', ')} ${model.family === 'laws' ? 'given by laws' : 'varying with t'}; poles and H(s) belong to linear time-invariant models`, {
      element: elements[0],
      field: model.family === 'laws' ? 'law' : 'value',
      elements,
      expected: model.family === 'laws' ? 'a linear description, or the linearisation at an operating point' : 'values without t',
    });
  }
  const ss = model.linear().numeric as StateSpace<number[][]>;
  if (ss.backend === 'sparse') throw new SysgraphError('unsupported', `analyze: ${model.name} is a large sparse model`, { element: model.name, field: 'size', expected: 'a model small enough for dense eigenvalues' });
  return { A: ss.A, B: ss.B, C: ss.C, D: ss.D, E: ss.E, states: ss.states, inputs: ss.inputs, outputs: ss.outputs };
}

export function analyze(model: CompiledModel, options: AnalyzeOptions = {}): Analysis {
  const m = numericModel(model);
  const out: { -readonly [K in keyof Analysis]: Analysis[K] } = { states: m.states, inputs: m.inputs, outputs: m.outputs, poles: poles(m) };
  if (m.inputs.length === 0 || m.outputs.length === 0) return out;
  try {
    out.dcGain = dcGain(m);
  } catch {
    // A singular: no DC gain
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
  return out;
}
