/** Input signals: values and exact derivatives against closed forms, breakpoints, the text syntax and its errors. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SysgraphError } from '@sysgraph/core';
import { constant, createRestrictedParser, expression, formatSignal, parseSignal, pwl, ramp, sine, step } from '../src/index';

const parser = createRestrictedParser();

function badSignal(f: () => unknown): SysgraphError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SysgraphError);
    expect((e as SysgraphError).code).toBe('bad-signal');
    return e as SysgraphError;
  }
  throw new Error('expected a bad-signal error');
}

describe('built-in shapes', () => {
  it('constant', () => {
    const s = parseSignal('5', 'Vs');
    expect(s.value(-3)).toBe(5);
    expect(s.derivative(2)).toBe(0);
    expect(s.breakpoints).toEqual([]);
    expect(constant(2).value(1)).toBe(2);
  });

  it('step: right-continuous, zero derivative on both sides', () => {
    const s = parseSignal('step(2, 0.5)', 'Vs');
    expect(s.value(0.4999)).toBe(0);
    expect(s.value(0.5)).toBe(2);
    expect(s.value(0.5, true)).toBe(0);
    expect(s.derivative(0.5)).toBe(0);
    expect(s.derivative(0.5, true)).toBe(0);
    expect(s.breakpoints).toEqual([0.5]);
    expect(parseSignal('step(1)').breakpoints).toEqual([0]);
  });

  it('ramp: 0 → amplitude over riseTime, then held; slope amplitude/riseTime on the rise', () => {
    const s = parseSignal('ramp(1, 4e-6)', 'Vs');
    expect(s.value(-1)).toBe(0);
    expect(s.value(1e-6)).toBeCloseTo(0.25, 15);
    expect(s.value(1)).toBe(1);
    expect(s.derivative(2e-6)).toBeCloseTo(1 / 4e-6, 6);
    expect(s.derivative(0)).toBeCloseTo(2.5e5, 6);
    expect(s.derivative(0, true)).toBe(0);
    expect(s.derivative(4e-6)).toBe(0);
    expect(s.derivative(4e-6, true)).toBeCloseTo(2.5e5, 6);
    expect(s.breakpoints).toEqual([0, 4e-6]);
    const delayed = ramp(3, 2, 1);
    expect(delayed.value(2)).toBeCloseTo(1.5, 15);
    expect(delayed.breakpoints).toEqual([1, 3]);
  });

  it('sine: offset + A sin(2πft + φ), derivative 2πfA cos(2πft + φ)', () => {
    const s = parseSignal('sine(2, 50, 0.3, 1)', 'Vs');
    fc.assert(
      fc.property(fc.double({ min: -1, max: 1, noNaN: true }), (t) => {
        expect(s.value(t)).toBeCloseTo(1 + 2 * Math.sin(100 * Math.PI * t + 0.3), 12);
        expect(s.derivative(t)).toBeCloseTo(200 * Math.PI * Math.cos(100 * Math.PI * t + 0.3), 9);
      }),
      { seed: 7, numRuns: 50 },
    );
    expect(parseSignal('sine(1, 50)').value(0.005)).toBeCloseTo(1, 12);
  });

  it('pwl: linear between points, held outside, jumps for repeated times', () => {
    const s = parseSignal('pwl(0,0, 1e-3,1)', 'Vs');
    expect(s.value(-1)).toBe(0);
    expect(s.value(0.5e-3)).toBeCloseTo(0.5, 15);
    expect(s.value(2e-3)).toBe(1);
    expect(s.derivative(0.5e-3)).toBeCloseTo(1000, 9);
    expect(s.derivative(2e-3)).toBe(0);
    expect(s.derivative(1e-3, true)).toBeCloseTo(1000, 9);
    expect(s.derivative(1e-3)).toBe(0);
    const jump = pwl([0, 0, 1, 1, 1, 3, 2, 3]);
    expect(jump.value(1, true)).toBe(1);
    expect(jump.value(1)).toBe(3);
    expect(jump.breakpoints).toEqual([0, 1, 2]);
  });

  it('formatSignal round-trips through parseSignal', () => {
    for (const s of [step(1), step(2, 0.5), ramp(1, 4e-6), ramp(1, 2, 3), sine(1, 50), sine(1, 2, 0.1, 3), pwl([0, 0, 1e-3, 1]), constant(5)]) {
      const back = parseSignal(formatSignal(s));
      for (const t of [-1, 0, 0.3e-3, 0.7, 1.5, 4]) {
        expect(back.value(t)).toBe(s.value(t));
        expect(back.derivative(t)).toBe(s.derivative(t));
      }
    }
  });
});

describe('expressions of t', () => {
  it('2*sin(3*t)+1 and its exact derivative 6 cos 3t', () => {
    const s = parseSignal('2*sin(3*t)+1', 'Vs');
    expect(s.kind).toBe('expression');
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), (t) => {
        expect(s.value(t)).toBeCloseTo(2 * Math.sin(3 * t) + 1, 13);
        expect(s.derivative(t)).toBeCloseTo(6 * Math.cos(3 * t), 12);
      }),
      { seed: 11, numRuns: 100 },
    );
  });

  it.each([
    ['exp(-t)*t^2', (t: number) => Math.exp(-t) * (2 * t - t * t)],
    ['sqrt(t) + log(t)', (t: number) => 0.5 / Math.sqrt(t) + 1 / t],
    ['tan(t/3) - cos(pi*t)', (t: number) => 1 / (3 * Math.cos(t / 3) ** 2) + Math.PI * Math.sin(Math.PI * t)],
    ['abs(t - 2) + sign(t)', (t: number) => Math.sign(t - 2)],
    ['max(t, 2 - t) + min(3, t^3)', (t: number) => (t > 1 ? 1 : -1) + (t ** 3 < 3 ? 3 * t * t : 0)],
    ['t^t', (t: number) => t ** t * (Math.log(t) + 1)],
    ['-(t/2)^3 / 4', (t: number) => (-3 * (t / 2) ** 2) / 8],
  ])('derivative of %s against its hand derivative', (text, hand) => {
    const s = expression(text, 'u');
    fc.assert(
      fc.property(fc.double({ min: 0.1, max: 5, noNaN: true }), (t) => {
        fc.pre(Math.abs(t - 1) > 1e-6 && Math.abs(t - 2) > 1e-6 && Math.abs(t ** 3 - 3) > 1e-6);
        const expected = hand(t);
        expect(Math.abs(s.derivative(t) - expected)).toBeLessThanOrEqual(1e-11 * Math.max(1, Math.abs(expected)));
      }),
      { seed: 3, numRuns: 60 },
    );
  });

  it('derivatives agree with central differences on random whitelisted expressions', () => {
    const leaf = fc.oneof(fc.constant('t'), fc.integer({ min: 1, max: 5 }).map(String), fc.constant('pi'));
    const expr = fc.letrec((tie) => ({
      e: fc.oneof(
        { maxDepth: 4, withCrossShrink: true },
        leaf,
        fc.tuple(tie('e'), fc.constantFrom('+', '-', '*'), tie('e')).map(([a, op, b]) => `(${a} ${op} ${b})`),
        fc.tuple(fc.constantFrom('sin', 'cos', 'exp'), tie('e')).map(([f, a]) => `${f}(${a} / 10)`),
      ),
    })).e;
    fc.assert(
      fc.property(expr, fc.double({ min: -1, max: 1, noNaN: true }), (text, t) => {
        const s = expression(text, 'u', parser);
        const h = 1e-5;
        const fd = (s.value(t + h) - s.value(t - h)) / (2 * h);
        expect(Math.abs(s.derivative(t) - fd)).toBeLessThanOrEqual(1e-5 * Math.max(1, Math.abs(fd)));
      }),
      { seed: 42, numRuns: 150 },
    );
  });
});

describe('bad signals are typed errors naming the input', () => {
  it.each([
    'import({x: 1})',
    'evaluate("1+1")',
    'createUnit("foo")',
    'parse("t")',
    'x = 3',
    'f(t) = t',
    'a.b',
    '[1, 2]',
    't > 1 ? 1 : 0',
    '"text"',
    'y + 1',
    'e',
    '5 m',
    'sin(t',
    '',
    'step()',
    'step(1, t)',
    'ramp(1, 0)',
    'ramp(1)',
    'sine(1)',
    'pwl(0, 1, 2)',
    'pwl(1, 0, 0, 1)',
    'sin(1, 2)',
    'cosh(t)',
    't!',
    '1 / 0 + step(1)',
  ])('%s', (text) => {
    const e = badSignal(() => parseSignal(text, 'Vs'));
    expect(e.element).toBe('Vs');
    expect(e.expected).toBeTruthy();
  });
});
