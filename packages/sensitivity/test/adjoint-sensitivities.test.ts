/**
 * Adjoint sensitivities ∂y(T)/∂θ: the RC step in closed form (also with a delayed step, which cuts the quadrature
 * at the breakpoint), the examples against central differences of the engine's own simulations (with a sine input
 * and an initial state), and a ladder of 20 distinct parameters against the forward sensitivity equations.
 */
import { describe, expect, it } from 'vitest';
import { SysgraphError } from '@sysgraph/core';
import { simulate } from '@sysgraph/engine';
import { adjointSensitivities, trajectorySensitivities } from '../src/index';
import { compiled, example } from './helpers';
import { rc } from './fixtures';

describe('RC step in closed form', () => {
  for (const [R, C, delay] of [[1e3, 1e-6, 0], [2, 0.25, 0], [2, 0.25, 0.3]]) {
    it(`R = ${R}, C = ${C}, step at ${delay}τ`, () => {
      const tau = R * C;
      const at = [0.5 * tau, tau, 3 * tau];
      const s = adjointSensitivities(compiled(rc(R, C)), ['R', 'C'], { outputs: ['v_C1'], at, signals: { Vs: `step(1, ${delay * tau})` }, rtol: 1e-9 });
      at.forEach((T, i) => {
        const dt = Math.max(0, T - delay * tau);
        const e = Math.exp(-dt / tau);
        expect(Math.abs(s.y[i][0] - (1 - e))).toBeLessThanOrEqual(1e-8);
        // v = 1 − e^(−(T−t0)/RC): ∂v/∂R = −((T−t0)/(R²C)) e, ∂v/∂C = −((T−t0)/(RC²)) e
        expect(Math.abs(s.derivatives[0][0][i] * R + (dt / tau) * e)).toBeLessThanOrEqual(1e-7);
        expect(Math.abs(s.derivatives[1][0][i] * C + (dt / tau) * e)).toBeLessThanOrEqual(1e-7);
      });
    });
  }
});

/** Vs across C1 in series with C2 ∥ R: v_C2 jumps with Vs (Bd = C1/(C1 + C2)), then discharges through R. */
const capacitiveDivider = JSON.stringify({
  name: 'capacitive-divider',
  parameters: { C1: 0.3, C2: 0.5, R: 2 },
  elements: [
    { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g', value: 1 },
    { id: 'Ca', kind: 'capacitor', from: 'a', to: 'b', value: 'C1' },
    { id: 'Cb', kind: 'capacitor', from: 'b', to: 'g', value: 'C2' },
    { id: 'Rb', kind: 'resistor', from: 'b', to: 'g', value: 'R' },
  ],
  outputs: [{ element: 'Cb', variable: 'across' }, { element: 'Rb', variable: 'through' }],
  ground: 'g',
});

describe('against central differences of the engine simulation', () => {
  const cases = [
    ['rlc-series', [1.5, 6], {}, {}],
    ['rlc-series', [2.5], { Vs: 'sine(1, 0.5)' }, { v_C1: 0.3 }],
    ['motor-pump', [0.5, 2], {}, {}],
    ['two-mass', [5], {}, {}],
    // x = x̃ + Bd u with Bd = C1/(C1 + C2): the adjoint's boundary term λ(0)ᵀ s(0) = −λ(0)ᵀ ∂Bd u(0)
    ['capacitive-divider', [0.2, 1], { Vs: 'ramp(1, 0.5, 0.1)' }, {}],
    ['capacitive-divider', [0.7], { Vs: '1' }, {}],
  ] as const;
  for (const [name, at, signals, initial] of cases) {
    it(`${name} at ${at.join(', ')}${Object.keys(signals).length ? ' with ' + JSON.stringify(signals) : ''}`, () => {
      const text = name === 'capacitive-divider' ? capacitiveDivider : example(name);
      const nominal = compiled(text);
      const base = Object.fromEntries([...nominal.description.parameters.entries()].filter(([, v]) => v !== null && v !== 0)) as Record<string, number>;
      const params = Object.keys(base);
      const outputs = nominal.outputNames.length > 0 ? [...nominal.outputNames] : [...nominal.stateNames];
      const knownInitial = Object.fromEntries(Object.entries(initial).filter(([k]) => nominal.stateNames.includes(k)));
      const s = adjointSensitivities(nominal, params, { outputs, at: [...at], signals, initial: knownInitial, method: 'numeric', rtol: 1e-10 });
      const run = (ps: Record<string, number>, T: number) => simulate(compiled(text, ps), { tEnd: T, solver: 'dopri5', rtol: 1e-12, atol: 1e-15, samples: 2, record: outputs, signals, initial: knownInitial }).result;
      at.forEach((T, i) => {
        params.forEach((theta, k) => {
          const h = 1e-5 * Math.abs(base[theta]);
          const up = run({ ...base, [theta]: base[theta] + h }, T);
          const down = run({ ...base, [theta]: base[theta] - h }, T);
          outputs.forEach((o, j) => {
            const last = up.columns[0].length - 1;
            const diff = (up.columns[up.names.indexOf(o)][last] - down.columns[down.names.indexOf(o)][last]) / (2 * h);
            const scale = Math.abs(s.y[i][j]) / Math.abs(base[theta]) + Math.abs(diff) + 1e-12;
            expect(Math.abs(s.derivatives[k][j][i] - diff), `${name} ∂${o}/∂${theta} at ${T}`).toBeLessThanOrEqual(1e-6 * scale);
          });
        });
      });
    });
  }
});

/** An RC ladder whose every resistor and capacitor is its own parameter (2N parameters, N states). */
function distinctLadder(N: number): string {
  const parameters: Record<string, number> = {};
  const elements: Record<string, unknown>[] = [{ id: 'Vs', kind: 'voltage-source', from: 'n0', to: 'g', value: 1 }];
  for (let k = 1; k <= N; k++) {
    parameters[`R${k}`] = 1 + 0.1 * k;
    parameters[`C${k}`] = 0.5 - 0.02 * k;
    elements.push({ id: `Ra${k}`, kind: 'resistor', from: `n${k - 1}`, to: `n${k}`, value: `R${k}` });
    elements.push({ id: `Ca${k}`, kind: 'capacitor', from: `n${k}`, to: 'g', value: `C${k}` });
  }
  return JSON.stringify({ name: 'ladder', parameters, elements, outputs: [{ element: `Ca${N}`, variable: 'across' }], ground: 'g' });
}

describe('many parameters: the adjoint against the forward sensitivity equations', () => {
  it('RC ladder of 10 sections, 20 parameters, ramp input', () => {
    const model = compiled(distinctLadder(10));
    const params = [...model.description.parameters.keys()];
    const T = 12;
    const signals = { Vs: 'ramp(1, 2)' };
    const adj = adjointSensitivities(model, params, { at: [T], signals, method: 'numeric', rtol: 1e-10 });
    const fwd = trajectorySensitivities(model, params, { tEnd: T, signals, method: 'numeric', solver: 'dopri5', rtol: 1e-12, atol: 1e-15, samples: 2 });
    const last = fwd.t.length - 1;
    expect(Math.abs(adj.y[0][0] - fwd.y[0][last])).toBeLessThanOrEqual(1e-9);
    params.forEach((p, k) => {
      const f = fwd.derivatives[k][0][last];
      expect(Math.abs(adj.derivatives[k][0][0] - f), `∂y/∂${p}`).toBeLessThanOrEqual(1e-7 * (Math.abs(f) + Math.abs(adj.y[0][0]) / Math.abs(adj.values[k])));
    });
  });
});

describe('bad options are typed errors', () => {
  const model = compiled(rc(2, 0.25));
  it('a time not after the start', () => {
    expect(() => adjointSensitivities(model, ['R'], { at: [0] })).toThrow(SysgraphError);
  });
  it('an initial value of a state the model lacks', () => {
    try {
      adjointSensitivities(model, ['R'], { initial: { nope: 1 } });
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(SysgraphError);
      expect((e as SysgraphError).element).toBe('nope');
    }
  });
});
