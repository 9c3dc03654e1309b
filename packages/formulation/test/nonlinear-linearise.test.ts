/**
 * linearise's stopping test is scale-aware (formulation.md section 12; linearise.ts): the diode clamp of
 * examples/nonlinear/diode-rc.json, C v' = (E − v)/R − Is (exp(v/Vt) − 1), linearises without options at
 * E = 5 V — where f's terms are ~10³–10⁵ /s and an absolute bound on ‖f‖ is out of reach — and at every time
 * scale (C from 1 mF to 1 pF: the equilibrium does not depend on C). The equilibrium is checked against a scalar
 * Newton written here on h(v) = Is·expm1(v/Vt) − (E − v)/R, A against the slope −(g_d + 1/R)/C there, and the
 * iteration count against the same system slowed down (time-scale invariance of the test).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isSysgraphError } from '@sysgraph/core';
import { parseSystem, withParameters } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linearise, nonlinearModel } from '../src/index';

const diode = parseSystem(JSON.parse(readFileSync(fileURLToPath(new URL('../../../examples/nonlinear/diode-rc.json', import.meta.url)), 'utf8')));
const [R, Is, Vt] = [1000, 1e-12, 0.025];

/** The root of h(v) = Is (exp(v/Vt) − 1) − (E − v)/R by Newton from v = min(E, 1), safeguarded by bisection on [0, E]. */
function clampVoltage(E: number): number {
  const h = (v: number) => Is * Math.expm1(v / Vt) - (E - v) / R;
  const dh = (v: number) => (Is / Vt) * Math.exp(v / Vt) + 1 / R;
  let [lo, hi] = [0, E];
  let v = Math.min(E, 1);
  for (let k = 0; k < 200; k++) {
    const r = h(v);
    if (r > 0) hi = v;
    else lo = v;
    let next = v - r / dh(v);
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - v) <= 1e-16 * Math.abs(v)) return next;
    v = next;
  }
  return v;
}

describe('linearise: a stopping test relative to the size of f', () => {
  it('the diode clamp at E = 5 V linearises without options, at the scalar Newton equilibrium', () => {
    const lin = linearise(nonlinearModel(analyzeStructure(diode)), { inputs: { E: 5 } });
    const v = clampVoltage(5);
    expect(Math.abs(lin.x[0] - v)).toBeLessThanOrEqual(1e-12 * v);
    const g = (Is / Vt) * Math.exp(v / Vt);
    expect(lin.A[0][0]).toBeCloseTo(-(g + 1 / R) / 1e-6, 2);
    expect(lin.B[0][0]).toBeCloseTo(1 / (R * 1e-6), 6);
  });

  it('converges at every time scale, to the same equilibrium in the same number of iterations', () => {
    const at = (C: number, E: number) => linearise(nonlinearModel(analyzeStructure(withParameters(diode, { C }))), { inputs: { E } });
    fc.assert(
      fc.property(fc.double({ min: 0.2, max: 50, noNaN: true }), (E) => {
        const v = clampVoltage(E);
        const slow = at(1e-3, E);
        for (const C of [1e-6, 1e-9, 1e-12]) {
          const fast = at(C, E);
          expect(Math.abs(fast.x[0] - v)).toBeLessThanOrEqual(1e-12 * v);
          expect(fast.iterations).toBe(slow.iterations);
        }
      }),
      { seed: 52, numRuns: 6 },
    );
  });

  it('still reports a system without an equilibrium (typed, not a hang)', () => {
    // a capacitor charged by a current source has no equilibrium for I ≠ 0: x' = I / C
    const text = { name: 'integrator', parameters: {}, elements: [
      { id: 'I', kind: 'current-source', from: 'g', to: 'a', value: 1 },
      { id: 'C1', kind: 'capacitor', from: 'a', to: 'g', law: { charge: '2*v + v^3' } },
    ] };
    let error: unknown;
    try {
      linearise(nonlinearModel(analyzeStructure(parseSystem(text))), { inputs: { I: 1 } });
    } catch (e) {
      error = e;
    }
    expect(isSysgraphError(error)).toBe(true);
    expect(['singular-matrix', 'solver-failure']).toContain((error as { code: string }).code);
  });
});
