/**
 * Parametric laws (w(ξ), z(ξ)), ξ in [a, b] (paper eq. 40, formulation.md section 12 "Parametric relations"):
 * a network of parametric elements against its twin written with explicit laws describing the same curves.
 *   link resistor Rp:  v = ξ³ + ξ, i = 2ξ         twin: v = (i/2)³ + i/2         (the link needs i(v): v(ξ) is inverted)
 *   capacitor C:       v = ξ + 0.2ξ³, q = ξ/2     twin: v = 2q + 0.2(2q)³         (state ξ; twin state q = ξ/2)
 *   inductor L:        i = 2ξ, λ = ξ + 0.1ξ³      twin: λ = i/2 + 0.1(i/2)³       (state ξ; twin state i = 2ξ)
 * so x_twin = S x with S = diag(1/2, 2): f = S⁻¹ f_twin(S x), A = S⁻¹ A_twin S, and equal outputs. The Jacobians of
 * the parametric model go through dz/dw = z'(ξ)/w'(ξ) (implicit function theorem), the twin's through its laws.
 * A curve that is not monotone where it must be inverted, or a value outside the curve's range: 'bad-law'.
 */
import fc from 'fast-check';
import { SysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { nonlinearModel } from '../src/index';

const base = (laws: Record<string, unknown>) => ({
  name: 'parametric',
  parameters: { R2: 1.5 },
  elements: [
    { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
    { id: 'Rp', kind: 'resistor', from: 'a', to: 'b', law: laws.Rp },
    { id: 'C', kind: 'capacitor', from: 'b', to: 'g', law: laws.C },
    { id: 'L', kind: 'inductor', from: 'b', to: 'c', law: laws.L },
    { id: 'R2', kind: 'resistor', from: 'c', to: 'g', value: 'R2' },
  ],
  outputs: ['Rp', 'C', 'L', 'R2'].flatMap((id) => [
    { name: `v_${id}_out`, element: id, variable: 'across' },
    { name: `i_${id}_out`, element: id, variable: 'through' },
  ]),
});
const curve = (w: string, z: string, keys: [string, string], interval = [-3, 3]) => ({ parametric: { parameter: 's', interval, [keys[0]]: w, [keys[1]]: z } });
const parametricJson = base({
  Rp: curve('2*s', 's^3 + s', ['through', 'across']),
  C: curve('s + 0.2*s^3', 's/2', ['across', 'charge']),
  L: curve('2*s', 's + 0.1*s^3', ['through', 'flux']),
});
const twinJson = base({
  Rp: { across: '(i/2)^3 + i/2' },
  C: { across: '2*q + 0.2*(2*q)^3' },
  L: { flux: 'i/2 + 0.1*(i/2)^3' },
});
const S = [0.5, 2];

describe('parametric laws against explicit laws of the same curves', () => {
  const param = nonlinearModel(analyzeStructure(parseSystem(parametricJson)));
  const twin = nonlinearModel(analyzeStructure(parseSystem(twinJson)));

  it('states are the curve parameters of the storage elements; the link resistor is inverted on its interval', () => {
    expect(param.system.states.map((x) => [x.name, x.quantity])).toEqual([['s_C', 'curve'], ['s_L', 'curve']]);
    expect(twin.system.states.map((x) => x.name)).toEqual(['q_C', 'i_L']);
    expect(param.system.implicit.map((z) => [z.name, z.interval])).toEqual([['s_Rp', [-3, 3]]]);
  });

  it('f, g and the Jacobians agree at seeded random states and inputs', () => {
    fc.assert(
      fc.property(fc.double({ min: -1.5, max: 1.5, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), (sC, sL, E) => {
        const x = [sC, sL];
        const xt = x.map((v, j) => S[j] * v);
        const f = param.evaluate.f(0, x, [E]);
        const ft = twin.evaluate.f(0, xt, [E]);
        f.forEach((v, i) => expect(v).toBeCloseTo(ft[i] / S[i], 9));
        const y = param.evaluate.g(0, x, [E]);
        const yt = twin.evaluate.g(0, xt, [E]);
        y.forEach((v, i) => expect(v).toBeCloseTo(yt[i], 9));
        const J = param.evaluate.jacobians(0, x, [E]);
        const Jt = twin.evaluate.jacobians(0, xt, [E]);
        J.A.forEach((row, i) => row.forEach((v, j) => expect(v).toBeCloseTo((Jt.A[i][j] * S[j]) / S[i], 7)));
        J.B.forEach((row, i) => expect(row[0]).toBeCloseTo(Jt.B[i][0] / S[i], 7));
        J.C.forEach((row, i) => row.forEach((v, j) => expect(v).toBeCloseTo(Jt.C[i][j] * S[j], 7)));
      }),
      { seed: 4242, numRuns: 30 },
    );
  });
});

describe('parametric laws: typed errors naming the element', () => {
  const codeOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return e instanceof SysgraphError ? [e.code, e.element, e.field] : ['other', String(e)];
    }
    return ['none'];
  };
  const build = (laws: Record<string, unknown>) => nonlinearModel(analyzeStructure(parseSystem(base(laws))));
  const good = { C: curve('s', 's', ['across', 'charge']), L: curve('s', 's', ['through', 'flux']) };

  it('a curve that is not monotone where the tree inverts it: bad-law at build', () => {
    // v(ξ) = ξ² − 1 turns at ξ = 0 inside [−1, 1]; the link needs i as a function of v.
    expect(codeOf(() => build({ ...good, Rp: curve('s', 's^2 - 1', ['through', 'across'], [-1, 1]) }))).toEqual(['bad-law', 'Rp', 'law.parametric']);
    // The same turn in the coordinate that is not inverted is allowed: v(ξ) = ξ, i(ξ) = ξ² is i = v².
    expect(codeOf(() => build({ ...good, Rp: curve('s^2', 's', ['through', 'across'], [-1, 1]) }))).toEqual(['none']);
    // A capacitor whose charge turns (ξ' = i_C / q'(ξ) would divide by zero).
    expect(codeOf(() => build({ ...good, Rp: { through: 'v' }, C: curve('s', 's - s^3', ['across', 'charge'], [-1, 1]) }))).toEqual(['bad-law', 'C', 'law.parametric']);
  });

  it('a value outside the range of the curve: bad-law at evaluation', () => {
    const nl = build({ ...good, Rp: curve('s', '2*s', ['through', 'across'], [-1, 1]) });
    // v_Rp = E − v_C = 5 lies outside v([−1, 1]) = [−2, 2].
    const [code, element] = codeOf(() => nl.evaluate.f(0, [0, 0], [5]));
    expect([code, element]).toEqual(['bad-law', 'Rp']);
    expect(() => nl.evaluate.f(0, [0, 0], [0.5])).not.toThrow();
  });
});
