/**
 * lineariseAt: linearise (formulation.md section 12) with a stopping tolerance scaled to the model. linearise
 * stops when ‖f‖∞ ≤ tol·(1 + ‖x‖∞); f carries the rates of the system (1/RC = 10³/s and more in a circuit),
 * so its rounding error is about ε·‖∂f/∂x‖·‖x‖ and an absolute 1e-12 can be out of reach. Here
 *   tol = 1e-12 · max(1, ‖∂f/∂x‖∞ at the guess).
 */
import { linearise } from '@sysgraph/formulation';
import type { Linearisation, LinearisationOptions, NonlinearResult } from '@sysgraph/formulation';

export function lineariseAt(nl: NonlinearResult, opts: LinearisationOptions): Linearisation {
  const sys = nl.system;
  const x = sys.states.map((s) => opts.guess?.[s.name] ?? 0);
  const u = sys.inputs.map((name) => opts.inputs?.[name] ?? 0);
  let scale = 1;
  try {
    const A = nl.evaluate.jacobians(opts.time ?? 0, x, u).A;
    for (const row of A) scale = Math.max(scale, row.reduce((s, v) => s + Math.abs(v), 0));
  } catch {
    // the guess is outside a law's domain: linearise reports it
  }
  return linearise(nl, { ...opts, tolerance: opts.tolerance ?? 1e-12 * (Number.isFinite(scale) ? scale : 1) });
}
