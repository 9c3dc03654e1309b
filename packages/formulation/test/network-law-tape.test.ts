/**
 * compileLaw (network-model/law-tape.ts): every function and operator of the law grammar, value and the four
 * derivatives (∂w, ∂t, ∂²w, ∂w∂t) against hand-differentiated formulas; the non-smooth rules (sign' = 0,
 * |a|' = sign a); a derivative that is not finite comes back infinite, never NaN; typed errors for bad input.
 */
import { SysgraphError } from '@sysgraph/core';
import { parse } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { compileLaw } from '../src/index';

type F = (w: number, t: number) => number;
interface Case {
  text: string;
  value: F;
  dw: F;
  dt: F;
  dww: F;
  dwt: F;
  /** ∂²/∂t² (written out by hand; 0 when omitted: a law free of t). */
  dtt?: F;
}

const P = new Map<string, number | null>([
  ['a', 0.7],
  ['b', 2],
]);

// Hand-differentiated: the derivative columns are written out by hand, not computed.
const CASES: Case[] = [
  { text: 'a*v + b*v^3', value: (w) => 0.7 * w + 2 * w ** 3, dw: (w) => 0.7 + 6 * w ** 2, dt: () => 0, dww: (w) => 12 * w, dwt: () => 0 },
  { text: 'a*(exp(v/b) - 1)', value: (w) => 0.7 * (Math.exp(w / 2) - 1), dw: (w) => 0.35 * Math.exp(w / 2), dt: () => 0, dww: (w) => 0.175 * Math.exp(w / 2), dwt: () => 0 },
  { text: '(1 + a*sin(t))*v', value: (w, t) => (1 + 0.7 * Math.sin(t)) * w, dw: (_, t) => 1 + 0.7 * Math.sin(t), dt: (w, t) => 0.7 * Math.cos(t) * w, dww: () => 0, dwt: (_, t) => 0.7 * Math.cos(t), dtt: (w, t) => -0.7 * Math.sin(t) * w },
  { text: 'v / (b + t^2)', value: (w, t) => w / (2 + t * t), dw: (_, t) => 1 / (2 + t * t), dt: (w, t) => (-2 * t * w) / (2 + t * t) ** 2, dww: () => 0, dwt: (_, t) => (-2 * t) / (2 + t * t) ** 2, dtt: (w, t) => (w * (6 * t * t - 4)) / (2 + t * t) ** 3 },
  { text: 'sqrt(v) * t', value: (w, t) => Math.sqrt(w) * t, dw: (w, t) => t / (2 * Math.sqrt(w)), dt: (w) => Math.sqrt(w), dww: (w, t) => -t / (4 * w ** 1.5), dwt: (w) => 1 / (2 * Math.sqrt(w)), dtt: () => 0 },
  { text: 'log(v) - cos(v*t)', value: (w, t) => Math.log(w) - Math.cos(w * t), dw: (w, t) => 1 / w + t * Math.sin(w * t), dt: (w, t) => w * Math.sin(w * t), dww: (w, t) => -1 / w ** 2 + t * t * Math.cos(w * t), dwt: (w, t) => Math.sin(w * t) + w * t * Math.cos(w * t), dtt: (w, t) => w * w * Math.cos(w * t) },
  { text: 'tan(v/4)', value: (w) => Math.tan(w / 4), dw: (w) => (1 + Math.tan(w / 4) ** 2) / 4, dt: () => 0, dww: (w) => (2 * Math.tan(w / 4) * (1 + Math.tan(w / 4) ** 2)) / 16, dwt: () => 0 },
  { text: '-v^2.5 + 3', value: (w) => -(w ** 2.5) + 3, dw: (w) => -2.5 * w ** 1.5, dt: () => 0, dww: (w) => -3.75 * w ** 0.5, dwt: () => 0 },
  { text: 'b^v', value: (w) => 2 ** w, dw: (w) => Math.LN2 * 2 ** w, dt: () => 0, dww: (w) => Math.LN2 ** 2 * 2 ** w, dwt: () => 0 },
  { text: 'a*sign(v)*sqrt(abs(v))', value: (w) => 0.7 * Math.sign(w) * Math.sqrt(Math.abs(w)), dw: (w) => 0.35 / Math.sqrt(Math.abs(w)), dt: () => 0, dww: (w) => (-0.175 * Math.sign(w)) / Math.abs(w) ** 1.5, dwt: () => 0 },
  { text: 'exp(-t*t/b)*v^2', value: (w, t) => Math.exp(-t * t / 2) * w * w, dw: (w, t) => 2 * w * Math.exp(-t * t / 2), dt: (w, t) => -t * Math.exp(-t * t / 2) * w * w, dww: (_, t) => 2 * Math.exp(-t * t / 2), dwt: (w, t) => -2 * t * w * Math.exp(-t * t / 2), dtt: (w, t) => (t * t - 1) * Math.exp(-t * t / 2) * w * w },
  { text: 'abs(v - t)', value: (w, t) => Math.abs(w - t), dw: (w, t) => Math.sign(w - t), dt: (w, t) => -Math.sign(w - t), dww: () => 0, dwt: () => 0 },
];

const close = (got: number, want: number) => Math.abs(got - want) <= 1e-12 * (1 + Math.abs(want));

describe('compileLaw', () => {
  for (const c of CASES) {
    it(`${c.text}: value and derivatives equal the hand-differentiated law`, () => {
      const law = compileLaw(parse(c.text), 'v', P, { element: 'X', field: 'law.through' });
      for (const [w, t] of [[0.3, 0.2], [1.7, -0.4], [-0.9, 1.1], [2.5, 0]]) {
        if ((c.text.includes('sqrt(v)') || c.text.includes('log') || c.text.includes('2.5')) && w < 0) continue;
        law.evaluate(w, t);
        const fields: [string, number, number][] = [
          ['value', law.value, c.value(w, t)],
          ['dw', law.dw, c.dw(w, t)],
          ['dt', law.dt, c.dt(w, t)],
          ['dww', law.dww, c.dww(w, t)],
          ['dwt', law.dwt, c.dwt(w, t)],
          ['dtt', law.dtt, c.dtt ? c.dtt(w, t) : 0],
        ];
        for (const [name, got, want] of fields) expect(close(got, want), `${name} of ${c.text} at (${w}, ${t}): ${got} vs ${want}`).toBe(true);
        expect(law.valueAt(w, t)).toBe(law.value);
      }
    });
  }

  it('a derivative that is not finite is returned not finite (for the caller to report); a term free of the variable contributes 0', () => {
    const orifice = compileLaw(parse('a*sign(v)*sqrt(abs(v))'), 'v', P, { element: 'X', field: 'law.through' });
    orifice.evaluate(0, 0);
    expect(orifice.value).toBe(0);
    expect(Number.isFinite(orifice.dw)).toBe(false);
    const root0 = compileLaw(parse('sqrt(v)'), 'v', P, { element: 'X', field: 'law.through' });
    root0.evaluate(0, 0);
    expect(root0.dw).toBe(Infinity);
    const root = compileLaw(parse('v + sqrt(t)'), 'v', P, { element: 'X', field: 'law.through' });
    root.evaluate(1, 0);
    expect(root.dw).toBe(1); // d sqrt(t)/dv = 0 although d sqrt/dt is infinite at t = 0
    expect(root.dww).toBe(0);
    expect(root.dt).toBe(Infinity);
    const timeOnly = compileLaw(parse('v * exp(-sqrt(t))'), 'v', P, { element: 'X', field: 'law.through' });
    timeOnly.evaluate(2, 0);
    expect([timeOnly.dw, timeOnly.dww]).toEqual([1, 0]); // structure: exp(−sqrt t) does not depend on v
    const step = compileLaw(parse('sign(v)'), 'v', P, { element: 'X', field: 'law.through' });
    step.evaluate(0.5, 0);
    expect([step.value, step.dw, step.dww]).toEqual([1, 0, 0]);
  });

  it('folds parameters and constant subtrees once', () => {
    const law = compileLaw(parse('(a + b)^2 * v + exp(a*b)'), 'v', P, { element: 'X', field: 'law.charge' });
    law.evaluate(2, 0);
    expect(close(law.value, 2.7 ** 2 * 2 + Math.exp(1.4))).toBe(true);
    expect(close(law.dw, 2.7 ** 2)).toBe(true);
  });

  it('names the element and field of a law it cannot compile', () => {
    const bad = (text: string, params = P) => {
      try {
        compileLaw(parse(text), 'v', params, { element: 'D7', field: 'law.through' });
      } catch (e) {
        return e as SysgraphError;
      }
      throw new Error('no error');
    };
    const unknown = bad('q * v');
    expect(unknown).toBeInstanceOf(SysgraphError);
    expect([unknown.code, unknown.element, unknown.field]).toEqual(['bad-law', 'D7', 'law.through']);
    const fn = bad('sinh(v)');
    expect([fn.code, fn.element]).toEqual(['bad-law', 'D7']);
    const missing = bad('a * v', new Map([['a', null]]));
    expect([missing.code, missing.element, missing.field]).toEqual(['missing-parameter-value', 'D7', 'law.through']);
  });
});
