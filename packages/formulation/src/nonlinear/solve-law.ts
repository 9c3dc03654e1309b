/**
 * solveLaw: the inverse of a scalar constitutive law, z with h(z) = target (formulation.md section 12:
 * "solve w(ξ) = w* for ξ (Newton, or bisection on the monotone branch)"). Newton from a guess; when Newton
 * fails (a step leaves the law's domain or does not converge) a bracket is grown geometrically around the guess
 * and refined by safeguarded Newton (bisection whenever the Newton step leaves the bracket).
 */
export interface LawFunction {
  /** h(z) */
  value(z: number): number;
  /** h'(z) */
  slope(z: number): number;
}

export interface SolveLawResult {
  readonly z: number;
  readonly converged: boolean;
}

const RELATIVE_TOLERANCE = 1e-14;
const MAX_NEWTON = 50;
const MAX_BRACKET_DOUBLINGS = 200;
const MAX_BISECTIONS = 400;

export function solveLaw(h: LawFunction, target: number, guess: number): SolveLawResult {
  if (!Number.isFinite(target)) return { z: Number.NaN, converged: false };
  const residual = (z: number) => h.value(z) - target;
  const small = (step: number, z: number) => Math.abs(step) <= RELATIVE_TOLERANCE * (1 + Math.abs(z));

  // Newton: z ← z − r(z)/h'(z).
  let z = Number.isFinite(guess) ? guess : 0;
  for (let k = 0; k < MAX_NEWTON; k++) {
    const r = residual(z);
    if (r === 0) return { z, converged: true };
    const d = h.slope(z);
    const step = r / d;
    if (!Number.isFinite(step) || !Number.isFinite(r)) break;
    z -= step;
    if (small(step, z) && Number.isFinite(residual(z))) return { z, converged: true };
  }

  // Bracket: grow [g − w, g + w] until r changes sign at finite values.
  const g = Number.isFinite(guess) ? guess : 0;
  let w = Math.max(1, Math.abs(g));
  let lo = Number.NaN;
  let hi = Number.NaN;
  const r0 = residual(g);
  if (r0 === 0) return { z: g, converged: true };
  for (let k = 0; k < MAX_BRACKET_DOUBLINGS && Number.isNaN(lo); k++, w *= 2) {
    for (const c of [g + w, g - w]) {
      const rc = residual(c);
      if (Number.isFinite(rc) && Number.isFinite(r0) && Math.sign(rc) !== Math.sign(r0)) {
        lo = Math.min(g, c);
        hi = Math.max(g, c);
        break;
      }
    }
  }
  if (Number.isNaN(lo)) return { z: Number.NaN, converged: false };
  let rlo = residual(lo);
  z = 0.5 * (lo + hi);
  for (let k = 0; k < MAX_BISECTIONS; k++) {
    const r = residual(z);
    if (r === 0) return { z, converged: true };
    if (Math.sign(r) === Math.sign(rlo)) {
      lo = z;
      rlo = r;
    } else {
      hi = z;
    }
    if (small(hi - lo, z)) return { z, converged: true };
    const newton = z - r / h.slope(z);
    z = newton > lo && newton < hi ? newton : 0.5 * (lo + hi);
  }
  return { z, converged: small(hi - lo, z) };
}
