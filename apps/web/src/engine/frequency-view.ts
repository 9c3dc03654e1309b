/**
 * frequencyView: the linear model's poles and zeros (the engine's analyze with zeros) and the magnitude (dB) and
 * phase (degrees, unwrapped) of every output–input pair on a log grid of ω covering them (packages/analysis'
 * frequencyGrid and frequencyResponses). Poles and H(jω) do not depend on the state choice or the formulation.
 */
import { frequencyGrid, frequencyResponses } from '@sysgraph/analysis';
import type { Complex } from '@sysgraph/analysis';
import { analyze, numericModel } from '@sysgraph/engine';
import type { CompiledModel } from '@sysgraph/engine';
import type { FrequencyView } from './protocol';

/** Points of the frequency grid. */
export const FREQUENCY_POINTS = 400;

export function frequencyView(compiled: CompiledModel): FrequencyView {
  const a = analyze(compiled, { zeros: true });
  const zeros = (a.zeros ?? []).flatMap((row, i) => row.map((z, j) => ({ output: a.outputs[i], input: a.inputs[j], zeros: z ? [...z] : [] })));
  const points: Complex[] = [...a.poles, ...zeros.flatMap((z) => z.zeros)];
  const omega = frequencyGrid(points, FREQUENCY_POINTS);
  const pairs = a.inputs.length > 0 && a.outputs.length > 0 ? frequencyResponses(numericModel(compiled), omega) : [];
  return {
    poles: [...a.poles],
    zeros,
    omega,
    pairs: pairs.map((p) => ({ output: a.outputs[p.output], input: a.inputs[p.input], magnitudeDb: p.magnitudeDb, phaseDeg: p.phaseDeg })),
    ...(a.dcGain ? { dcGain: a.dcGain.map((r) => [...r]) } : {}),
  };
}
