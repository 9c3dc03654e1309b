/**
 * The network model keeps the static solve of its last evaluation of f for a Jacobian asked for at the same point.
 * Outputs read between the two (the sampling of the dense output, at other states) must not disturb it: the
 * Jacobian after f(A), g(B) is the one of A — checked against the hand-written diagonal of the diode ladder at A
 * (which at B's voltages differs by the diodes' slopes), and the outputs at B equal B's capacitor voltages.
 */
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { networkModel } from '../src/index';
import { diodeLadder, LADDER } from './support/diode-ladder';

describe('the load kept between f and the Jacobian', () => {
  it('survives the outputs evaluated at another state in between', () => {
    const N = 12;
    const { model } = networkModel(analyzeStructure(parseSystem(diodeLadder(N))));
    expect(model.outputNames.length).toBeGreaterThan(0);
    const section = model.stateNames.map((name) => Number(name.slice(3)) - 1);
    const vA = Float64Array.from({ length: N }, (_, k) => 0.55 + 0.01 * k);
    const vB = Float64Array.from({ length: N }, (_, k) => 0.1 + 0.02 * k);
    const xA = Float64Array.from(section, (k) => vA[k]);
    const xB = Float64Array.from(section, (k) => vB[k]);
    const u = Float64Array.of(5);
    const du = new Float64Array(1);
    model.f(1e-6, xA, u, du, new Float64Array(N));
    const y = new Float64Array(model.outputNames.length);
    model.g(2e-6, xB, u, du, y);
    // the outputs are the voltages of the first and the last capacitor at B
    expect([...model.outputNames]).toEqual(['v_first', 'v_last']);
    expect(y[0]).toBe(vB[0]);
    expect(y[1]).toBe(vB[N - 1]);
    const J = model.jacobian(1e-6, xA, u, du);
    const { R, C, Is, Vt } = LADDER;
    section.forEach((k, i) => {
      const diag = (-(k === N - 1 ? 1 : 2) / R - (Is / Vt) * Math.exp(vA[k] / Vt)) / C;
      expect(Math.abs(J.get(i, i) - diag)).toBeLessThan(1e-12 * Math.abs(diag));
    });
  });
});
