/**
 * dampedNewton against closed-form roots: the diode–resistor equation (its root by the Lambert W identity
 * W(w e^w) = w), Wallis's cubic (Cardano's formula), a circle meeting a line (√2) by the sparse LU; and its typed
 * failures (no real root, a singular Jacobian, too few iterations), each naming the caller's element and field.
 */
import { describe, expect, it } from 'vitest';
import { SysgraphError } from '@sysgraph/core';
import { csrFromTriplets, dampedNewton, denseFromRows, factorDenseLU, factorSparseLU } from '../src/index';
import type { NewtonSystem } from '../src/index';

type Rows = number[][];
const denseFactor = (J: Rows) => {
  const lu = factorDenseLU(denseFromRows(J), 'J', { singularTol: 0 });
  return (rhs: Float64Array) => lu.solve(rhs);
};
const scalar = (f: (x: number) => number, df: (x: number) => number, bound = 0): NewtonSystem<Rows> => ({
  residual: (x) => Float64Array.of(f(x[0])),
  jacobian: (x) => [[df(x[0])]],
  factor: denseFactor,
  residualBound: () => bound,
});
const caught = (fn: () => unknown): SysgraphError => {
  try {
    fn();
  } catch (e) {
    return e as SysgraphError;
  }
  throw new Error('expected a throw');
};

describe('dampedNewton', () => {
  it('the diode–resistor equation Is(e^{v/Vt} − 1) = (Vs − v)/R from v = 0: v* = Vt ln(w/a) by Lambert W', () => {
    // (Vs − v)/R = Is(e^{v/Vt} − 1) has v = Vs + Is R − Vt W(a e^{(Vs + Is R)/Vt}), a = Is R/Vt. With
    // Vs = Vt (ln(w/a) + w) − Is R the argument of W is w e^w, W = w, and v = Vt ln(w/a).
    const Is = 1e-14;
    const R = 1000;
    const Vt = 0.025;
    const a = (Is * R) / Vt;
    const w = 150;
    const Vs = Vt * (Math.log(w / a) + w) - Is * R;
    const exact = Vt * Math.log(w / a);
    const f = (v: number) => Is * Math.expm1(v / Vt) - (Vs - v) / R;
    const df = (v: number) => (Is / Vt) * Math.exp(v / Vt) + 1 / R;
    const root = dampedNewton(scalar(f, df, 1e-15), [0]);
    expect(root.x[0]).toBeCloseTo(exact, 12);
    expect(Math.abs(root.residual[0])).toBeLessThanOrEqual(1e-15);
    expect(root.iterations).toBeGreaterThan(1); // the first full step overshoots to e^{176}: damping was needed
  });

  it("Wallis's cubic x³ − 2x − 5 = 0: Cardano's root, converged on the step", () => {
    const s = Math.sqrt(25 / 4 - 8 / 27);
    const exact = Math.cbrt(5 / 2 + s) + Math.cbrt(5 / 2 - s);
    const root = dampedNewton(scalar((x) => x ** 3 - 2 * x - 5, (x) => 3 * x * x - 2), [0.5], { stepTolerance: 1e-14 });
    expect(Math.abs(root.x[0] - exact)).toBeLessThan(1e-14 * exact);
    expect(root.jacobian[0][0]).toBeCloseTo(3 * exact * exact - 2, 10);
    // r(x0) given: not evaluated again, the same iterates otherwise
    let calls = 0;
    const counted = scalar((x) => (calls++, x ** 3 - 2 * x - 5), (x) => 3 * x * x - 2);
    dampedNewton(counted, [0.5], { stepTolerance: 1e-14 });
    const without = calls;
    calls = 0;
    const again = dampedNewton(counted, [0.5], { stepTolerance: 1e-14, initialResidual: Float64Array.of(0.125 - 1 - 5) });
    expect(again.x[0]).toBe(root.x[0]);
    expect(calls).toBe(without - 1);
  });

  it('x² + y² = 4, x = y by the sparse LU: (√2, √2)', () => {
    const system: NewtonSystem<ReturnType<typeof csrFromTriplets>> = {
      residual: (x) => Float64Array.of(x[0] * x[0] + x[1] * x[1] - 4, x[0] - x[1]),
      jacobian: (x) => csrFromTriplets(2, 2, [0, 0, 1, 1], [0, 1, 0, 1], [2 * x[0], 2 * x[1], 1, -1]),
      factor: (J) => {
        const lu = factorSparseLU(J, { ordering: 'amd' });
        return (rhs) => lu.solve(rhs);
      },
      residualBound: () => 1e-14,
    };
    const root = dampedNewton(system, [3, 0.5]);
    expect(root.x[0]).toBeCloseTo(Math.SQRT2, 13);
    expect(root.x[1]).toBeCloseTo(Math.SQRT2, 13);
  });

  it('a trial whose residual throws a typed error, or is not finite, is halved: ln x = 1 from x = 20 gives e', () => {
    const f = (x: number) => {
      if (x <= 0) throw new SysgraphError('bad-law', 'ln of a non-positive number', { element: 'D1', field: 'law' });
      return Math.log(x) - 1;
    };
    // the full step from 20 lands at 20 − 20·(ln 20 − 1) < 0, where the law throws; the step halved twice, at 10, decreases r
    const root = dampedNewton(scalar(f, (x) => 1 / x, 1e-15), [20]);
    expect(root.x[0]).toBeCloseTo(Math.E, 13);
    const nan = dampedNewton(scalar((x) => (x < 0 ? NaN : x * x - 9), (x) => 2 * x, 1e-14), [0.1]);
    expect(nan.x[0]).toBeCloseTo(3, 13);
  });

  it('no real root (x² + 1 = 0): a typed solver-failure naming the caller’s element and field', () => {
    const e = caught(() => dampedNewton(scalar((x) => x * x + 1, (x) => 2 * x), [0.7], { blame: { element: 'D1', field: 'initial', expected: 'a root' }, what: 'test' }));
    expect(e).toBeInstanceOf(SysgraphError);
    expect(e.code).toBe('solver-failure');
    expect(e.element).toBe('D1');
    expect(e.field).toBe('initial');
    expect(e.expected).toBe('a root');
  });

  it('a singular Jacobian at the start (x² − 1 from 0): a typed singular-matrix error naming the caller’s elements', () => {
    const e = caught(() => dampedNewton(scalar((x) => x * x - 1, (x) => 2 * x), [0], { blame: { elements: ['x1'], field: 'guess' } }));
    expect(e.code).toBe('singular-matrix');
    expect(e.elements).toEqual(['x1']);
    expect(e.field).toBe('guess');
  });

  it('too few iterations: a typed solver-failure; an untyped error of the residual is not swallowed', () => {
    const e = caught(() => dampedNewton(scalar((x) => x ** 3 - 2 * x - 5, (x) => 3 * x * x - 2), [0.5], { maxIterations: 2, blame: { field: 'x' } }));
    expect(e.code).toBe('solver-failure');
    expect(e.field).toBe('x');
    const bug = scalar((x) => {
      if (x > 2) throw new TypeError('a bug');
      return x - 3;
    }, () => 1);
    expect(() => dampedNewton(bug, [0])).toThrow(TypeError);
  });
});
