/**
 * Zeros from the Rosenbrock pencil against zeros worked by hand: a lead network (one real zero), the two-mass
 * system of examples/two-mass.json written as its own state equations (complex zeros, a zero at the origin),
 * a square MIMO model with one transmission zero; and the frequency grid and responses against H(jω) directly.
 */
import { describe, expect, it } from 'vitest';
import { frequencyGrid, frequencyResponses, transferAt, transferZeros, transmissionZeros } from '../src/index';
import type { Complex } from '../src/index';

const byRe = (a: Complex, b: Complex) => a.re - b.re || a.im - b.im;
function expectRoots(actual: Complex[] | undefined, expected: Complex[], tol = 1e-9): void {
  expect(actual).toBeDefined();
  const a = [...actual!].sort(byRe);
  const e = [...expected].sort(byRe);
  expect(a.length).toBe(e.length);
  a.forEach((z, k) => expect(Math.hypot(z.re - e[k].re, z.im - e[k].im)).toBeLessThan(tol * Math.max(1, Math.hypot(e[k].re, e[k].im))));
}
const zeroE = (p: number, m: number) => Array.from({ length: p }, () => new Array<number>(m).fill(0));

describe('zeros of SISO pairs', () => {
  it('a lead network: R1 ∥ C in series with R2, output across R2: one zero at −1/(R1 C)', () => {
    const [R1, R2, C] = [2, 0.5, 0.25];
    // state v_C: C v_C' = (V − v_C)/R2 − v_C/R1; output v_out = V − v_C
    const model = { A: [[-(1 / R1 + 1 / R2) / C]], B: [[1 / (R2 * C)]], C: [[-1]], D: [[1]], E: zeroE(1, 1) };
    expectRoots(transferZeros(model, 0, 0), [{ re: -1 / (R1 * C), im: 0 }]);
  });

  it('the two-mass system: v1/F has zeros 0 and the roots of m2 s² + b2 s + k2 + k12; v2/F only 0; the spring force those of m2 s² + b2 s + k2', () => {
    const [m1, m2, k12, k2, b2] = [1, 2, 10, 5, 0.8];
    // x = [v1, v2, f12, f2]: m1 v1' = F − f12, m2 v2' = f12 − f2 − b2 v2, f12' = k12 (v1 − v2), f2' = k2 v2
    const model = {
      A: [
        [0, 0, -1 / m1, 0],
        [0, -b2 / m2, 1 / m2, -1 / m2],
        [k12, -k12, 0, 0],
        [0, k2, 0, 0],
      ],
      B: [[1 / m1], [0], [0], [0]],
      C: [
        [1, 0, 0, 0],
        [0, 1, 0, 0],
        [0, 0, 1, 0],
      ],
      D: zeroE(3, 1),
      E: zeroE(3, 1),
    };
    const quadratic = (a: number, b: number, c: number): Complex[] => {
      const d = b * b - 4 * a * c;
      return d >= 0 ? [{ re: (-b + Math.sqrt(d)) / (2 * a), im: 0 }, { re: (-b - Math.sqrt(d)) / (2 * a), im: 0 }] : [{ re: -b / (2 * a), im: Math.sqrt(-d) / (2 * a) }, { re: -b / (2 * a), im: -Math.sqrt(-d) / (2 * a) }];
    };
    expectRoots(transferZeros(model, 0, 0), [{ re: 0, im: 0 }, ...quadratic(m2, b2, k2 + k12)]);
    expectRoots(transferZeros(model, 1, 0), [{ re: 0, im: 0 }]);
    expectRoots(transferZeros(model, 2, 0), quadratic(m2, b2, k2));
  });

  it('an output that does not depend on the input: H ≡ 0, no zeros', () => {
    const model = { A: [[-1, 0], [0, -2]], B: [[1], [0]], C: [[0, 1]], D: [[0]], E: zeroE(1, 1) };
    expect(transferZeros(model, 0, 0)).toBeUndefined();
  });

  it('a u′ term (E ≠ 0): H = s E + 1/(s + 1) has zeros at the roots of E s² + E s + 1', () => {
    const model = { A: [[-1]], B: [[1]], C: [[1]], D: [[0]], E: [[0.5]] };
    // 0.5 s (s + 1) + 1 = 0 → s² + s + 2 = 0
    expectRoots(transferZeros(model, 0, 0), [{ re: -0.5, im: Math.sqrt(7) / 2 }, { re: -0.5, im: -Math.sqrt(7) / 2 }]);
  });
});

describe('transmission zeros', () => {
  it('a square 2×2 model: det H(s) = (2s + 3)/((s + 1)(s + 2)), one zero at −1.5', () => {
    const model = { A: [[-1, 0], [0, -2]], B: [[1, 0], [0, 1]], C: [[1, 1], [1, 2]], D: [[1, 0], [0, 0]], E: zeroE(2, 2) };
    expectRoots(transmissionZeros(model), [{ re: -1.5, im: 0 }]);
  });

  it('a 2-output 1-input model H = [1, 2]/(s + 1): the numerators have no common root, no zeros', () => {
    const model = { A: [[-1]], B: [[1]], C: [[1], [2]], D: [[0], [0]], E: zeroE(2, 1) };
    expect(transmissionZeros(model)).toEqual([]);
  });

  // x1' = −x1 + u1, x2' = −4 x2 + u2, w = x1 + x2, z' = −3 z + w, y = w − z: the filter (s + 2)/(s + 3) after both,
  // H(s) = (s + 2)/(s + 3) · [1/(s + 1), 1/(s + 4)]. Over the common denominator the numerators are
  // (s + 2)(s + 4) and (s + 2)(s + 1), whose greatest common divisor is s + 2; three states = the McMillan degree,
  // so the realisation is minimal and the only zero is −2. At s = −2 the rows [C, D] and [x-row of z] of P(s)
  // coincide: [1, 1, −1, 0, 0] twice, rank 3 < 4.
  const A = [[-1, 0, 0], [0, -4, 0], [1, 1, -3]];
  const B = [[1, 0], [0, 1], [0, 0]];
  const C = [[1, 1, -1]];
  const transpose = (X: number[][]) => X[0].map((_, j) => X.map((row) => row[j]));

  it('a 2-input 1-output model with its one zero at −2 (the filter (s + 2)/(s + 3) after both inputs)', () => {
    expectRoots(transmissionZeros({ A, B, C, D: [[0, 0]], E: zeroE(1, 2) }), [{ re: -2, im: 0 }]);
  });

  it('its dual, 1 input and 2 outputs (Aᵀ, Cᵀ, Bᵀ): the same zero at −2', () => {
    expectRoots(transmissionZeros({ A: transpose(A), B: transpose(C), C: transpose(B), D: zeroE(2, 1), E: zeroE(2, 1) }), [{ re: -2, im: 0 }]);
  });

  it('a 1×2 model with a second zero from a feedthrough: H = [1/(s + 1) + 1, 1/(s + 1) + 1] = (s + 2)/(s + 1) [1, 1], zero −2', () => {
    expectRoots(transmissionZeros({ A: [[-1]], B: [[1, 1]], C: [[1]], D: [[1, 1]], E: zeroE(1, 2) }), [{ re: -2, im: 0 }]);
  });

  it('a 1×2 model with H ≡ 0: the normal rank is not full, not computed', () => {
    expect(transmissionZeros({ A: [[-1, 0], [0, -2]], B: [[1, 1], [0, 0]], C: [[0, 1]], D: [[0, 0]], E: zeroE(1, 2) })).toBeUndefined();
  });
});

describe('frequency grid and responses', () => {
  it('spans a decade beyond the poles and zeros; |H| and arg H agree with H(jω)', () => {
    const omega = frequencyGrid([{ re: -2, im: 0 }, { re: -0.5, im: 3 }, { re: 0, im: 0 }], 50);
    expect(omega[0]).toBeCloseTo(0.2, 12);
    expect(omega[49]).toBeCloseTo(10 * Math.hypot(0.5, 3), 10);
    const model = { A: [[-2, 0], [0, -3]], B: [[1, 0], [1, 1]], C: [[1, 1]], D: [[0, 0]], E: zeroE(1, 2) };
    const pairs = frequencyResponses(model, omega);
    expect(pairs.map((p) => [p.output, p.input])).toEqual([[0, 0], [0, 1]]);
    for (const k of [0, 17, 49]) {
      // H00 = 1/(s+2) + 1/(s+3) by hand
      const s = { re: 0, im: omega[k] };
      const h = transferAt(model, s)[0][0];
      const d2 = 4 + omega[k] ** 2;
      const d3 = 9 + omega[k] ** 2;
      const hand = { re: 2 / d2 + 3 / d3, im: -omega[k] / d2 - omega[k] / d3 };
      expect(h.re).toBeCloseTo(hand.re, 12);
      expect(pairs[0].magnitudeDb[k]).toBeCloseTo(20 * Math.log10(Math.hypot(hand.re, hand.im)), 10);
      expect(pairs[0].phaseDeg[k]).toBeCloseTo((Math.atan2(hand.im, hand.re) * 180) / Math.PI, 10);
    }
  });
});
