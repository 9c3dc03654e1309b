/**
 * Opaque atoms (non-rational functions of parameters) and the cost bound from the symbols that stay symbolic.
 */
import { all, create } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { estimateMatrixCost, fromMathNode, monomialBound, rowDegrees, toLatex, toText, VariableSet } from '../src/index';

const math = create(all);
const read = (text: string, vars: VariableSet, atoms = true) => fromMathNode(math.parse(text), vars, { atoms });

describe('opaque atoms', () => {
  it('cos(alpha) is one symbol, printed as written, evaluated from alpha', () => {
    const vars = VariableSet.of(['n', 'alpha']);
    const r = read('1/(2*cos(alpha)*n)', vars);
    expect(toText(r)).toBe('1/(2*n*cos(alpha))');
    expect(toLatex(r)).toContain('\\cos\\left(\\alpha\\right)');
    expect(r.evaluate(new Map([['n', 3], ['alpha', 0.4]]))).toBeCloseTo(1 / (2 * Math.cos(0.4) * 3), 14);
    // The same atom twice is the same symbol: cos(alpha)/cos(alpha) = 1.
    expect(toText(read('cos(alpha)/cos(alpha)', vars))).toBe('1');
  });

  it('sqrt(k1*k2), exp(-a) and a non-integer power are atoms; a power of an atom prints unambiguously', () => {
    const vars = VariableSet.of(['k1', 'k2', 'a']);
    const r = read('sqrt(k1*k2) + exp(-a)', vars);
    expect(toText(r)).toMatch(/sqrt\(k1\*k2\)/);
    expect(toText(r)).toMatch(/exp\(-a\)/);
    const p = read('((k1*k2)^0.5)^2', vars);
    expect(toText(p)).toBe('((k1*k2)^0.5)^2');
    expect(p.evaluate(new Map([['k1', 2], ['k2', 8], ['a', 1]]))).toBeCloseTo(16, 12);
    expect(math.evaluate(toText(p), { k1: 2, k2: 8 })).toBeCloseTo(16, 12);
  });

  it('a function of numbers only is its value', () => {
    expect(toText(read('sqrt(4)*x', VariableSet.of(['x'])))).toBe('2*x');
  });

  it('a missing value names the parameter the atom reads', () => {
    const vars = VariableSet.of(['alpha']);
    const r = read('cos(alpha)', vars);
    expect(() => r.evaluate(new Map())).toThrow(expect.objectContaining({ code: 'missing-parameter-value', element: 'alpha' }));
  });

  it('without the atoms option a function stays refused (time-varying callers)', () => {
    expect(() => read('sin(t)', VariableSet.of(['t']), false)).toThrow(expect.objectContaining({ code: 'unsupported' }));
  });

  it('copy() keeps the atoms, so a set extended by s still evaluates them', () => {
    const vars = VariableSet.of(['alpha']);
    read('cos(alpha)', vars);
    const more = vars.copy();
    more.add('s');
    expect(more.atomAt(1)).toBeDefined();
    expect(more.valuesFrom(new Map([['alpha', 0], ['s', 1]]))[1]).toBe(1);
  });
});

describe('cost bound from the kept symbols', () => {
  it('numbers with two symbols: the bound is Π (1 + D_v), whatever the size', () => {
    const vars = VariableSet.of(['x', 'y']);
    const n = 12;
    const rows = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => read(i === 0 && j === 0 ? 'x' : i === 1 && j === 1 ? 'y^2' : `${1 + i + 2 * j}`, vars)));
    // Row 0 has degree 1 in x, row 1 degree 2 in y: at most (1 + 1)(1 + 2) = 6 monomials in any minor.
    expect(monomialBound(rowDegrees(rows, vars.size))).toBe(6);
    const counts = rows.map((r) => r.map((x) => x.termCount));
    expect(estimateMatrixCost(counts, { monomialBound: 6 }).terms).toBeLessThanOrEqual(6);
  });

  it('denominators count once per distinct denominator in a row', () => {
    const vars = VariableSet.of(['R']);
    const rows = [[read('1/R', vars), read('2/R', vars)], [read('1', vars), read('R', vars)]];
    // Row 0 cleared by R: degree 1; row 1: degree 1 → (1 + 2) = 3.
    expect(monomialBound(rowDegrees(rows, vars.size))).toBe(3);
  });
});
