/**
 * lawBatch (network-model/law-batch.ts): a law over many arguments at once gives, to the last bit, what the law
 * gives one argument at a time (valueAt, slopeAt), for every function and operator of the grammar; and slopeAt
 * itself equals the derivative written out by hand.
 */
import { parse } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { compileLaw } from '../src/index';
import { ExpLawBatch, expShape } from '../src/network-model/exp-law-batch';
import { lawBatch } from '../src/network-model/law-batch';
import { CoefficientLaw } from '../src/network-model/scalar-law';

const P = new Map<string, number | null>([
  ['a', 0.7],
  ['b', 2],
]);

// value and ∂/∂w written by hand (not computed)
const CASES: { text: string; value: (w: number, t: number) => number; dw: (w: number, t: number) => number }[] = [
  { text: 'a*v + b*v^3', value: (w) => 0.7 * w + 2 * w ** 3, dw: (w) => 0.7 + 6 * w ** 2 },
  { text: 'a*(exp(v/b) - 1)', value: (w) => 0.7 * (Math.exp(w / 2) - 1), dw: (w) => 0.35 * Math.exp(w / 2) },
  { text: '(1 + a*sin(t))*v', value: (w, t) => (1 + 0.7 * Math.sin(t)) * w, dw: (_, t) => 1 + 0.7 * Math.sin(t) },
  { text: 'v / (b + t^2)', value: (w, t) => w / (2 + t * t), dw: (_, t) => 1 / (2 + t * t) },
  { text: 'b / (1 + v^2)', value: (w) => 2 / (1 + w * w), dw: (w) => (-4 * w) / (1 + w * w) ** 2 },
  { text: 'sqrt(v) * t', value: (w, t) => Math.sqrt(w) * t, dw: (w, t) => t / (2 * Math.sqrt(w)) },
  { text: 'log(v) - cos(v*t)', value: (w, t) => Math.log(w) - Math.cos(w * t), dw: (w, t) => 1 / w + t * Math.sin(w * t) },
  { text: 'tan(v/4)', value: (w) => Math.tan(w / 4), dw: (w) => (1 + Math.tan(w / 4) ** 2) / 4 },
  { text: '-v^2.5 + 3', value: (w) => -(w ** 2.5) + 3, dw: (w) => -2.5 * w ** 1.5 },
  { text: 'b^v', value: (w) => 2 ** w, dw: (w) => Math.LN2 * 2 ** w },
  { text: 'a*sign(v)*sqrt(abs(v))', value: (w) => 0.7 * Math.sign(w) * Math.sqrt(Math.abs(w)), dw: (w) => 0.35 / Math.sqrt(Math.abs(w)) },
  // the diode's shape k3 ⋄ (exp(w ⋄ k1) ⋄ k2), fused into one pass (exp-law-batch.ts), in each of its forms
  { text: '1e-12*(exp(v/0.025852) - 1)', value: (w) => 1e-12 * (Math.exp(w / 0.025852) - 1), dw: (w) => (1e-12 / 0.025852) * Math.exp(w / 0.025852) },
  { text: '(exp(b*v) + a)*a', value: (w) => 0.7 * (Math.exp(2 * w) + 0.7), dw: (w) => 1.4 * Math.exp(2 * w) },
  { text: '(a + exp(v*b)) / b', value: (w) => (0.7 + Math.exp(2 * w)) / 2, dw: (w) => Math.exp(2 * w) },
  { text: 'a - exp(v)', value: (w) => 0.7 - Math.exp(w), dw: (w) => -Math.exp(w) },
  { text: 'abs(v - t)', value: (w, t) => Math.abs(w - t), dw: (w, t) => Math.sign(w - t) },
];

const W = Float64Array.from({ length: 37 }, (_, i) => 0.15 + 0.11 * i);
const T = 0.6;

describe('laws over a batch of arguments', () => {
  for (const c of CASES) {
    it(`${c.text}: the batch equals valueAt and slopeAt bit for bit, and slopeAt the hand derivative`, () => {
      const law = compileLaw(parse(c.text), 'v', P, { element: 'X1', field: 'law.through' });
      const batch = lawBatch(law);
      const values = new Float64Array(W.length);
      const slopes = new Float64Array(W.length);
      // twice: the second call reuses the batch's rows
      for (let rep = 0; rep < 2; rep++) {
        batch.valuesAt(W, W.length, T, values);
        batch.slopesAt(W, W.length, T, slopes);
        for (let i = 0; i < W.length; i++) {
          expect(values[i]).toBe(law.valueAt(W[i], T));
          expect(slopes[i]).toBe(law.slopeAt(W[i], T));
        }
      }
      for (let i = 0; i < W.length; i++) {
        expect(values[i]).toBeCloseTo(c.value(W[i], T), 12);
        const d = c.dw(W[i], T);
        expect(Math.abs(slopes[i] - d)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(d)));
      }
      // the slopes from the rows of the last valuesAt (the Jacobian at the point f was just evaluated): bit for bit
      // slopeAt's (=== : the sign of a zero may differ), also after a fused slopesAt at other arguments
      const after = new Float64Array(W.length);
      const other = W.map((w) => w + 0.05);
      for (let rep = 0; rep < 2; rep++) {
        batch.valuesAt(W, W.length, T, values);
        batch.slopesAfterValues(W, W.length, T, after);
        for (let i = 0; i < W.length; i++) expect(after[i] === law.slopeAt(W[i], T) || (Number.isNaN(after[i]) && Number.isNaN(law.slopeAt(W[i], T)))).toBe(true);
        batch.slopesAt(other, W.length, T, slopes);
      }
      // a shorter batch after a longer one
      const few = new Float64Array(3);
      batch.valuesAt(W.subarray(5), 3, T, few);
      for (let i = 0; i < 3; i++) expect(few[i]).toBe(law.valueAt(W[5 + i], T));
    });
  }

  it('sqrt at 0: the slope is infinite, as slopeAt says (the Jacobian then decides)', () => {
    const law = compileLaw(parse('a*sqrt(v)'), 'v', P, { element: 'X1', field: 'law.through' });
    const out = new Float64Array(2);
    lawBatch(law).slopesAt(Float64Array.of(0, 4), 2, 0, out);
    expect(out[0]).toBe(Infinity);
    expect(out[1]).toBeCloseTo(0.7 / 4, 14);
    expect(law.slopeAt(0, 0)).toBe(Infinity);
  });

  it('a linear law z = c·w or w/c: values and slopes of CoefficientLaw', () => {
    for (const invert of [false, true]) {
      const law = new CoefficientLaw(250, invert);
      const values = new Float64Array(W.length);
      const slopes = new Float64Array(W.length);
      lawBatch(law).valuesAt(W, W.length, 0, values);
      lawBatch(law).slopesAt(W, W.length, 0, slopes);
      for (let i = 0; i < W.length; i++) {
        expect(values[i]).toBe(invert ? W[i] / 250 : 250 * W[i]);
        expect(slopes[i]).toBe(invert ? 1 / 250 : 250);
      }
    }
  });
});

describe('the fused exponential batch', () => {
  it('recognises the diode law and its forms, and not a law of another shape', () => {
    const shape = (text: string) => expShape(compileLaw(parse(text), 'v', P, { element: 'D1', field: 'law.through' }));
    expect(shape('1e-12*(exp(v/0.025852) - 1)')).toEqual({ divide1: true, k1: 0.025852, subtract2: true, k2: 1, divide3: false, k3: 1e-12 });
    expect(shape('(exp(b*v) + a)*a')).toMatchObject({ divide1: false, k1: 2, subtract2: false, k2: 0.7, k3: 0.7 });
    expect(shape('(a + exp(v*b)) / b')).toMatchObject({ divide3: true, k3: 2 });
    expect(shape('a - exp(v)')).toBeNull();
    expect(shape('a*(exp(v/t) - 1)')).toBeNull();
    expect(shape('a*(exp(v/b) - v)')).toBeNull();
    expect(shape('a*(exp(b/v) - 1)')).toBeNull();
    // a zero divisor or factor in the exponent keeps the tape (the loops' shortcut exp(±0) = 1 needs k1 finite, ≠ 0)
    expect(shape('a*(exp(v/0) - 1)')).toBeNull();
    expect(shape('a*(exp(0*v) - 1)')).toBeNull();
  });

  // arguments exactly ±0 (an element the network's activity has not reached) beside ordinary and tiny ones
  const Z = Float64Array.of(0, -0, 0.3, 0, 1e-300, -1e-300, -0.2, 0, 5e-324, 0.7);
  for (const text of ['1e-12*(exp(v/0.025852) - 1)', '(exp(b*v) + a)*a', '(a + exp(v*b)) / b', '(exp(v/(-b)) - a)*a']) {
    it(`${text} at arguments ±0: values and slopes equal valueAt and slopeAt bit for bit, e = exp(0) = 1`, () => {
      const law = compileLaw(parse(text), 'v', P, { element: 'D1', field: 'law.through' });
      const batch = lawBatch(law);
      expect(batch).toBeInstanceOf(ExpLawBatch);
      const values = new Float64Array(Z.length);
      const slopes = new Float64Array(Z.length);
      batch.valuesAt(Z, Z.length, T, values);
      batch.slopesAfterValues(Z, Z.length, T, slopes);
      for (let i = 0; i < Z.length; i++) {
        expect(Object.is(values[i], law.valueAt(Z[i], T))).toBe(true);
        expect(Object.is(slopes[i], law.slopeAt(Z[i], T))).toBe(true);
      }
      batch.slopesAt(Z, Z.length, T, slopes);
      for (let i = 0; i < Z.length; i++) expect(Object.is(slopes[i], law.slopeAt(Z[i], T))).toBe(true);
    });
  }

  it('arguments and values in one pass (valuesFromArguments) equal the argument rows then valuesAt, bit for bit', () => {
    const law = compileLaw(parse('1e-12*(exp(v/0.025852) - 1)'), 'v', P, { element: 'D1', field: 'law.through' });
    const fused = lawBatch(law) as ExpLawBatch;
    const plain = lawBatch(law) as ExpLawBatch;
    // z = [x0 … x5 | g0 … g3]; entries 1 … 3 of a program of 4 rows (row 0 is outside the range and must stay untouched)
    const ptr = Int32Array.of(0, 1, 3, 4, 6);
    const src = Int32Array.of(0, 1, 2, 3, 4, 5);
    const coef = Float64Array.of(1, 1, -1, 0.5, 1, -1);
    const z = Float64Array.of(0.1, 0.2, 0.2, 0, 0.65, 0.01, 9, 9, 9, 9);
    const y = new Float64Array(4).fill(7);
    fused.valuesFromArguments(ptr, src, coef, z, 1, 4, y, 6);
    // by hand: y1 = 0.2 − 0.2 = 0, y2 = 0.5·0 = 0, y3 = 0.65 − 0.01
    expect(Array.from(y)).toEqual([7, 0, 0, 0.65 - 0.01]);
    const g = new Float64Array(3);
    plain.valuesAt(y.subarray(1, 4), 3, 0, g);
    expect(Array.from(z.subarray(7, 10))).toEqual(Array.from(g));
    expect(z[6]).toBe(9);
    for (let i = 1; i < 4; i++) expect(Object.is(z[6 + i], law.valueAt(y[i], 0))).toBe(true);
    const s1 = new Float64Array(3);
    const s2 = new Float64Array(3);
    fused.slopesAfterValues(y.subarray(1, 4), 3, 0, s1);
    plain.slopesAfterValues(y.subarray(1, 4), 3, 0, s2);
    expect(Array.from(s1)).toEqual(Array.from(s2));
  });

  it('rows of one term (no row loop) equal the row loop bit for bit, −0 included, beside rows of two terms', () => {
    const law = compileLaw(parse('1e-12*(exp(v/0.025852) - 1)'), 'v', P, { element: 'D1', field: 'law.through' });
    const batch = lawBatch(law) as ExpLawBatch;
    // z = [x0 … x4 | g0 … g5]; rows: −1·x0 (a product −0), x1, x2, −2·x3, 0.5·x4, and x2 − x3 (two terms)
    const ptr = Int32Array.of(0, 1, 2, 3, 4, 5, 7);
    const src = Int32Array.of(0, 1, 2, 3, 4, 2, 3);
    const coef = Float64Array.of(-1, 1, 1, -2, 0.5, 1, -1);
    const z = Float64Array.from([0, 0, 0.61, 0.3, 1.3, 9, 9, 9, 9, 9, 9]);
    const y = new Float64Array(6);
    batch.valuesFromArguments(ptr, src, coef, z, 0, 6, y, 5);
    // the definition: s = 0, then s += c·z over the row
    for (let i = 0; i < 6; i++) {
      let s = 0;
      for (let q = ptr[i]; q < ptr[i + 1]; q++) s += coef[q] * z[src[q]];
      expect(Object.is(y[i], s), `row ${i}`).toBe(true);
      expect(Object.is(z[5 + i], law.valueAt(s, 0)), `value ${i}`).toBe(true);
    }
    // by hand: 0 + (−1·0) = +0, then 0, 0.61, −0.6, 0.65, 0.61 − 0.3
    expect(Object.is(y[0], 0)).toBe(true);
    expect(Array.from(y)).toEqual([0, 0, 0.61, -0.6, 0.65, 0.61 - 0.3]);
  });
});
