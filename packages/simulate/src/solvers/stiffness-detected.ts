/**
 * StiffnessDetected: dopri5's stiffness test (Hairer, Nørsett & Wanner, Solving ODEs I, II.10, the code DOPRI5)
 * fired after an accepted step when the caller asked for it (SolverSettings.stiffnessCheck). With the stages
 * k6 = f(t+h, ŷ) and k7 = f(t+h, y1) of the step, h·λ ≈ h ‖k7 − k6‖ / ‖y1 − ŷ‖ estimates h times the dominant
 * eigenvalue; above 3.25 (the border of dopri5's stability region) for 15 accepted steps, the step length is set
 * by stability, not accuracy. Not an error for the user: simulate() catches it and continues with the stiff solver
 * from the end of that step, t (the state is already advanced there).
 */
export class StiffnessDetected extends Error {
  constructor(
    readonly t: number,
    readonly hLambda: number,
  ) {
    super(`dopri5's stiffness test: h·|λ| ≈ ${hLambda.toPrecision(3)} > 3.25 on 15 accepted steps by t = ${t}`);
    this.name = 'StiffnessDetected';
  }
}

/** h·|λ| above this on STIFF_STEPS accepted steps (with fewer than NONSTIFF_STEPS in a row below it) is stiff. */
export const STIFF_H_LAMBDA = 3.25;
export const STIFF_STEPS = 15;
export const NONSTIFF_STEPS = 6;
