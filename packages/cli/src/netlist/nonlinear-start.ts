/**
 * nonlinearNetlistStart: the start of a netlist whose description has laws (nonlinear devices), by state name:
 * without uic and without .ic, the DC operating point f(x*, u(0⁻)) = 0 by damped Newton (formulation's
 * linearise, from the zero state); with uic or .ic, not supported here: the zero state (or --initial), with a
 * note. Newton finding no isolated equilibrium is 'no-operating-point' naming the states.
 */
import { SysgraphError, isSysgraphError } from '@sysgraph/core';
import { linearise } from '@sysgraph/formulation';
import type { NonlinearResult } from '@sysgraph/formulation';
import type { NetlistStart } from './netlist-defaults';
import { NO_OPERATING_POINT_EXPECTED } from './operating-point';

export function nonlinearNetlistStart(result: NonlinearResult, u0: Readonly<Record<string, number>>, start: NetlistStart, note?: (line: string) => void): Record<string, number> {
  const states = result.system.states.map((s) => s.name);
  if (start.uic || start.initial.nodes.length > 0 || start.initial.elements.length > 0) {
    note?.('initial state: zero (or --initial): .ic, IC= and uic are applied to linear netlists only');
    return {};
  }
  try {
    const lin = linearise(result, { inputs: u0 });
    note?.(`initial state: the DC operating point (Newton, ${lin.iterations} iterations; .tran without uic)`);
    return Object.fromEntries(states.map((name, i) => [name, lin.x[i]]));
  } catch (e) {
    if (!isSysgraphError(e) || (e.code !== 'singular-matrix' && e.code !== 'solver-failure')) throw e;
    throw new SysgraphError('no-operating-point', `no DC operating point: ${e.message}`, {
      field: 'initial',
      elements: states,
      expected: NO_OPERATING_POINT_EXPECTED,
    });
  }
}
