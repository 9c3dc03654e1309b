/**
 * The energy audit against closed forms: an RC discharge (stored ½CV0² e^(−2t/RC), the resistor's power
 * (V0²/R) e^(−2t/RC), dissipated ½CV0²(1 − e^(−2t/RC))), an undamped LC (constant energy ½CV0²); forward Euler
 * on the LC is caught by the balance; Tellegen's residual is rounding on seeded random networks.
 */
import { describe, expect, it } from 'vitest';
import { SysgraphError, seededRandom } from '@sysgraph/core';
import { compile } from '@sysgraph/engine';
import { energyAudit, positiveReal, storageFailures } from '../src/index';
import { compiled, example } from './helpers';
import { lc, rc } from './fixtures';

describe('RC discharge in closed form', () => {
  for (const [R, C, V0] of [[1e3, 1e-6, 5], [2, 0.25, 1]]) {
    it(`R = ${R}, C = ${C}, V0 = ${V0}`, () => {
      const tau = R * C;
      const a = energyAudit(compiled(rc(R, C)), { tEnd: 4 * tau, signals: { Vs: '0' }, initial: { v_C1: V0 }, solver: 'dopri5', rtol: 1e-10, atol: 1e-14, samples: 401 });
      const W0 = 0.5 * C * V0 * V0;
      const r1 = a.branches.find((b) => b.branch.element === 'R1')!;
      const c1 = a.branches.find((b) => b.branch.element === 'C1')!;
      a.t.forEach((t, r) => {
        const e = Math.exp((-2 * t) / tau);
        expect(Math.abs(a.stored[r] - W0 * e)).toBeLessThanOrEqual(1e-8 * W0);
        expect(Math.abs(c1.energy![r] - W0 * e)).toBeLessThanOrEqual(1e-8 * W0);
        expect(Math.abs(r1.power[r] - ((V0 * V0) / R) * e)).toBeLessThanOrEqual(1e-8 * ((V0 * V0) / R));
        expect(Math.abs(a.dissipated[r] - ((V0 * V0) / R) * e)).toBeLessThanOrEqual(1e-8 * ((V0 * V0) / R));
        // the capacitor absorbs −(V0²/R) e: it gives its energy to the resistor
        expect(Math.abs(c1.power[r] + ((V0 * V0) / R) * e)).toBeLessThanOrEqual(1e-8 * ((V0 * V0) / R));
      });
      // ∫ dissipated = W0 (1 − e^(−2 t/τ)): the trapezoid on 401 samples, to its own accuracy
      const last = a.t.length - 1;
      expect(Math.abs(-a.delivered[last] - W0 * (1 - Math.exp((-2 * a.t[last]) / tau)))).toBeLessThanOrEqual(1e-4 * W0);
      expect(a.balance.holds).toBe(true);
      expect(a.balance.residual).toBeLessThanOrEqual(1e-4);
      expect(a.tellegen).toBeLessThanOrEqual(1e-13);
      expect(a.passivity.passive).toBe(true);
    });
  }
});

describe('undamped LC', () => {
  const L = 0.5;
  const C = 2e-3;
  const period = 2 * Math.PI * Math.sqrt(L * C);
  it('keeps its energy ½ C V0² with an accurate solver', () => {
    const a = energyAudit(compiled(lc(L, C)), { tEnd: 5 * period, initial: { v_C1: 3 }, solver: 'dopri5', rtol: 1e-10, atol: 1e-13 });
    const W0 = 0.5 * C * 9;
    for (const w of a.stored) expect(Math.abs(w - W0)).toBeLessThanOrEqual(1e-7 * W0);
    for (const p of a.supplied) expect(p).toBe(0);
    expect(a.balance.holds).toBe(true);
    expect(a.tellegen).toBeLessThanOrEqual(1e-13);
  });

  it('forward Euler is caught: the balance fails and the note names the solver', () => {
    const a = energyAudit(compiled(lc(L, C)), { tEnd: 5 * period, initial: { v_C1: 3 }, solver: 'euler', dt: period / 200 });
    expect(a.solver).toBe('euler');
    expect(a.balance.holds).toBe(false);
    // Euler multiplies the energy by 1 + (ω dt)² per step: (1 + (2π/200)²)^1000 − 1 ≈ 1.68
    expect(a.balance.residual).toBeGreaterThan(0.5);
    expect(a.notes.some((n) => n.includes('euler'))).toBe(true);
    // Tellegen still holds: the branch variables are exact functions of the (wrong) state
    expect(a.tellegen).toBeLessThanOrEqual(1e-13);
  });
});

/** A connected random RLC network with one voltage and one current source, and a transformer in half of them. */
function randomNetwork(seed: number): string {
  const rnd = seededRandom(seed);
  const nodes = 4 + Math.floor(rnd() * 5);
  const kinds = ['resistor', 'capacitor', 'inductor'];
  const elements: Record<string, unknown>[] = [];
  const node = (k: number) => (k === 0 ? 'g' : `n${k}`);
  let id = 0;
  const add = (from: number, to: number) => {
    const kind = kinds[Math.floor(rnd() * 3)];
    elements.push({ id: `${kind[0].toUpperCase()}${++id}`, kind, from: node(from), to: node(to), value: 0.5 + rnd() });
  };
  // a spanning chain of passive elements, a resistor to ground at every node, random extra branches
  for (let k = 1; k < nodes; k++) add(k - 1, k);
  for (let k = 1; k < nodes; k++) elements.push({ id: `Rg${k}`, kind: 'resistor', from: node(k), to: 'g', value: 1 + rnd() });
  for (let e = 0; e < nodes; e++) {
    const a = Math.floor(rnd() * nodes);
    const b = Math.floor(rnd() * nodes);
    if (a !== b) add(a, b);
  }
  elements.push({ id: 'Vs', kind: 'voltage-source', from: node(1), to: 'g' });
  elements.push({ id: 'Is', kind: 'current-source', from: 'g', to: node(nodes - 1) });
  if (seed % 2 === 0) {
    elements.push({ id: 'T1', kind: 'transformer', ratio: 0.5 + rnd(), ports: [{ from: node(2), to: 'g' }, { from: 'm', to: 'g' }] });
    elements.push({ id: 'Rm', kind: 'resistor', from: 'm', to: 'g', value: 1 + rnd() });
    elements.push({ id: 'Cm', kind: 'capacitor', from: 'm', to: 'g', value: 1 + rnd() });
  }
  return JSON.stringify({ name: `random-${seed}`, elements, ground: 'g' });
}

describe('Tellegen on random networks', () => {
  for (let seed = 1; seed <= 8; seed++) {
    it(`seed ${seed}: Σ v_k i_k = 0 to rounding, and the balance holds`, () => {
      const model = compiled(randomNetwork(seed));
      const a = energyAudit(model, { tEnd: 3, signals: { Vs: 'sine(1, 0.5)', Is: 'step(0.3, 0.2)' }, solver: 'dopri5', rtol: 1e-9, atol: 1e-12 });
      expect(a.tellegen).toBeLessThanOrEqual(1e-12);
      expect(a.balance.holds).toBe(true);
      expect(a.passivity.storagePositive).toBe(true);
    });
  }
});

describe('the examples of every domain', () => {
  // mechanical (½ m v², F²/2k), rotational, fluid; transformers and gyrators; mutual inductances in an inductor
  // cutset with a source (the input-derivative term Bd): the balance holds only if every storage term is right
  for (const name of ['mass-spring-damper', 'two-mass', 'motor-pump', 'cellier-gear', 'masd-4-1', 'cases/mutual_cutset', 'cases/cap_loop_source']) {
    it(name, () => {
      const model = compiled(example(name));
      const signals = Object.fromEntries(model.inputNames.map((u, k) => [u, `sine(1, ${0.3 + 0.2 * k})`]));
      const a = energyAudit(model, { tEnd: 4, signals, solver: 'dopri5', rtol: 1e-10, atol: 1e-13 });
      expect(a.tellegen, 'Tellegen').toBeLessThanOrEqual(1e-12);
      expect(a.balance.holds, `balance ${a.balance.residual}`).toBe(true);
      expect(a.balance.residual).toBeLessThanOrEqual(1e-4);
    });
  }
});

describe('passivity', () => {
  it('rlc-series: positive storage and a positive-real admittance at the source port', () => {
    const a = energyAudit(compiled(example('rlc-series')), { tEnd: 1 });
    expect(a.passivity.storagePositive).toBe(true);
    expect(a.passivity.positiveReal?.positiveReal).toBe(true);
  });
  it('a negative resistance: refused by the reader, and named by the storage check and the port test', () => {
    const text = (R: number) =>
      JSON.stringify({
        name: 'negative',
        parameters: { R },
        elements: [
          { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g', value: 1 },
          { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
          { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 1 },
        ],
        ground: 'g',
      });
    try {
      compiled(text(-2));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SysgraphError);
      expect((e as SysgraphError).element).toBe('R1');
    }
    // the same description with R = −2 put in after reading
    const desc = compiled(text(2)).description;
    const negative = { ...desc, parameters: new Map([['R', -2]]) };
    const failures = storageFailures(negative);
    expect(failures.map((f) => [f.element, f.field])).toEqual([['R1', 'value']]);
    // Y(s) = C s / (1 + R C s) has its pole at s = −1/(RC) = +0.5: unstable, not positive real
    const pr = positiveReal(compile({ description: negative }));
    expect(pr?.unstable).toBe(true);
    expect(pr?.positiveReal).toBe(false);
  });
  it('the port test on a positive RC: Re Y(jω) = R C² ω² / (1 + (RCω)²) ≥ 0', () => {
    const pr = positiveReal(compiled(rc(2, 0.5)))!;
    expect(pr.unstable).toBe(false);
    expect(pr.positiveReal).toBe(true);
    expect(pr.minimum).toBeGreaterThan(0);
  });
});

describe('bad input', () => {
  it('a model with laws is refused naming an element', () => {
    const text = JSON.stringify({
      name: 'diode',
      elements: [
        { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g', value: 1 },
        { id: 'R1', kind: 'resistor', from: 'a', to: 'b', law: { through: '1e-3*(exp(v/0.025)-1)' } },
        { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 1 },
      ],
      ground: 'g',
    });
    try {
      energyAudit(compiled(text));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SysgraphError);
      expect((e as SysgraphError).element).toBe('R1');
    }
  });
});
