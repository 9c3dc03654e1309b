/**
 * JacobianUnavailable: neither the model's Jacobian nor a one-sided difference of f exists at this state — f is
 * not finite on either side of state `state` (a law evaluated outside its domain both ways). A typed
 * 'solver-failure' naming the state; simulate() catches it to switch an automatically chosen stiff solver to
 * dopri5, which needs no Jacobian.
 */
import { SysgraphError } from '@sysgraph/core';

export class JacobianUnavailable extends SysgraphError {
  readonly state: string;
  readonly t: number;
  constructor(state: string, t: number, why: string) {
    super('solver-failure', `the Jacobian ∂f/∂${state} is not available at t = ${t}: ${why}, and f is not finite on either side of ${state} = its value there`, {
      element: state,
      field: 'jacobian',
      expected: `a law finite on one side at least of the state ${state}, or the solver dopri5 (needs no Jacobian)`,
    });
    this.name = 'JacobianUnavailable';
    this.state = state;
    this.t = t;
  }
}
