/**
 * The engine's nonlinear model passes the network model's hooks on: the static solver's counters (staticWork) and
 * the states the outputs read (outputStates), so that simulate samples only those and reports the counters.
 * The oracle is the netlist itself: it has no outputs, so g reads no state; its laws are explicit (no Newton).
 */
import { describe, expect, it } from 'vitest';
import type { NonlinearModel } from '@sysgraph/simulate';
import { compile, simulate } from '../src/index';
import { buildNonlinear } from '../src/nonlinear/build-nonlinear';
import { withJacobian } from '../src/simulation/with-jacobian';
import { readSpiceNetlist } from '@sysgraph/description';

const netlist = [
  '* two diode-clamped RC sections',
  'V1 n0 0 PWL(0 0 1u 5)',
  'R1 n0 n1 1k',
  'C1 n1 0 1n',
  'D1 n1 0 dclamp',
  'R2 n1 n2 1k',
  'C2 n2 0 1n',
  'D2 n2 0 dclamp',
  '.model dclamp D(IS=1e-12 N=1)',
  '.tran 10n 2u',
  '.end',
].join('\n');

describe('the engine forwards the network model hooks', () => {
  it('outputStates and staticWork reach the simulation model; the run reports the counters', () => {
    const compiled = compile(netlist, { format: 'spice' } as never);
    const model = compiled.simulation as NonlinearModel;
    expect(model.kind).toBe('nonlinear');
    expect(model.outputStates).toBeDefined();
    expect(model.staticWork).toBeDefined();
    // no outputs in this netlist (the command adds its probes): g reads no state at all
    expect(model.outputNames).toEqual([]);
    expect(Array.from(model.outputStates!() ?? [-1])).toEqual([]);
    const run = simulate(compiled, { tEnd: 2e-6, record: ['v_C2'], samples: 11 } as never);
    expect(run.result.stats.staticNewtonIterations).toBe(0);
    expect(Number.isInteger(run.result.stats.lawInversions)).toBe(true);
  });
});

describe('units made on first read', () => {
  const desc = readSpiceNetlist(`${netlist.replace('.end', '.save v(n1) i(R2)\n.end')}`).description;

  it('the states and outputs carry the units of their variables (volts, amperes), read when asked', () => {
    const { model } = buildNonlinear(desc);
    // the states are the capacitor voltages; the outputs a node voltage and a branch current
    expect(model.stateNames).toEqual(['v_C1', 'v_C2']);
    expect(model.stateUnits).toEqual(['V', 'V']);
    expect(model.outputNames).toEqual(['v(n1)', 'i(r2)']);
    expect(model.outputUnits).toEqual(['V', 'A']);
  });

  it('withJacobian replaces the Jacobian and keeps every other member, accessors unread', () => {
    let reads = 0;
    const jacobian = () => {
      throw new Error('not called');
    };
    const own = {
      kind: 'nonlinear',
      stateNames: ['x'],
      f: () => undefined,
      jacobian,
      get stateUnits() {
        reads++;
        return ['V'];
      },
    } as unknown as NonlinearModel;
    const wrapped = () => own.jacobian!(0, new Float64Array(1), new Float64Array(0), new Float64Array(0));
    const m = withJacobian(own, wrapped);
    expect(reads).toBe(0);
    expect(m.jacobian).toBe(wrapped);
    expect(m.f).toBe(own.f);
    expect(m.stateNames).toBe(own.stateNames);
    expect(Object.keys(m).sort()).toEqual(Object.keys(own).sort());
    expect(m.stateUnits).toEqual(['V']);
    expect(reads).toBe(1);
  });
});
