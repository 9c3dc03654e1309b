/**
 * rampResponse: the exact zero-state response of one mode q' = μ q + u(t) to the unit ramp u(t) = min(t/τ, 1),
 * for real or complex μ, through the φ-functions of exponential integrators (Hochbruck & Ostermann 2010):
 *
 *   φ1(z) = (e^z − 1)/z,   φ2(z) = (e^z − 1 − z)/z²
 *   t ≤ τ:  q(t) = t²/τ · φ2(μt)
 *   t > τ:  q(t) = e^{μ(t−τ)} q(τ) + (t − τ) φ1(μ(t − τ))
 *
 * φ1, φ2 are summed as series for |z| < 1/2 (no cancellation at μ → 0), in closed form otherwise.
 */

export interface Complex {
  re: number;
  im: number;
}

const SERIES_BELOW = 0.5;
const TERMS = 18; // |z|^18/20! < 1e-23 for |z| < 1/2

/** φ_p(z) = Σ_{k≥0} z^k/(k+p)! for p = 1, 2 (real). */
function phiSeries(z: number, p: 1 | 2): number {
  let fact = p === 1 ? 1 : 2;
  let term = 1 / fact;
  let sum = term;
  for (let k = 1; k < TERMS; k++) {
    term *= z / (k + p);
    sum += term;
  }
  return sum;
}

export function phi1(z: number): number {
  return Math.abs(z) < SERIES_BELOW ? phiSeries(z, 1) : Math.expm1(z) / z;
}

export function phi2(z: number): number {
  return Math.abs(z) < SERIES_BELOW ? phiSeries(z, 2) : (Math.expm1(z) - z) / (z * z);
}

/** Unit ramp response of q' = μ q + u, real μ. */
export function rampResponse(mu: number, rise: number, t: number): number {
  if (t <= rise) return ((t * t) / rise) * phi2(mu * t);
  const s = t - rise;
  return Math.exp(mu * s) * rise * phi2(mu * rise) + s * phi1(mu * s);
}

// ---- complex arithmetic on {re, im} --------------------------------------------------------------------------

const mul = (a: Complex, b: Complex): Complex => ({ re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re });
const div = (a: Complex, b: Complex): Complex => {
  const d = b.re * b.re + b.im * b.im;
  return { re: (a.re * b.re + a.im * b.im) / d, im: (a.im * b.re - a.re * b.im) / d };
};
const cexp = (z: Complex): Complex => {
  const m = Math.exp(z.re);
  return { re: m * Math.cos(z.im), im: m * Math.sin(z.im) };
};
/** e^z − 1 without cancellation for small |z|: expm1(x) cos y − 2 sin²(y/2) + i e^x sin y. */
const cexpm1 = (z: Complex): Complex => {
  const s = Math.sin(z.im / 2);
  return { re: Math.expm1(z.re) * Math.cos(z.im) - 2 * s * s, im: Math.exp(z.re) * Math.sin(z.im) };
};

function cphiSeries(z: Complex, p: 1 | 2): Complex {
  let term: Complex = { re: p === 1 ? 1 : 0.5, im: 0 };
  const sum = { ...term };
  for (let k = 1; k < TERMS; k++) {
    term = mul(term, { re: z.re / (k + p), im: z.im / (k + p) });
    sum.re += term.re;
    sum.im += term.im;
  }
  return sum;
}

export function cphi1(z: Complex): Complex {
  return Math.hypot(z.re, z.im) < SERIES_BELOW ? cphiSeries(z, 1) : div(cexpm1(z), z);
}

export function cphi2(z: Complex): Complex {
  if (Math.hypot(z.re, z.im) < SERIES_BELOW) return cphiSeries(z, 2);
  const e = cexpm1(z);
  return div({ re: e.re - z.re, im: e.im - z.im }, mul(z, z));
}

/** Unit ramp response of q' = μ q + u, complex μ. */
export function complexRampResponse(mu: Complex, rise: number, t: number): Complex {
  if (t <= rise) {
    const p = cphi2({ re: mu.re * t, im: mu.im * t });
    return { re: ((t * t) / rise) * p.re, im: ((t * t) / rise) * p.im };
  }
  const s = t - rise;
  const q = cphi2({ re: mu.re * rise, im: mu.im * rise });
  const e = mul(cexp({ re: mu.re * s, im: mu.im * s }), { re: rise * q.re, im: rise * q.im });
  const f = cphi1({ re: mu.re * s, im: mu.im * s });
  return { re: e.re + s * f.re, im: e.im + s * f.im };
}
