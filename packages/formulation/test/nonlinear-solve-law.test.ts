/** solveLaw / solveOnInterval on laws steep at zero (orifice q = c·sign(Δp)·sqrt(|Δp|)): exact roots known in closed form. */
import { parse } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { compileLaw, solveLaw, solveOnInterval } from '../src/index';
import type { TapeLaw } from '../src/network-model/law-tape';

const orifice = (c: number) => ({
  value: (v: number) => c * Math.sign(v) * Math.sqrt(Math.abs(v)),
  slope: (v: number) => c / (2 * Math.sqrt(Math.abs(v))),
});

describe('solveLaw near a square-root singularity', () => {
  it.each([
    [1e-3, 1e-3],
    [1e-3, -5],
    [-0.3, 2],
    [1e-9, 1e-3],
    [-1e-12, 7],
    [4, 0],
  ])('target %s from guess %s: the root (target/c)²·sign, to 1e-13 relative', (target, guess) => {
    const c = 2;
    const r = solveLaw(orifice(c), target, guess);
    expect(r.converged).toBe(true);
    const exact = Math.sign(target) * (target / c) ** 2;
    expect(Math.abs(r.z - exact)).toBeLessThanOrEqual(1e-13 * Math.abs(exact));
  });

  it('target 0: a root within 1e-290 of 0', () => {
    const r = solveLaw(orifice(2), 0, 1);
    expect(r.converged).toBe(true);
    expect(Math.abs(r.z)).toBeLessThan(1e-290);
  });

  it('on an interval', () => {
    const r = solveOnInterval(orifice(3), 0.06, [-1, 1], 0.9);
    expect(r.converged).toBe(true);
    expect(r.z).toBeCloseTo(4e-4, 15);
  });
});

describe('solveLaw with the value and the slope from one pass (slopeWithValue)', () => {
  // compiled tapes of laws of the MASD reservoirs' and the diode's kinds; targets on both sides of each
  const P = new Map<string, number>([['c', 2], ['Is', 1e-12], ['Vt', 0.025852]]);
  const laws = [
    { text: 'c*sqrt(v)', targets: [0.3, 1e-6, 5], guess: 1 },
    { text: 'c*sign(v)*sqrt(abs(v))', targets: [-0.7, 0.02, 3], guess: 0.5 },
    { text: 'Is*(exp(v/Vt) - 1)', targets: [1e-3, -5e-13, 2e-9], guess: 0.1 },
    { text: 'v + v^3', targets: [10, -0.001, 0], guess: 2 },
  ];
  for (const { text, targets, guess } of laws) {
    it(`${text}: the same root, bit for bit, as the two-pass loop, in fewer passes`, () => {
      const tape = compileLaw(parse(text), 'v', P, { element: 'X1', field: 'law.through' }) as TapeLaw;
      for (const target of targets) {
        let passes2 = 0;
        let passes1 = 0;
        const twoPass = {
          value: (z: number) => (passes2++, tape.valueAt(z, 0)),
          slope: (z: number) => (passes2++, tape.slopeAt(z, 0)),
        };
        const onePass = {
          value: (z: number) => (passes1++, tape.valueAt(z, 0)),
          slope: (z: number) => (passes1++, tape.slopeAt(z, 0)),
          slopeWithValue: (z: number) => (passes1++, tape.slopeAt(z, 0)),
          valueOfLastSlope: () => tape.valueOfLastSlope(),
        };
        const a = solveLaw(twoPass, target, guess);
        const b = solveLaw(onePass, target, guess);
        expect(a.converged).toBe(true);
        expect(Object.is(a.z, b.z)).toBe(true);
        expect(b.converged).toBe(true);
        // the root itself, against the law's own value (an independent check of convergence)
        expect(Math.abs(tape.valueAt(b.z, 0) - target)).toBeLessThanOrEqual(1e-12 * Math.max(1e-12, Math.abs(target)) + 1e-24);
        // (v + v³ = 10 at the guess 2 itself: one pass each)
        if (passes2 > 1) expect(passes1).toBeLessThan(passes2);
        else expect(passes1).toBe(1);
      }
    });
  }
});
