/**
 * The exact zero-state response y(t) of one mode y' = p y + u(t), y(0) = 0, p complex, for the inputs of the
 * accuracy matrix, through the φ-functions of exponential integrators (Hochbruck & Ostermann, Acta Numerica 2010):
 *
 *   φ1(z) = (e^z − 1)/z,  φ2(z) = (e^z − 1 − z)/z²,  φ3(z) = (e^z − 1 − z − z²/2)/z³
 *   u = H(t − τ)          ⇒ y = (t − τ) φ1(p (t − τ))            (t > τ, else 0)
 *   u = (t − τ)₊          ⇒ y = (t − τ)² φ2(p (t − τ))
 *   u = e^{νt}            ⇒ y = t e^{pt} φ1((ν − p) t)  near resonance (|ν − p| t < 1), (e^{νt} − e^{pt})/(ν − p) else
 *   u smooth (expression) ⇒ y_{j+1} = e^{ph} y_j + h u_0 φ1 + h² d_1 φ2 + 2h³ d_2 φ3   (u ≈ u_0 + d_1 s + d_2 s²
 *                            on each of many sub-intervals, interpolated at 0, h/2, h: local error O(h⁴ u‴))
 *
 * Written for the reference only: no code of the engine is used.
 */

export interface Complex {
  re: number;
  im: number;
}

export const cx = (re: number, im = 0): Complex => ({ re, im });
export const cadd = (a: Complex, b: Complex): Complex => ({ re: a.re + b.re, im: a.im + b.im });
export const cmul = (a: Complex, b: Complex): Complex => ({ re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re });
export const cscale = (a: Complex, s: number): Complex => ({ re: a.re * s, im: a.im * s });
export const cdiv = (a: Complex, b: Complex): Complex => {
  const d = b.re * b.re + b.im * b.im;
  return { re: (a.re * b.re + a.im * b.im) / d, im: (a.im * b.re - a.re * b.im) / d };
};
export const cexp = (z: Complex): Complex => {
  const m = Math.exp(z.re);
  return { re: m * Math.cos(z.im), im: m * Math.sin(z.im) };
};

const SERIES_BELOW = 1;
/** |z|^30/33! < 1e-36 for |z| < 1. */
const TERMS = 30;

/** φ_q(z) = Σ_{k≥0} z^k/(k + q)!, q = 1, 2, 3: the series for |z| < 1, the recurrence φ_{q+1} = (φ_q − 1/q!)/z above. */
export function phi(q: 1 | 2 | 3, z: Complex): Complex {
  const r = Math.hypot(z.re, z.im);
  if (r < SERIES_BELOW) {
    let fact = 1;
    for (let k = 2; k <= q; k++) fact *= k;
    let term = cx(1 / fact);
    let sum = { ...term };
    for (let k = 1; k < TERMS; k++) {
      term = cscale(cmul(term, z), 1 / (k + q));
      sum = cadd(sum, term);
    }
    return sum;
  }
  // e^z − 1 without cancellation: expm1(x) cos y − 2 sin²(y/2) + i e^x sin y
  const s = Math.sin(z.im / 2);
  const em1 = { re: Math.expm1(z.re) * Math.cos(z.im) - 2 * s * s, im: Math.exp(z.re) * Math.sin(z.im) };
  let f = cdiv(em1, z);
  let fact = 1;
  for (let k = 2; k <= q; k++) {
    f = cdiv(cadd(f, cx(-1 / fact)), z);
    fact *= k;
  }
  return f;
}

/** Response to the unit step H(t − τ). */
export function stepResponse(p: Complex, tau: number, t: number): Complex {
  if (t <= tau) return cx(0);
  const s = t - tau;
  return cscale(phi(1, cscale(p, s)), s);
}

/** Response to the unit ramp (t − τ)₊. */
export function rampResponse(p: Complex, tau: number, t: number): Complex {
  if (t <= tau) return cx(0);
  const s = t - tau;
  return cscale(phi(2, cscale(p, s)), s * s);
}

/** Response to e^{νt} from t = 0. */
export function exponentialResponse(p: Complex, nu: Complex, t: number): Complex {
  const z = { re: (nu.re - p.re) * t, im: (nu.im - p.im) * t };
  // far from resonance (e^{νt} − e^{pt})/(ν − p) directly: e^{pt} φ1(z) would be 0 · ∞ for a fast mode
  if (Math.hypot(z.re, z.im) >= 1) {
    const a = cexp(cscale(nu, t));
    const b = cexp(cscale(p, t));
    return cdiv({ re: a.re - b.re, im: a.im - b.im }, { re: nu.re - p.re, im: nu.im - p.im });
  }
  return cscale(cmul(cexp(cscale(p, t)), phi(1, z)), t);
}

/**
 * Response to a smooth u at the times `times` (ascending, ≥ 0), by `steps` sub-intervals of [0, max(times)]
 * with u quadratic on each (exact φ weights): the times are met exactly by splitting the sub-interval they fall in.
 */
export function quadratureResponse(p: Complex, u: (t: number) => number, times: Float64Array, steps: number): Complex[] {
  const tEnd = times[times.length - 1];
  const out: Complex[] = [];
  if (!(tEnd > 0)) return Array.from(times, () => cx(0));
  const h = tEnd / steps;
  const weights = (len: number) => {
    const z = cscale(p, len);
    return { e: cexp(z), w1: cscale(phi(1, z), len), w2: cscale(phi(2, z), len * len), w3: cscale(phi(3, z), 2 * len * len * len) };
  };
  const full = weights(h);
  const advance = (y: Complex, t0: number, len: number, w: ReturnType<typeof weights>): Complex => {
    const u0 = u(t0);
    const um = u(t0 + len / 2);
    const u1 = u(t0 + len);
    // u ≈ u0 + d1 s + d2 s² through (0, u0), (len/2, um), (len, u1)
    const d1 = (-3 * u0 + 4 * um - u1) / len;
    const d2 = (2 * u0 - 4 * um + 2 * u1) / (len * len);
    let r = cmul(w.e, y);
    r = cadd(r, cscale(w.w1, u0));
    r = cadd(r, cscale(w.w2, d1));
    return cadd(r, cscale(w.w3, d2));
  };
  let y = cx(0);
  let t = 0;
  let j = 0;
  for (let k = 0; k < times.length; k++) {
    const target = times[k];
    // whole sub-intervals up to the one holding the target
    while ((j + 1) * h <= target * (1 + 1e-15) && j < steps) {
      y = advance(y, t, (j + 1) * h - t, t === j * h ? full : weights((j + 1) * h - t));
      j++;
      t = j * h;
    }
    if (target > t) out.push(advance(y, t, target - t, weights(target - t)));
    else out.push(y);
  }
  return out;
}
