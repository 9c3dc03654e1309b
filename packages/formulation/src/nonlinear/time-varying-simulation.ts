/**
 * timeVaryingSimulationModel: the simulator's model of a linear time-varying system (formulation.md section 11,
 * TimeVaryingModel.model) with units (modelUnits) and, in the charge-flux form, the physical states appended to
 * the outputs,
 *   x = X(t) s + Xu(t) u      (v_C, i_L from the charges and flux linkages: x = E⁻¹ (p + B1 u))
 * so that the traces of both forms share the physical variables (the across-through form's states are x).
 */
import type { SystemDescription } from '@sysgraph/description';
import type { TimeVaryingModel } from '../time-varying/time-varying-model';
import { modelUnits } from './model-units';
import type { SimulationModelWithUnits, StateQuantityOf } from './model-units';

/** v_<id> → the element's across variable, i_<id> → its through variable (the linear formulation's state names). */
function physicalQuantity(name: string): StateQuantityOf {
  return { element: name.slice(2), quantity: name.startsWith('v_') ? 'across' : 'through' };
}

export function timeVaryingSimulationModel(desc: SystemDescription, tv: TimeVaryingModel): SimulationModelWithUnits {
  const physical = tv.physicalStates.map(physicalQuantity);
  const charge = tv.form === 'charge-flux';
  const states = charge ? physical.map((x) => ({ element: x.element, quantity: x.quantity === 'across' ? 'charge' : 'flux' })) : physical;
  const units = modelUnits(desc, states);
  const inner = tv.model;
  if (!charge) return { ...inner, stateUnits: units.states, outputUnits: units.outputs };
  const taken = new Set(tv.outputs);
  const extra = tv.physicalStates.map((name) => {
    let unique = name;
    while (taken.has(unique)) unique = `${unique}'`;
    taken.add(unique);
    return unique;
  });
  const p = tv.outputs.length;
  const own = new Float64Array(p);
  return {
    kind: 'nonlinear',
    stateNames: inner.stateNames,
    inputNames: inner.inputNames,
    outputNames: [...tv.outputs, ...extra],
    stateUnits: units.states,
    outputUnits: [...units.outputs, ...modelUnits(desc, physical).states],
    f: (t, x, u, du, dxdt) => inner.f(t, x, u, du, dxdt),
    g(t, x, u, du, y) {
      inner.g(t, x, u, du, own);
      y.set(own);
      y.set(tv.toPhysical(t, x, u), p);
    },
    jacobian: (t, x, u, du) => inner.jacobian(t, x, u, du),
  };
}
