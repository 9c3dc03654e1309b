/**
 * A netlist that starts at rest (every source 0 at t = 0, no .ic): the DC operating point is the zero state, taken
 * without a solve, and the linear path passes no state names to simulate() (omitZeros). Oracle: the RC ramp
 * response written by hand, v(t) = s (t − τ (1 − e^(−t/τ))) for a source ramp of slope s from rest.
 */
import { describe, expect, it } from 'vitest';
import { readSpiceNetlist } from '@sysgraph/description';
import { buildModel, compile, netlistDefaults, netlistInitialState, simulate } from '../src/index';
import type { StateSpace } from '@sysgraph/formulation';

const R = 1e3;
const C = 1e-6;
const TAU = R * C;
const RISE = 10e-3;
const TEXT = `rc at rest\nV1 in 0 PWL(0 0 ${RISE} 1)\nR1 in out ${R}\nC1 out 0 ${C}\n.tran 0.1m 5m\n.end\n`;

describe('a netlist starting at rest', () => {
  it('the operating point is the zero state: every state 0, or none named with omitZeros', () => {
    const read = readSpiceNetlist(TEXT);
    const description = read.description;
    const built = buildModel(description, { symbolic: false });
    const ss = built.numeric as StateSpace<unknown>;
    const start = netlistDefaults(read).start;
    const req = { desc: description, ss, structure: built.structure, u0: { V1: 0 }, start };
    const full = netlistInitialState(req);
    expect(Object.keys(full)).toEqual(ss.states);
    expect(Object.values(full).every((v) => v === 0)).toBe(true);
    expect(netlistInitialState({ ...req, omitZeros: true })).toEqual({});
    // a source not at 0 at t = 0: solved, every state named whatever omitZeros says
    const held = netlistInitialState({ ...req, u0: { V1: 2 }, omitZeros: true });
    expect(Object.keys(held)).toEqual(ss.states);
    expect(held[ss.states[0]]).toBeCloseTo(2, 12);
  });

  it('simulates the RC ramp response from rest', () => {
    const model = compile({ text: TEXT, path: 'rc.cir' });
    const trace = simulate(model, { rtol: 1e-10, atol: 1e-13 });
    const t = trace.result.columns[0];
    const v = trace.result.columns[trace.result.names.indexOf('v(out)')] ?? trace.result.columns[1];
    const slope = 1 / RISE;
    let err = 0;
    for (let k = 0; k < t.length; k++) err = Math.max(err, Math.abs(v[k] - slope * (t[k] - TAU * -Math.expm1(-t[k] / TAU))));
    expect(t.length).toBe(51);
    expect(err).toBeLessThan(1e-8);
  });
});
