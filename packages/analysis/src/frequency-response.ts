/**
 * frequencyResponse: H(jω) over log-spaced ω for one input/output pair: magnitude (dB) and phase
 * (degrees, unwrapped). O(points · n³).
 */
import type { NumericModel } from './numeric-model';
import { transferAt } from './transfer-at';

export interface FrequencyResponse {
  readonly omega: Float64Array;
  readonly magnitudeDb: Float64Array;
  readonly phaseDeg: Float64Array;
}

export function frequencyResponse(model: NumericModel, output: number, input: number, omegaMin: number, omegaMax: number, points = 200): FrequencyResponse {
  const omega = new Float64Array(points);
  const magnitudeDb = new Float64Array(points);
  const phaseDeg = new Float64Array(points);
  let last = 0;
  for (let k = 0; k < points; k++) {
    const w = omegaMin * Math.pow(omegaMax / omegaMin, points === 1 ? 0 : k / (points - 1));
    const h = transferAt(model, { re: 0, im: w })[output][input];
    omega[k] = w;
    magnitudeDb[k] = 20 * Math.log10(Math.hypot(h.re, h.im));
    let ph = (Math.atan2(h.im, h.re) * 180) / Math.PI;
    if (k > 0) while (ph - last > 180) ph -= 360;
    if (k > 0) while (ph - last < -180) ph += 360;
    phaseDeg[k] = last = ph;
  }
  return { omega, magnitudeDb, phaseDeg };
}
