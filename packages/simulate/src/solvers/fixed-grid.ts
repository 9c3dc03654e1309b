/** Uniform sub-steps of a segment for the fixed-step solvers: k = ⌈(t1 − t0)/dt⌉ steps of (t1 − t0)/k ≤ dt. */
export function fixedStepCount(t0: number, t1: number, dt: number): number {
  return Math.max(1, Math.ceil(((t1 - t0) / dt) * (1 - 1e-12)));
}

/** The default fixed step when none is given: 1/1000 of the span. */
export function defaultFixedStep(tStart: number, tEnd: number): number {
  return (tEnd - tStart) / 1000;
}
