/**
 * Two-ports (transformers, gyrators) in networks with nonlinear one-ports (formulation.md sections 2, 10, 12):
 * the nonlinear formulation against the tableau oracle of the full nonlinear branch equations (no tree, no F) at
 * seeded random states, inputs and input derivatives, on seeded random networks with two-ports.
 */
import { SysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { nonlinearModel } from '../src/index';
import { compareWithTableau } from './support/nonlinear-compare';
import { nonlinearRandomNetwork } from './support/nonlinear-random';
import { mulberry32 } from './support/index';

describe('two-ports with nonlinear one-ports against the tableau oracle', () => {
  it('f and every output agree at random points on random networks with transformers and gyrators', () => {
    let compared = 0;
    let implicitPorts = 0;
    let gyrators = 0;
    for (let seed = 1; seed <= 80 && compared < 15; seed++) {
      const rnd = nonlinearRandomNetwork(seed, seed % 2 === 0 ? 'two-ports' : 'mixed');
      if (rnd.twoPorts === 0) continue;
      let structure;
      try {
        structure = analyzeStructure(parseSystem(rnd.json));
      } catch {
        continue; // inadmissible network (no normal tree)
      }
      let nl;
      try {
        nl = nonlinearModel(structure);
      } catch (e) {
        if (e instanceof SysgraphError && e.code === 'unsupported') continue; // e.g. a capacitor loop through a port
        throw e;
      }
      const rng = mulberry32(seed * 31 + 5);
      const draw = (k: number) => Array.from({ length: k }, () => 2 * rng.next() - 1);
      for (let p = 0; p < 2; p++) {
        const x = draw(nl.system.states.length);
        const u = draw(nl.system.inputs.length);
        const du = draw(nl.system.inputs.length);
        const r = compareWithTableau(nl, rnd, 0, x, u, du);
        expect(r.residual, `oracle residual, seed ${seed}`).toBeLessThan(1e-9);
        expect(r.outputs, `outputs of seed ${seed}`).toBeLessThan(1e-7);
        expect(r.dynamics, `dynamics of seed ${seed}`).toBeLessThan(1e-6);
      }
      compared++;
      if (nl.system.implicit.some((z) => (rnd.json.twoPorts as { id: string }[]).some((t) => t.id === z.element))) implicitPorts++;
      if ((rnd.json.twoPorts as { kind: string }[]).some((t) => t.kind === 'gyrator')) gyrators++;
    }
    expect(compared).toBe(15);
    expect(gyrators).toBeGreaterThanOrEqual(3);
    expect(implicitPorts).toBeGreaterThanOrEqual(3);
  }, 300_000);
});

describe('a transformer between a nonlinear resistor and a capacitor, eliminated explicitly', () => {
  // E drives the link resistor R1 (i = v + 0.3 v³) into port 1 of T (v1 = TF v2, i1 = −i2/TF); C on port 2.
  // Tree (section 2): E, C, port 1 (port 2 would displace C). Hand derivation: v1 = TF v_C, i_R1 = g(E − TF v_C),
  // i_C = TF i_R1, so C v_C' = TF g(E − TF v_C).
  const json = {
    name: 'transformer-resistor',
    parameters: { TF: 2, C: 0.5 },
    elements: [
      { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
      { id: 'R1', kind: 'resistor', from: 'a', to: 'b', law: { through: 'v + 0.3*v^3' } },
      { id: 'C1', kind: 'capacitor', from: 'c', to: 'g', value: 'C' },
    ],
    twoPorts: [{ id: 'T', kind: 'transformer', ports: [{ from: 'b', to: 'g' }, { from: 'c', to: 'g' }], ratio: 'TF' }],
    outputs: [
      { name: 'v1', element: 'T', port: 1, variable: 'across' },
      { name: 'i2', element: 'T', port: 2, variable: 'through' },
    ],
  };
  const nl = nonlinearModel(analyzeStructure(parseSystem(json)));

  it('has no implicit variables and the hand-derived f, outputs and Jacobian', () => {
    expect(nl.system.states.map((x) => x.name)).toEqual(['v_C1']);
    expect(nl.system.implicit).toEqual([]);
    const g = (v: number) => v + 0.3 * v ** 3;
    for (const [v, E] of [[0.3, 1], [-0.7, 0.4], [1.1, -2]]) {
      expect(nl.evaluate.f(0, [v], [E])[0]).toBeCloseTo((2 * g(E - 2 * v)) / 0.5, 12);
      const y = nl.evaluate.g(0, [v], [E]);
      expect(y[0]).toBeCloseTo(2 * v, 12);
      expect(y[1]).toBeCloseTo(-2 * g(E - 2 * v), 12);
      const dg = 1 + 0.9 * (E - 2 * v) ** 2;
      expect(nl.evaluate.jacobians(0, [v], [E]).A[0][0]).toBeCloseTo((-4 * dg) / 0.5, 10);
    }
  });
});
