/**
 * The network model against the symbolic nonlinear model (itself verified against the tableau oracle) on the
 * examples in examples/nonlinear: same state, input and output names, the same f and g at seeded random points,
 * and the sparse Jacobian against central differences of f.
 */
import { readFileSync } from 'node:fs';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { networkModel, nonlinearModel } from '../src/index';
import { compareModels, jacobianError } from './support/network-compare';
import { mulberry32 } from './support/index';

// Each example with the range of its states: positive (sqrt laws stay away from their non-differentiable point),
// and below 0.7 V for the diode (exp(v/Vt) with Vt = 25 mV).
const EXAMPLES: [string, number][] = [['diode-rc', 0.7], ['hardening-spring-mass', 2], ['masd-4-2-reservoirs', 2], ['rlc-time-varying-capacitor', 2]];
const load = (name: string) => JSON.parse(readFileSync(new URL(`../../../examples/nonlinear/${name}.json`, import.meta.url), 'utf8'));

describe('the network model on examples/nonlinear', () => {
  for (const [name, range] of EXAMPLES) {
    it(`${name}: same names, f and g as nonlinearModel; Jacobian equal to central differences`, () => {
      const s = analyzeStructure(parseSystem(load(name)));
      const neu = networkModel(s).model;
      const old = nonlinearModel(s).model;
      expect(neu.stateNames).toEqual(old.stateNames);
      expect(neu.inputNames).toEqual(old.inputNames);
      expect(neu.outputNames).toEqual(old.outputNames);
      const rng = mulberry32(name.length * 7919);
      for (let k = 0; k < 5; k++) {
        // positive states keep sqrt laws away from their non-differentiable point
        const x = Float64Array.from(neu.stateNames, () => 0.1 * range + 0.9 * range * rng.next());
        const u = Float64Array.from(neu.inputNames, () => 2 * rng.next() - 1);
        const t = rng.next();
        const c = compareModels(neu, old, t, x, u);
        expect(c.f, `f of ${name}`).toBeLessThan(1e-9);
        expect(c.g, `g of ${name}`).toBeLessThan(1e-9);
        const j = jacobianError(neu, t, x, u);
        expect(j.error, `Jacobian of ${name}`).toBeLessThan(1e-6);
        expect(j.outside).toBe(0);
      }
    });
  }
});

describe('values that vary in time next to laws', () => {
  it('a capacitor C0 (1 + 0.5 sin t), an inductor and a tree resistor with time-varying values: f, g as nonlinearModel', () => {
    const json = {
      name: 'time-varying-values',
      parameters: { C0: 0.8, w: 3 },
      elements: [
        { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
        { id: 'D1', kind: 'resistor', from: 'a', to: 'b', law: { through: '0.5*v + 0.2*v^3' } },
        { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 'C0*(1 + 0.5*sin(w*t))' },
        { id: 'R2', kind: 'resistor', from: 'b', to: 'c', value: '2 + cos(t)' },
        { id: 'L1', kind: 'inductor', from: 'c', to: 'g', value: '1/(1 + t^2)' },
      ],
      outputs: [
        { name: 'vC', element: 'C1', variable: 'across' },
        { name: 'iR2', element: 'R2', variable: 'through' },
        { name: 'vR2', element: 'R2', variable: 'across' },
      ],
    };
    const s = analyzeStructure(parseSystem(json));
    const neu = networkModel(s).model;
    const old = nonlinearModel(s).model;
    expect(neu.stateNames).toEqual(old.stateNames);
    const rng = mulberry32(99);
    for (let k = 0; k < 5; k++) {
      const x = Float64Array.from(neu.stateNames, () => 2 * rng.next() - 1);
      const u = Float64Array.from(neu.inputNames, () => 2 * rng.next() - 1);
      const t = 3 * rng.next();
      const c = compareModels(neu, old, t, x, u);
      expect(c.f).toBeLessThan(1e-9);
      expect(c.g).toBeLessThan(1e-9);
      const j = jacobianError(neu, t, x, u);
      expect(j.error).toBeLessThan(1e-6);
    }
  });
});
