/**
 * solveLaw / solveOnInterval: the inverse of a scalar constitutive law, z with h(z) = target (formulation.md
 * section 12: "solve w(ξ) = w* for ξ (Newton, or bisection on the monotone branch)").
 * solveLaw: Newton from a guess; when Newton fails (a step leaves the law's domain, the slope is zero or not
 * finite — sqrt(|x|) at 0 — or it does not converge) a bracket is grown geometrically around the guess and
 * refined by safeguarded Newton (bisection whenever the Newton step leaves the bracket).
 * solveOnInterval: the same refinement on a given interval [a, b] (a parametric curve's), which must bracket
 * the target.
 */
export interface LawFunction {
  /** h(z) */
  value(z: number): number;
  /** h'(z) */
  slope(z: number): number;
  /**
   * h'(z), with h(z) of the same pass returned by `valueOfLastSlope` (optional: a law that computes its value on
   * the way to its slope — a compiled tape — gives Newton one pass per step instead of two; the values are the
   * very bits of `value`).
   */
  slopeWithValue?(z: number): number;
  valueOfLastSlope?(): number;
}

export interface SolveLawResult {
  readonly z: number;
  readonly converged: boolean;
}

const RELATIVE_TOLERANCE = 1e-14;
const MAX_NEWTON = 50;
const MAX_BRACKET_DOUBLINGS = 200;
const MAX_BISECTIONS = 1200;

const small = (step: number, z: number) => Math.abs(step) <= RELATIVE_TOLERANCE * (1 + Math.abs(z));

export function solveLaw(h: LawFunction, target: number, guess: number): SolveLawResult {
  if (!Number.isFinite(target)) return { z: Number.NaN, converged: false };
  // Newton: z ← z − r(z)/h'(z), while the slope is finite and nonzero (no closure here: this loop runs at every
  // evaluation of a model with an inverted law, and is all most calls do).
  let z = Number.isFinite(guess) ? guess : 0;
  // a law that leaves its value beside its slope gives both from one pass (the same numbers as value and slope)
  const onePass = h.slopeWithValue !== undefined && h.valueOfLastSlope !== undefined;
  for (let k = 0; k < MAX_NEWTON; k++) {
    const slopeOfPass = onePass ? h.slopeWithValue!(z) : 0;
    const r = (onePass ? h.valueOfLastSlope!() : h.value(z)) - target;
    if (r === 0) return { z, converged: true };
    const d = onePass ? slopeOfPass : h.slope(z);
    if (!Number.isFinite(r) || !Number.isFinite(d) || d === 0) break;
    const step = r / d;
    z -= step;
    if (small(step, z) && Number.isFinite(h.value(z) - target)) return { z, converged: true };
  }
  return bracketFrom(h, target, guess);
}

/** Newton failed: grow a bracket around the guess (geometrically) and refine it. */
function bracketFrom(h: LawFunction, target: number, guess: number): SolveLawResult {
  const residual = (z: number) => h.value(z) - target;

  // Bracket: grow [g − w, g + w] until r changes sign at finite values.
  const g = Number.isFinite(guess) ? guess : 0;
  const r0 = residual(g);
  if (r0 === 0) return { z: g, converged: true };
  if (!Number.isFinite(r0)) return { z: Number.NaN, converged: false };
  let w = Math.max(1, Math.abs(g));
  for (let k = 0; k < MAX_BRACKET_DOUBLINGS; k++, w *= 2) {
    for (const c of [g + w, g - w]) {
      const rc = residual(c);
      if (Number.isFinite(rc) && Math.sign(rc) !== Math.sign(r0)) return refine(h, target, Math.min(g, c), Math.max(g, c), 0.5 * (g + c));
    }
  }
  return { z: Number.NaN, converged: false };
}

export function solveOnInterval(h: LawFunction, target: number, interval: readonly [number, number], guess: number): SolveLawResult {
  const [a, b] = interval;
  const ra = h.value(a) - target;
  const rb = h.value(b) - target;
  if (ra === 0) return { z: a, converged: true };
  if (rb === 0) return { z: b, converged: true };
  if (!Number.isFinite(target) || !Number.isFinite(ra) || !Number.isFinite(rb) || Math.sign(ra) === Math.sign(rb)) return { z: Number.NaN, converged: false };
  return refine(h, target, a, b, guess > a && guess < b ? guess : 0.5 * (a + b));
}

/**
 * Safeguarded Newton on a bracket [lo, hi] whose ends have residuals of opposite signs: a Newton step that leaves
 * the bracket, or a bracket that has not halved over the last two steps, is replaced by bisection; a Newton step
 * below the tolerance ends the search (Newton converging from one side never shrinks the far end).
 */
function refine(h: LawFunction, target: number, lo: number, hi: number, start: number): SolveLawResult {
  const residual = (z: number) => h.value(z) - target;
  let rlo = residual(lo);
  let z = start;
  let width = hi - lo;
  let widthTwoAgo = Infinity;
  for (let k = 0; k < MAX_BISECTIONS; k++) {
    const r = residual(z);
    if (r === 0 || Math.abs(r) <= RELATIVE_TOLERANCE * Math.abs(target)) return { z, converged: true };
    if (Math.sign(r) === Math.sign(rlo)) {
      lo = z;
      rlo = r;
    } else {
      hi = z;
    }
    if (tight(lo, hi)) return { z, converged: true };
    const step = r / h.slope(z);
    const newton = z - step;
    const stalled = hi - lo > 0.5 * widthTwoAgo;
    widthTwoAgo = width;
    width = hi - lo;
    if (newton > lo && newton < hi && !stalled) {
      if (Math.abs(step) <= RELATIVE_TOLERANCE * Math.abs(newton)) return { z: newton, converged: true };
      z = newton;
    } else z = 0.5 * (lo + hi);
  }
  return { z, converged: tight(lo, hi) };
}

/** A bracket narrower than the tolerance relative to its ends (laws like sqrt(|x|) are steep at 0: no absolute floor). */
function tight(lo: number, hi: number): boolean {
  return hi - lo <= RELATIVE_TOLERANCE * Math.max(Math.abs(lo), Math.abs(hi)) || hi - lo < 1e-300;
}
