/**
 * withJacobian: a nonlinear model with its Jacobian wrapped (to watch or mark its uses) and every other member as
 * it is, accessors included: a spread would read them, and the units of a network model (buildNonlinear) are made
 * on first read, 10^4 state records that a run recording outputs never needs.
 */
import type { NonlinearModel } from '@sysgraph/simulate';

export function withJacobian(model: NonlinearModel, jacobian: NonlinearModel['jacobian']): NonlinearModel {
  const members = Object.getOwnPropertyDescriptors(model);
  members.jacobian = { value: jacobian, enumerable: true, configurable: true, writable: true };
  return Object.defineProperties({}, members) as NonlinearModel;
}
