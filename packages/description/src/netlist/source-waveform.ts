/**
 * The transient waveforms of independent sources (ngspice manual section 4.1) as signals of the simulate
 * package (packages/simulate/src/signals/parse-signal.ts), mapped only where the mapping is exact:
 *   PWL(t1 v1 t2 v2 …)                 → pwl(t1, v1, …)  (held at v1 before t1 and at the last value after: same)
 *   SIN(vo va [f [td [θ [φ]]]])        → sine(va, f, φ·π/180, vo)                       when td = θ = 0
 *        v = vo + va·e^(−θ·τ)·sin(2π f τ + φ), τ = max(t − td, 0)  (an expression of t)  when φ = 0 or td = 0
 *   PULSE(v1 v2 [td [tr [tf [pw [per [np]]]]]]) → pwl through the corners of every period that starts before tstop:
 *        (td + k·per, v1), (+tr, v2), (+tr + pw, v2), (+tr + pw + tf, v1)
 * Defaults as ngspice applies them: f = 1/tstop; tr, tf = tstep and pw, per = tstop when omitted or zero.
 * A SIN with both a delay and a phase (whose value before td differs between SPICE versions), overlapping pulse
 * periods, or more than MAX_PULSE_PERIODS periods are 'unsupported'. Cost: O(#arguments + #periods).
 */
import type { TranCard } from './netlist-types';

export const MAX_PULSE_PERIODS = 100000;

/** The numbers of a signal's text: shortest round-trip form, so the text gives back the same doubles. */
const num = (x: number): string => String(x);

export type WaveformResult = { readonly signal: string } | { readonly error: string; readonly expected: string; readonly needsTran?: boolean; readonly unsupported?: boolean };

export function waveformSignal(spice: 'pwl' | 'sin' | 'pulse', a: readonly number[], tran: TranCard | undefined): WaveformResult {
  if (spice === 'pwl') {
    if (a.length < 2 || a.length % 2 !== 0) return { error: `PWL needs pairs t v, got ${a.length} numbers`, expected: 'PWL(t1 v1 t2 v2 …)' };
    for (let k = 2; k < a.length; k += 2) {
      if (a[k] < a[k - 2]) return { error: `PWL times decrease (${a[k]} after ${a[k - 2]})`, expected: 'nondecreasing times' };
    }
    return { signal: `pwl(${a.map(num).join(', ')})` };
  }
  if (spice === 'sin') return sinSignal(a, tran);
  return pulseSignal(a, tran);
}

function sinSignal(a: readonly number[], tran: TranCard | undefined): WaveformResult {
  if (a.length < 2 || a.length > 6) return { error: `SIN takes 2 to 6 numbers, got ${a.length}`, expected: 'SIN(vo va [freq [td [theta [phase]]]])' };
  const [vo, va, given = 0, td = 0, theta = 0, degrees = 0] = a;
  if (given === 0 && tran === undefined) {
    return { error: 'SIN without a frequency needs .tran (its default is 1/tstop)', expected: 'a frequency, or a .tran card', needsTran: true };
  }
  const f = given !== 0 ? given : 1 / (tran as TranCard).tstop;
  const phase = (degrees * Math.PI) / 180;
  if (td === 0 && theta === 0) {
    // u(t) = vo + va·sin(2π f t + φ): sine(amplitude, frequency, phase, offset)
    const args = [va, f];
    if (phase !== 0 || vo !== 0) args.push(phase);
    if (vo !== 0) args.push(vo);
    return { signal: `sine(${args.map(num).join(', ')})` };
  }
  if (td !== 0 && phase !== 0) {
    return {
      error: 'SIN with both a delay and a phase is not supported',
      expected: 'td = 0 or phase = 0 (the value before td differs between SPICE versions)',
      unsupported: true,
    };
  }
  // v = vo + va·e^(−θ τ)·sin(2π f τ + φ), τ = max(t − td, 0): vo before td (φ = 0 there).
  const tau = `max(t - ${num(td)}, 0)`;
  const damping = theta === 0 ? '' : `exp(${num(-theta)} * ${tau}) * `;
  const phaseText = phase === 0 ? '' : ` + ${num(phase)}`;
  return { signal: `${num(vo)} + ${num(va)} * ${damping}sin(${num(2 * Math.PI * f)} * ${tau}${phaseText})` };
}

function pulseSignal(a: readonly number[], tran: TranCard | undefined): WaveformResult {
  if (a.length < 2 || a.length > 8) return { error: `PULSE takes 2 to 8 numbers, got ${a.length}`, expected: 'PULSE(v1 v2 [td [tr [tf [pw [per [np]]]]]])' };
  if (tran === undefined) {
    return { error: 'PULSE needs .tran (its default times are tstep and tstop)', expected: 'a .tran card', needsTran: true };
  }
  const [v1, v2, td = 0, trGiven = 0, tfGiven = 0, pwGiven = 0, perGiven = 0, np = 0] = a;
  const tr = trGiven !== 0 ? trGiven : tran.tstep;
  const tf = tfGiven !== 0 ? tfGiven : tran.tstep;
  const pw = pwGiven !== 0 ? pwGiven : tran.tstop;
  const per = perGiven !== 0 ? perGiven : tran.tstop;
  if (!(tr > 0 && tf > 0 && pw > 0 && per > 0 && td >= 0 && np >= 0 && Number.isInteger(np))) {
    return { error: 'PULSE times must be positive (td ≥ 0, np a whole number ≥ 0)', expected: 'td ≥ 0, tr, tf, pw, per > 0' };
  }
  const periods = Math.max(1, Math.ceil((tran.tstop - td) / per));
  const count = np > 0 ? Math.min(np, periods) : periods;
  if (count > 1 && tr + pw + tf > per) {
    return { error: `PULSE periods overlap (tr + pw + tf = ${tr + pw + tf} > per = ${per})`, expected: 'tr + pw + tf ≤ per', unsupported: true };
  }
  if (count > MAX_PULSE_PERIODS) {
    return { error: `PULSE repeats ${count} times before tstop`, expected: `at most ${MAX_PULSE_PERIODS} periods`, unsupported: true };
  }
  const points: number[] = [];
  for (let k = 0; k < count; k++) {
    const t0 = td + k * per;
    points.push(t0, v1, t0 + tr, v2, t0 + tr + pw, v2, t0 + tr + pw + tf, v1);
  }
  return { signal: `pwl(${points.map(num).join(', ')})` };
}
