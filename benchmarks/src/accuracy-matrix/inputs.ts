/**
 * The inputs of the accuracy matrix, each as the engine's signal text and as the reference's description,
 * scaled to the family's span T:
 *
 *   step(1)                     u = H(t)
 *   step(1, 0.3T)               u = H(t − 0.3T)
 *   ramp(1, 0.05T)              u = (t)₊/r − (t − r)₊/r
 *   pwl(0,0, .1T,1, .4T,1, .5T,−.5, .7T,0)      a sum of ramps at the corners
 *   sine(1, 3/T)                u = sin(ωt) = (e^{iωt} − e^{−iωt})/(2i)
 *   1 − exp(−t/τ)·cos(2πt/P)    (an expression of t: the reference integrates it by quadrature)
 */
import type { Complex } from './scalar-response';
import { cadd, cmul, cx, exponentialResponse, quadratureResponse, rampResponse, stepResponse } from './scalar-response';

export interface InputCase {
  readonly name: string;
  /** The signal text simulate() parses. */
  signal(span: number): string;
  /** y(p, t) at each time for the unit-gain mode y' = p y + u. */
  response(p: Complex, times: Float64Array, span: number): Complex[];
}

/** u = Σ jump_i H(t − τ_i) + Σ slope_i (t − τ_i)₊ */
interface Kink {
  readonly tau: number;
  readonly jump: number;
  readonly slope: number;
}

function kinkResponse(kinks: readonly Kink[]) {
  return (p: Complex, times: Float64Array): Complex[] =>
    Array.from(times, (t) => {
      let y = cx(0);
      for (const k of kinks) {
        if (k.jump !== 0) {
          const s = stepResponse(p, k.tau, t);
          y = cadd(y, { re: k.jump * s.re, im: k.jump * s.im });
        }
        if (k.slope !== 0) {
          const r = rampResponse(p, k.tau, t);
          y = cadd(y, { re: k.slope * r.re, im: k.slope * r.im });
        }
      }
      return y;
    });
}

/** The kinks of pwl points (t_0 = 0, v_0 = 0): a slope change at every corner. */
function pwlKinks(points: readonly (readonly [number, number])[]): Kink[] {
  const kinks: Kink[] = [];
  let slope = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const next = (points[i + 1][1] - points[i][1]) / (points[i + 1][0] - points[i][0]);
    kinks.push({ tau: points[i][0], jump: 0, slope: next - slope });
    slope = next;
  }
  kinks.push({ tau: points[points.length - 1][0], jump: 0, slope: -slope });
  return kinks;
}

const num = (x: number) => String(x);

const pwlPoints = (T: number): [number, number][] => [
  [0, 0],
  [0.1 * T, 1],
  [0.4 * T, 1],
  [0.5 * T, -0.5],
  [0.7 * T, 0],
];

/** Sub-intervals of the expression's quadrature. */
const QUADRATURE_STEPS = 20000;

export const INPUTS: readonly InputCase[] = [
  { name: 'step', signal: () => 'step(1)', response: (p, times) => kinkResponse([{ tau: 0, jump: 1, slope: 0 }])(p, times) },
  {
    name: 'delayed step',
    signal: (T) => `step(1, ${num(0.3 * T)})`,
    response: (p, times, T) => kinkResponse([{ tau: 0.3 * T, jump: 1, slope: 0 }])(p, times),
  },
  {
    name: 'ramp',
    signal: (T) => `ramp(1, ${num(0.05 * T)})`,
    response: (p, times, T) =>
      kinkResponse([
        { tau: 0, jump: 0, slope: 1 / (0.05 * T) },
        { tau: 0.05 * T, jump: 0, slope: -1 / (0.05 * T) },
      ])(p, times),
  },
  {
    name: 'pwl',
    signal: (T) => `pwl(${pwlPoints(T).flat().map(num).join(', ')})`,
    response: (p, times, T) => kinkResponse(pwlKinks(pwlPoints(T)))(p, times),
  },
  {
    name: 'sine',
    signal: (T) => `sine(1, ${num(3 / T)})`,
    response: (p, times, T) => {
      // sin ωt = (e^{iωt} − e^{−iωt})/(2i)
      const w = (2 * Math.PI * 3) / T;
      const half = cx(0, -0.5);
      return Array.from(times, (t) => {
        const a = exponentialResponse(p, cx(0, w), t);
        const b = exponentialResponse(p, cx(0, -w), t);
        return cmul(half, { re: a.re - b.re, im: a.im - b.im });
      });
    },
  },
  {
    name: 'expression',
    signal: (T) => `1 - exp(-t / ${num(0.2 * T)}) * cos(2 * pi * t / ${num(0.5 * T)})`,
    response: (p, times, T) => quadratureResponse(p, (t) => 1 - Math.exp(-t / (0.2 * T)) * Math.cos((2 * Math.PI * t) / (0.5 * T)), times, QUADRATURE_STEPS),
  },
];
