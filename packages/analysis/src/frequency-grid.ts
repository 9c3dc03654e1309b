/**
 * frequencyGrid: log-spaced ω covering the dynamics — from a decade below the smallest nonzero |pole| or |zero|
 * to a decade above the largest (1e-2 … 1e2 rad/s when there are none) — and frequencyResponses: H(jω) of every
 * output–input pair on a grid, magnitude in dB and phase in degrees unwrapped along ω, from one complex LU of
 * (jωI − A) per point (transferAt). O(points · (n³ + n²m)).
 */
import type { Complex } from './complex';
import type { NumericModel } from './numeric-model';
import { transferAt } from './transfer-at';

export function frequencyGrid(points: readonly Complex[], count = 400): Float64Array {
  const sizes = points.map((z) => Math.hypot(z.re, z.im)).filter((r) => r > 1e-12 && Number.isFinite(r));
  const lo = sizes.length > 0 ? Math.min(...sizes) / 10 : 1e-2;
  const hi = sizes.length > 0 ? Math.max(...sizes) * 10 : 1e2;
  return logGrid(lo, hi === lo ? lo * 100 : hi, count);
}

export function logGrid(omegaMin: number, omegaMax: number, count: number): Float64Array {
  const omega = new Float64Array(count);
  for (let k = 0; k < count; k++) omega[k] = omegaMin * Math.pow(omegaMax / omegaMin, count === 1 ? 0 : k / (count - 1));
  return omega;
}

export interface PairResponse {
  readonly output: number;
  readonly input: number;
  readonly magnitudeDb: Float64Array;
  readonly phaseDeg: Float64Array;
}

export function frequencyResponses(model: NumericModel, omega: Float64Array): PairResponse[] {
  const ny = model.C.length;
  const nu = model.B[0]?.length ?? model.D[0]?.length ?? 0;
  const pairs: PairResponse[] = [];
  for (let i = 0; i < ny; i++) for (let j = 0; j < nu; j++) pairs.push({ output: i, input: j, magnitudeDb: new Float64Array(omega.length), phaseDeg: new Float64Array(omega.length) });
  omega.forEach((w, k) => {
    let H: Complex[][] | undefined;
    try {
      H = transferAt(model, { re: 0, im: w });
    } catch {
      H = undefined; // jω is a pole (an undamped mode exactly on the grid): no value there
    }
    for (const p of pairs) {
      if (!H) {
        p.magnitudeDb[k] = NaN;
        p.phaseDeg[k] = k > 0 ? p.phaseDeg[k - 1] : NaN;
        continue;
      }
      const h = H[p.output][p.input];
      p.magnitudeDb[k] = 20 * Math.log10(Math.hypot(h.re, h.im));
      let ph = (Math.atan2(h.im, h.re) * 180) / Math.PI;
      if (k > 0 && Number.isFinite(p.phaseDeg[k - 1])) {
        const last = p.phaseDeg[k - 1];
        while (ph - last > 180) ph -= 360;
        while (ph - last < -180) ph += 360;
      }
      p.phaseDeg[k] = ph;
    }
  });
  return pairs;
}
