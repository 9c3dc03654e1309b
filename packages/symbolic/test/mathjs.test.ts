import fc from 'fast-check';
import { all, create, type MathNode } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { exactDecimal, fromMathNode, parseRational, RationalFunction, toLatex, toMathNode, VariableSet } from '../src/index';
import { SEED } from './arbitraries';

const math = create(all);
const exact = create(all, { number: 'Fraction' });
const NAMES = ['e', 'i', 'pi', 'E', 'C', 'L', 'N', 'm', 'g', 'J', 'tau', 'R_f'];

/** Random expression text over NAMES, integers, decimals, + − * / ^ (small integer exponents), unary minus. */
const exprArb: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...NAMES),
    fc.integer({ min: 0, max: 9 }).map(String),
    fc.constantFrom('0.5', '0.1', '2.25', '1e-3', '0.3333333333333333'),
    fc.tuple(tie('expr'), fc.constantFrom('+', '-', '*', '/'), tie('expr')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(tie('expr'), fc.integer({ min: -2, max: 3 })).map(([a, k]) => `(${a})^(${k})`),
    tie('expr').map((a) => `-(${a})`),
  ),
})).expr;

/** Integer values for every name. */
const scopeArb = fc.array(fc.integer({ min: -6, max: 6 }), { minLength: NAMES.length, maxLength: NAMES.length });

interface Frac {
  s: bigint;
  n: bigint;
  d: bigint;
}

describe('fromMathNode', () => {
  it('agrees with exact mathjs evaluation (Fraction arithmetic) at random integer points', () => {
    fc.assert(
      fc.property(exprArb, scopeArb, (text, values) => {
        const vars = new VariableSet();
        let rf: RationalFunction;
        try {
          rf = parseRational(text, vars, math);
        } catch (e) {
          // an identically-zero divisor is a legitimate refusal
          expect((e as { code?: string }).code).toBe('bad-value');
          return;
        }
        const scope: Record<string, unknown> = {};
        NAMES.forEach((n, k) => (scope[n] = exact.fraction(values[k])));
        let ref: Frac;
        try {
          ref = exact.evaluate(text, scope) as Frac;
        } catch {
          return; // division by zero at this point
        }
        const point = vars.toArray().map((n) => BigInt(values[NAMES.indexOf(n)]));
        const num = rf.num.evaluateBigint(point);
        const den = rf.den.evaluateBigint(point);
        if (den === 0n) return; // a removable singularity of the original text may still be a pole here
        // num/den = s·n/d  ⇔  num·d = s·n·den
        expect(num * ref.d).toBe(ref.s * ref.n * den);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('names e, i, pi, E, C, L, N, m, g, J are plain parameters', () => {
    const vars = new VariableSet();
    const rf = parseRational('e*i + pi - E/C + L*N^2 - m*g/J', vars, math);
    expect(vars.toArray()).toEqual(['e', 'i', 'pi', 'E', 'C', 'L', 'N', 'm', 'g', 'J']);
    const values: Record<string, number> = { e: 2, i: 3, pi: 5, E: 7, C: 11, L: 13, N: 17, m: 19, g: 23, J: 29 };
    const expected = 2 * 3 + 5 - 7 / 11 + 13 * 17 ** 2 - (19 * 23) / 29;
    expect(rf.evaluate(values)).toBeCloseTo(expected, 10);
    expect(math.evaluate(rf.toString(), values)).toBeCloseTo(expected, 10);
  });

  it('numbers are exact decimals', () => {
    const vars = new VariableSet();
    const tenth = parseRational('0.1', vars, math);
    expect(tenth.num.constantValue()).toBe(1n);
    expect(tenth.den.constantValue()).toBe(10n);
    const third = parseRational('0.3333333333333333', vars, math);
    expect(third.num.constantValue()).toBe(3333333333333333n);
    expect(third.den.constantValue()).toBe(10n ** 16n);
    expect(exactDecimal('-1.5e-3')).toEqual({ num: -3n, den: 2000n });
    expect(exactDecimal('2.5E+2')).toEqual({ num: 250n, den: 1n });
    expect(parseRational('0.1 + 0.2', vars, math).equals(parseRational('3/10', vars, math))).toBe(true);
  });

  it('non-rational input is refused with the context', () => {
    const vars = new VariableSet();
    const context = { element: 'R1', field: 'value' };
    for (const text of ['sqrt(R)', 'exp(-t/tau)', 'R^0.5', 'R^x', 'sin(w)', 'a == b', '[1, 2]', '"R"']) {
      expect(() => parseRational(text, vars, math, { context })).toThrowError(
        expect.objectContaining({ code: 'unsupported', element: 'R1', field: 'value', expected: 'a rational expression of the parameters' }),
      );
    }
    expect(() => parseRational('1/(R - R)', vars, math, { context })).toThrowError(
      expect.objectContaining({ code: 'bad-value', element: 'R1', expected: 'a nonzero divisor' }),
    );
    expect(() => parseRational('(', vars, math, { context })).toThrowError(expect.objectContaining({ code: 'bad-value', element: 'R1' }));
    expect(() => parseRational('(a + b + c + d)^60', vars, math)).toThrowError(expect.objectContaining({ code: 'symbolic-too-costly' }));
    expect(() => fromMathNode(math.parse('Q'), VariableSet.of(['R']), { addVariables: false })).toThrowError(
      expect.objectContaining({ code: 'unknown-parameter' }),
    );
  });
});

describe('printing', () => {
  it('toText round-trips through mathjs parse', () => {
    fc.assert(
      fc.property(exprArb, (text) => {
        const vars = new VariableSet();
        let rf: RationalFunction;
        try {
          rf = parseRational(text, vars, math);
        } catch {
          return;
        }
        const back = parseRational(rf.toString(), vars, math);
        expect(back.equals(rf)).toBe(true);
        const node: MathNode = toMathNode(rf, math);
        expect(fromMathNode(node, vars).equals(rf)).toBe(true);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('the StateMint tutorial coefficient is tidy and exactly right', () => {
    const vars = VariableSet.of(['kt', 'Kv', 'R', 'Rf', 'D', 'L']);
    // τ_k' coefficient of τ_k from formulation.md section 9: −k_t(K_v²R + 1/(R_f D²))/(1 + k_t K_v² L)
    const rf = parseRational('-kt*(Kv^2*R + 1/(Rf*D^2))/(1 + kt*Kv^2*L)', vars, math);
    expect(rf.toString()).toBe('-kt*(Kv^2*R*Rf*D^2 + 1)/(Rf*D^2*(kt*Kv^2*L + 1))');
    // Multi-letter names print as one italic word each (\\mathit), so Kv never reads as K·v.
    expect(toLatex(rf)).toBe('-\\frac{\\mathit{kt} \\left(\\mathit{Kv}^{2} R \\mathit{Rf} D^{2} + 1\\right)}{\\mathit{Rf} D^{2} \\left(\\mathit{kt} \\mathit{Kv}^{2} L + 1\\right)}');
    // independent check at random points: the hand formula in floating point
    const rng = fc.sample(fc.array(fc.double({ min: 0.5, max: 3, noNaN: true }), { minLength: 6, maxLength: 6 }), { seed: SEED, numRuns: 20 });
    for (const [kt, Kv, R, Rf, D, L] of rng) {
      const hand = (-kt * (Kv * Kv * R + 1 / (Rf * D * D))) / (1 + kt * Kv * Kv * L);
      expect(rf.evaluate({ kt, Kv, R, Rf, D, L })).toBeCloseTo(hand, 12);
    }
  });

  it('toLatex of hand-written expressions', () => {
    const cases: [string[], string, string][] = [
      [['tau', 'omega_n', 'K_v', 'x'], 'K_v^2*tau/(omega_n*x)', '\\frac{\\tau K_{v}^{2}}{\\omega_{n} x}'],
      [['a', 'b'], '(a - b)/2', '\\frac{a - b}{2}'],
      [['a'], '-(a + 1)', '-\\left(a + 1\\right)'],
      [['x'], 'x^2 - 2*x + 1', 'x^{2} - 2 x + 1'],
      [['a'], '3/(4*a)', '\\frac{3}{4 a}'],
      [['a', 'b'], '-a/b', '-\\frac{a}{b}'],
      [['R_1', 'C_1', 's'], '1/(1 + s*R_1*C_1)', '\\frac{1}{R_{1} C_{1} s + 1}'],
      [['Omega', 'theta'], '2*Omega*theta^3', '2 \\Omega \\theta^{3}'],
      [['x'], '0', '0'],
    ];
    for (const [names, text, latex] of cases) {
      expect(toLatex(parseRational(text, VariableSet.of(names), math))).toBe(latex);
    }
  });

  it('toText of hand-written expressions', () => {
    const cases: [string[], string, string][] = [
      [['a', 'b'], '(a - b)/2', '(a - b)/2'],
      [['a'], '-(a + 1)', '-(a + 1)'],
      [['a', 'b'], 'a*b/(2*a)', 'b/2'],
      [['x', 'y', 'z'], 'x*y/(x*z)', 'y/z'],
      [['a', 'b'], '1/(a*b)', '1/(a*b)'],
      [['a', 'b'], '-2*a^2/(3*b)', '-2*a^2/(3*b)'],
    ];
    for (const [names, text, out] of cases) {
      expect(parseRational(text, VariableSet.of(names), math).toString()).toBe(out);
    }
  });
});
