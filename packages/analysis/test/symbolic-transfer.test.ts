import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RationalFunction, latexName, rationalFunctionField } from '@sysgraph/symbolic';
import {
  evaluateTransfer, formatTransfer, poles, symbolicTransfer, transferAt, TRANSFER_COST_EXPECTED,
} from '../src/index';
import type { Complex, SymbolicTransfer } from '../src/index';
import { EXAMPLES, example, numericAt, ownValues, symbolicRun } from './support/pipeline';
import { polynomialRoots, rootSetDistance } from './support/polynomial-roots';

const SEED = 20241122;

/** max |a − b| over the matrix relative to max |b|. */
function matrixRelativeError(a: Complex[][], b: Complex[][]): number {
  let scale = 0;
  let err = 0;
  b.forEach((row, i) =>
    row.forEach((z, j) => {
      scale = Math.max(scale, Math.hypot(z.re, z.im));
      err = Math.max(err, Math.hypot(a[i][j].re - z.re, a[i][j].im - z.im));
    }),
  );
  return err / Math.max(scale, Number.MIN_VALUE);
}

/** RC ladder: Vs, then N sections of series R_k and shunt C_k; output the last capacitor voltage. */
function rcLadder(N: number, names: { R?: (k: number) => string } = {}) {
  const R = names.R ?? ((k: number) => `R${k}`);
  const parameters: Record<string, { value: number }> = {};
  const elements: Record<string, unknown>[] = [{ id: 'Vs', kind: 'voltage-source', from: 'n0', to: 'g', value: 1 }];
  for (let k = 1; k <= N; k++) {
    parameters[R(k)] = { value: 1 + k / 10 };
    parameters[`C${k}`] = { value: 1 + k / 7 };
    elements.push({ id: `Rs${k}`, kind: 'resistor', from: `n${k - 1}`, to: `n${k}`, value: R(k) });
    elements.push({ id: `Cs${k}`, kind: 'capacitor', from: `n${k}`, to: 'g', value: `C${k}` });
  }
  return { name: `rc-${N}`, parameters, elements, outputs: [{ name: 'v_out', element: `Cs${N}`, variable: 'across' }], ground: 'g' };
}

/** The field over H's variables, with the named symbols of that field. */
function symbols(h: SymbolicTransfer) {
  const F = rationalFunctionField(h.variables);
  const v = (name: string) => RationalFunction.variable(h.variables, name);
  return { F, v, s: v(h.laplace.name) };
}

describe('symbolicTransfer equals the numeric transferAt at random parameters and random complex s', () => {
  for (const name of EXAMPLES) {
    it(name, () => {
      const run = symbolicRun(example(name));
      const h = symbolicTransfer(run.model, run.variables);
      const names = [...run.description.parameters.keys()];
      fc.assert(
        fc.property(
          fc.array(fc.double({ min: 0.2, max: 5, noNaN: true }), { minLength: names.length, maxLength: names.length }),
          fc.double({ min: -3, max: 3, noNaN: true }),
          fc.double({ min: 0.05, max: 4, noNaN: true }),
          (vals, re, im) => {
            const values = new Map(names.map((n, k) => [n, vals[k]]));
            const s = { re, im };
            const numeric = transferAt(numericAt(run, values), s);
            expect(matrixRelativeError(evaluateTransfer(h, values, s), numeric)).toBeLessThan(1e-10);
          },
        ),
        { seed: SEED, numRuns: 40 },
      );
    });
  }
});

describe('closed forms', () => {
  it('RC ladder N = 1: H(s) = 1/(1 + s R1 C1)', () => {
    const run = symbolicRun(rcLadder(1));
    const h = symbolicTransfer(run.model, run.variables);
    const { F, v, s } = symbols(h);
    const expected = F.div(F.one, F.add(F.one, F.mul(s, F.mul(v('R1'), v('C1')))));
    expect(h.H[0][0].equals(expected)).toBe(true);
  });

  it('RC ladder N = 2: H(s) = 1/(1 + s (R1 C1 + R1 C2 + R2 C2) + s² R1 R2 C1 C2)', () => {
    const run = symbolicRun(rcLadder(2));
    const h = symbolicTransfer(run.model, run.variables);
    const { F, v, s } = symbols(h);
    const [R1, R2, C1, C2] = ['R1', 'R2', 'C1', 'C2'].map(v);
    const prod = (...xs: RationalFunction[]) => xs.reduce((a, b) => F.mul(a, b), F.one);
    const sum = (...xs: RationalFunction[]) => xs.reduce((a, b) => F.add(a, b), F.zero);
    const a1 = sum(prod(R1, C1), prod(R1, C2), prod(R2, C2));
    const a2 = prod(R1, R2, C1, C2);
    const expected = F.div(F.one, sum(F.one, F.mul(s, a1), prod(s, s, a2)));
    expect(h.H[0][0].equals(expected)).toBe(true);
    expect(h.characteristic.length).toBe(3);
  });

  it('RC ladder N = 3: denominator 1 + s Σ_{i≤j} R_i C_j + s² Σ_{i1≤j1<i2≤j2} R_i1 C_j1 R_i2 C_j2 + s³ R1R2R3C1C2C3', () => {
    const run = symbolicRun(rcLadder(3));
    const h = symbolicTransfer(run.model, run.variables);
    const { F, v, s } = symbols(h);
    const R = (k: number) => v(`R${k}`);
    const C = (k: number) => v(`C${k}`);
    const prod = (...xs: RationalFunction[]) => xs.reduce((a, b) => F.mul(a, b), F.one);
    const sum = (...xs: RationalFunction[]) => xs.reduce((a, b) => F.add(a, b), F.zero);
    // Written out by hand (chain matrices of the three sections).
    const a1 = sum(prod(R(1), C(1)), prod(R(1), C(2)), prod(R(1), C(3)), prod(R(2), C(2)), prod(R(2), C(3)), prod(R(3), C(3)));
    const a2 = sum(
      prod(R(1), C(1), R(2), C(2)),
      prod(R(1), C(1), R(2), C(3)),
      prod(R(1), C(1), R(3), C(3)),
      prod(R(1), C(2), R(3), C(3)),
      prod(R(2), C(2), R(3), C(3)),
    );
    const a3 = prod(R(1), R(2), R(3), C(1), C(2), C(3));
    const den = sum(F.one, prod(s, a1), prod(s, s, a2), prod(s, s, s, a3));
    expect(h.H[0][0].equals(F.div(F.one, den))).toBe(true);
    // 13 = F(7) terms: the Fibonacci count of the RC ladder's denominator.
    expect(h.H[0][0].den.size).toBe(13);
  });

  it('series RLC: H_vC(s) = 1/(L C s² + R C s + 1), H_iL(s) = C s/(L C s² + R C s + 1), Δ(s) = s² + (R/L) s + 1/(L C)', () => {
    const run = symbolicRun(example('rlc-series'));
    const h = symbolicTransfer(run.model, run.variables);
    const { F, v, s } = symbols(h);
    const [R, L, C] = ['R', 'L', 'C'].map(v);
    const den = F.add(F.add(F.mul(F.mul(L, C), F.mul(s, s)), F.mul(F.mul(R, C), s)), F.one);
    expect(h.outputs).toEqual(['v_C1', 'i_L1']);
    expect(h.H[0][0].equals(F.div(F.one, den))).toBe(true);
    expect(h.H[1][0].equals(F.div(F.mul(C, s), den))).toBe(true);
    expect(h.characteristic.map((c) => c.toString())).toEqual(
      [F.div(F.one, F.mul(L, C)), F.div(R, L), F.one].map((c) => c.toString()),
    );
    expect(h.characteristic.every((c, k) => c.equals([F.div(F.one, F.mul(L, C)), F.div(R, L), F.one][k]))).toBe(true);
  });

  it('an input derivative (a capacitor across the source) gives the s E term: H_iC1(s) = C1 s', () => {
    const run = symbolicRun({
      name: 'source-capacitor',
      parameters: { C1: { value: 2 }, C2: { value: 3 }, R: { value: 5 } },
      elements: [
        { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g', value: 1 },
        { id: 'C1', kind: 'capacitor', from: 'a', to: 'g', value: 'C1' },
        { id: 'R', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
        { id: 'C2', kind: 'capacitor', from: 'b', to: 'g', value: 'C2' },
      ],
      outputs: [
        { name: 'i_C1', element: 'C1', variable: 'through' },
        { name: 'v_C2', element: 'C2', variable: 'across' },
      ],
      ground: 'g',
    });
    expect(run.model.E.flat().some((e) => !e.isZero())).toBe(true);
    const h = symbolicTransfer(run.model, run.variables);
    const { F, v, s } = symbols(h);
    expect(h.H[0][0].equals(F.mul(v('C1'), s))).toBe(true);
    expect(h.H[1][0].equals(F.div(F.one, F.add(F.one, F.mul(s, F.mul(v('R'), v('C2'))))))).toBe(true);
  });
});

describe('characteristic polynomial and poles', () => {
  for (const name of EXAMPLES) {
    it(`${name}: the roots of det(sI − A) (Durand–Kerner) are the eigenvalues of the numeric A`, () => {
      const run = symbolicRun(example(name));
      const values = ownValues(run);
      const h = symbolicTransfer(run.model, run.variables, { values });
      const x = h.variables.valuesFrom(values);
      const coefficients = h.characteristic.map((c) => c.evaluate(x));
      expect(coefficients[coefficients.length - 1]).toBe(1);
      const numericPoles = poles(numericAt(run, values));
      expect(h.poles).not.toBeNull();
      expect(rootSetDistance(polynomialRoots(coefficients), numericPoles)).toBeLessThan(1e-7);
      expect(rootSetDistance(h.poles!, numericPoles)).toBeLessThan(1e-12);
    });
  }

  it('Δ(s) evaluated equals Π (s − λ_i) over the numeric eigenvalues at random complex s', () => {
    const run = symbolicRun(example('cellier-gear'));
    const values = ownValues(run);
    const h = symbolicTransfer(run.model, run.variables, { values });
    const x = h.variables.valuesFrom(values);
    const lambda = poles(numericAt(run, values));
    fc.assert(
      fc.property(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), (re, im) => {
        let d = { re: 0, im: 0 };
        for (let k = h.characteristic.length - 1; k >= 0; k--) {
          d = { re: d.re * re - d.im * im + h.characteristic[k].evaluate(x), im: d.re * im + d.im * re };
        }
        let p = { re: 1, im: 0 };
        for (const l of lambda) {
          const f = { re: re - l.re, im: im - l.im };
          p = { re: p.re * f.re - p.im * f.im, im: p.re * f.im + p.im * f.re };
        }
        expect(Math.hypot(d.re - p.re, d.im - p.im)).toBeLessThan(1e-9 * Math.max(1, Math.hypot(p.re, p.im)));
      }),
      { seed: SEED, numRuns: 30 },
    );
  });

  it('the RC ladder N = 3 poles are real and negative, and match the numeric eigenvalues', () => {
    const run = symbolicRun(rcLadder(3));
    const values = ownValues(run);
    const h = symbolicTransfer(run.model, run.variables, { values });
    expect(h.poles!.every((z) => z.re < 0 && Math.abs(z.im) < 1e-12)).toBe(true);
    expect(rootSetDistance(h.poles!, poles(numericAt(run, values)))).toBeLessThan(1e-12);
  });

  it('no values, no poles', () => {
    const run = symbolicRun(example('rlc-series'));
    expect(symbolicTransfer(run.model, run.variables).poles).toBeNull();
  });
});

describe('the Laplace variable', () => {
  it('a parameter named s: the Laplace variable is p, and the caller’s VariableSet is unchanged', () => {
    const run = symbolicRun(rcLadder(1, { R: () => 's' }));
    const before = run.variables.toArray();
    const h = symbolicTransfer(run.model, run.variables);
    expect(h.laplace).toEqual({ name: 'p', index: 2, renamed: true });
    expect(run.variables.toArray()).toEqual(before);
    const { F, v } = symbols(h);
    expect(h.H[0][0].equals(F.div(F.one, F.add(F.one, F.mul(v('p'), F.mul(v('s'), v('C1'))))))).toBe(true);
    expect(formatTransfer(h)).toContain('the Laplace variable is p');
  });

  it('parameters named s and p: s_1', () => {
    const run = symbolicRun({
      name: 'sp',
      parameters: { s: { value: 1 }, p: { value: 2 } },
      elements: [
        { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g', value: 1 },
        { id: 'R', kind: 'resistor', from: 'a', to: 'b', value: 's' },
        { id: 'C', kind: 'capacitor', from: 'b', to: 'g', value: 'p' },
      ],
      outputs: [{ name: 'v', element: 'C', variable: 'across' }],
      ground: 'g',
    });
    expect(symbolicTransfer(run.model, run.variables).laplace.name).toBe('s_1');
  });

  it('the variable s is appended to the parameters; without a clash it is s', () => {
    const run = symbolicRun(example('motor-pump'));
    const h = symbolicTransfer(run.model, run.variables);
    expect(h.variables.toArray()).toEqual([...run.variables.toArray(), 's']);
    expect(h.laplace).toEqual({ name: 's', index: run.variables.size, renamed: false });
  });
});

describe('cost guard and errors', () => {
  it('refuses a transfer function that would swell, before eliminating', () => {
    const run = symbolicRun(rcLadder(16));
    const err = (() => {
      try {
        symbolicTransfer(run.model, run.variables);
      } catch (e) {
        return e as { code: string; expected: string };
      }
      return null;
    })();
    expect(err).toMatchObject({ code: 'symbolic-too-costly', expected: TRANSFER_COST_EXPECTED });
    expect(TRANSFER_COST_EXPECTED).toBe('a smaller system, or the numeric transfer function');
  });

  it('refuses the RC ladder N = 14 (measured 348 s to complete; Δ has 514 229 terms) on its time estimate', () => {
    const run = symbolicRun(rcLadder(14));
    expect(() => symbolicTransfer(run.model, run.variables)).toThrowError(
      expect.objectContaining({ code: 'symbolic-too-costly', expected: TRANSFER_COST_EXPECTED }),
    );
  });

  it('thresholds are the caller’s: a tiny limit refuses the series RLC', () => {
    const run = symbolicRun(example('rlc-series'));
    expect(() => symbolicTransfer(run.model, run.variables, { thresholds: { slowTerms: 1, refuseTerms: 2 } })).toThrowError(
      expect.objectContaining({ code: 'symbolic-too-costly' }),
    );
  });

  it('the estimate is reported with the result', () => {
    const run = symbolicRun(rcLadder(3));
    const h = symbolicTransfer(run.model, run.variables);
    expect(h.cost.verdict).toBe('ok');
    // The guard's term estimate bounds the expanded determinant (13 terms over the cleared rows).
    expect(h.cost.terms).toBeGreaterThanOrEqual(13);
  });

  it('matrices of the wrong shape are refused, naming the matrix', () => {
    const run = symbolicRun(example('rlc-series'));
    const bad = { ...run.model, B: [run.model.B[0]] };
    expect(() => symbolicTransfer(bad, run.variables)).toThrowError(expect.objectContaining({ code: 'bad-value', field: 'B' }));
  });

  it('entries over another VariableSet are refused', () => {
    const run = symbolicRun(example('rlc-series'));
    const other = symbolicRun(example('mass-spring-damper'));
    expect(() => symbolicTransfer(run.model, other.variables)).toThrowError(expect.objectContaining({ code: 'bad-value', field: 'variables' }));
  });

  it('evaluation needs every parameter H uses, and refuses a pole', () => {
    const run = symbolicRun(example('rlc-series'));
    const h = symbolicTransfer(run.model, run.variables);
    expect(() => evaluateTransfer(h, new Map([['R', 1], ['L', 1]]), { re: 0, im: 1 })).toThrowError(
      expect.objectContaining({ code: 'missing-parameter-value', element: 'C' }),
    );
    // R = 0, L = C = 1: poles at ±i.
    expect(() => evaluateTransfer(h, { R: 0, L: 1, C: 1 }, { re: 0, im: 1 })).toThrowError(expect.objectContaining({ code: 'bad-option' }));
  });

  it('poles need a value for every parameter of A', () => {
    const run = symbolicRun(example('rlc-series'));
    expect(() => symbolicTransfer(run.model, run.variables, { values: { R: 1, L: 2 } })).toThrowError(
      expect.objectContaining({ code: 'missing-parameter-value', element: 'C' }),
    );
  });

  it('a model without states: H = D + s E', () => {
    const run = symbolicRun({
      name: 'divider',
      parameters: { R1: { value: 1 }, R2: { value: 3 } },
      elements: [
        { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g', value: 1 },
        { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R1' },
        { id: 'R2', kind: 'resistor', from: 'b', to: 'g', value: 'R2' },
      ],
      outputs: [{ name: 'v2', element: 'R2', variable: 'across' }],
      ground: 'g',
    });
    const h = symbolicTransfer(run.model, run.variables, { values: ownValues(run) });
    const { F, v } = symbols(h);
    expect(h.H[0][0].equals(F.div(v('R2'), F.add(v('R1'), v('R2'))))).toBe(true);
    expect(h.characteristic).toHaveLength(1);
    expect(h.poles).toEqual([]);
  });
});

describe('determinism and printing', () => {
  it('two derivations are structurally equal', () => {
    const a = symbolicRun(example('cellier-gear'));
    const b = symbolicRun(example('cellier-gear'));
    const ha = symbolicTransfer(a.model, a.variables);
    const hb = symbolicTransfer(b.model, b.variables);
    ha.H.forEach((row, i) => row.forEach((x, j) => expect(x.num.equals(hb.H[i][j].num) && x.den.equals(hb.H[i][j].den)).toBe(true)));
  });

  it('series RLC printout (text, mathjs syntax, collected in powers of s with a monic denominator)', () => {
    const run = symbolicRun(example('rlc-series'));
    const h = symbolicTransfer(run.model, run.variables, { values: ownValues(run) });
    expect(formatTransfer(h).split('\n')).toEqual([
      'H(s) = C (sI - A)^-1 B + D + s E: 2 outputs × 1 input, 2 states',
      'det(sI - A) = s^2 + (R/L)*s + 1/(L*C)',
      'H_{v_C1,Vs}(s) = (1/(L*C))/(s^2 + (R/L)*s + 1/(L*C))',
      'H_{i_L1,Vs}(s) = ((1/L)*s)/(s^2 + (R/L)*s + 1/(L*C))',
      'poles at the parameter values: -1 - 2.64575i, -1 + 2.64575i',
    ]);
  });

  it('series RLC printout (LaTeX; names through the symbolic package’s latexName)', () => {
    const run = symbolicRun(example('rlc-series'));
    const h = symbolicTransfer(run.model, run.variables);
    expect(formatTransfer(h, 'latex').split('\n')).toEqual([
      '\\begin{aligned}',
      '\\Delta(s) = \\det(s I - A) &= s^{2} + \\frac{R}{L} s + \\frac{1}{L C} \\\\',
      `H_{${latexName('v_C1')},${latexName('Vs')}}(s) &= \\frac{\\frac{1}{L C}}{s^{2} + \\frac{R}{L} s + \\frac{1}{L C}} \\\\`,
      `H_{${latexName('i_L1')},${latexName('Vs')}}(s) &= \\frac{\\frac{1}{L} s}{s^{2} + \\frac{R}{L} s + \\frac{1}{L C}}`,
      '\\end{aligned}',
    ]);
  });

  it('negative and sum coefficients print with their sign outside and parentheses around sums', () => {
    const run = symbolicRun(example('cellier-gear'));
    const h = symbolicTransfer(run.model, run.variables);
    const text = formatTransfer(h);
    // H_{w2,mg}: the weight pulls the inertia backwards, so the numerator leads with a minus sign.
    const line = text.split('\n').find((l) => l.startsWith('H_{w2,mg}'))!;
    expect(line).toMatch(/^H_\{w2,mg\}\(s\) = \(-\(/);
    expect(text).not.toMatch(/\+ -/);
  });
});
