/**
 * The error budget of an exponential run. The local errors of successive steps add up: in a passive network e^{tL}
 * carries an error on without growth, in an undamped one without decay, so the global error at t_end is bounded by
 * the sum of the local ones. A run is given the budget b_i = BUDGET·(atol + rtol·scale_i) per component; a step on
 * [t, t + σ] may spend
 *
 *   e_i ≤ share · (b_i − spent_i),   share = min(1/2, SHARE·σ/(t_end − t)), 1 for the last step (σ = t_end − t)
 *
 * of what is left. What is left shrinks by at most half per step before the last, which may take all of it, so
 * Σ e_i ≤ b_i whatever the number of steps (a fixed fraction per step, the rule before, grows with the number of
 * steps). b_i only grows (scale_i is the largest |x_i| so far), so what is left is never negative.
 */

/** The fraction of what is left of the budget a step of length σ from t may spend. */
export function stepShare(sigma: number, t: number, tEnd: number, share: number): number {
  return sigma >= tEnd - t ? 1 : Math.min(0.5, (share * sigma) / (tEnd - t));
}

/** What is left of a component's budget (never below 10⁻⁹ of it: a rounding-level estimate still passes). */
export function stepBudget(budget: number, spent: number): number {
  return Math.max(budget - spent, 1e-9 * budget);
}
