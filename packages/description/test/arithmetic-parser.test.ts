/**
 * parseArithmetic (@sysgraph/core) against mathjs's own parser: on the plain grammar both build the same tree
 * (types, operators, names, values, nesting); outside it parseArithmetic declines, leaving the text to mathjs.
 */
import fc from 'fast-check';
import { create, parseDependencies } from 'mathjs';
import type { MathNode } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { parseArithmetic } from '@sysgraph/core';
import { createExpressionNodes } from '../src/expression-nodes';

const mathjs = create({ parseDependencies }, { number: 'number' });
const { builders } = createExpressionNodes();

/** The tree as plain data: what both parsers must agree on. */
function shape(node: MathNode): unknown {
  const n = node as MathNode & { op?: string; fn?: unknown; name?: string; value?: unknown; args?: MathNode[]; content?: MathNode; implicit?: boolean };
  switch (node.type) {
    case 'ConstantNode':
      return { c: n.value };
    case 'SymbolNode':
      return { s: n.name };
    case 'ParenthesisNode':
      return { p: shape(n.content!) };
    case 'OperatorNode':
      return { op: n.op, fn: n.fn, implicit: n.implicit, args: n.args!.map(shape) };
    case 'FunctionNode':
      return { call: shape(n.fn as MathNode), args: n.args!.map(shape) };
    default:
      return { other: node.type };
  }
}

const agree = (text: string) => {
  const ours = parseArithmetic(text, builders);
  expect(ours, text).toBeDefined();
  expect(shape(ours!), text).toEqual(shape(mathjs.parse(text)));
  expect(ours!.toString(), text).toBe(mathjs.parse(text).toString());
};

describe('parseArithmetic', () => {
  it('builds the same trees as mathjs on precedence and associativity cases', () => {
    for (const text of [
      '1', '2.5', '.5', '1e-3', '1.5E+2', '3e2', 'R', 'R1_a', '$x', 'pi', 'e', 'i',
      '-2^2', '2^-3', '2^3^2', '-a^-b^c', 'a/b/c', 'a-b-c', 'a-b+c', '-a*b', '2*-3', '+a', '--a', '-+a',
      'a*b/c*d', '(a+b)*c', '((a))', '(a)^2', 'sin(x)', 'sin (x)', 'exp(-t/tau)', 'Is*(exp(v/Vt) - 1)',
      'sign(v)*sqrt(abs(v))', 'step(1, 0.5)', 'pwl(0,0, 1e-3,1)', 'f(a, b+c, -d)', ' a \t+ b ', 'k*lambda + k3*lambda^3',
      '1/(1/kt)', '-(-1/D)', 'C0*(1 + a*sin(w*t))*v', '2^(1/2)', 'a^b*c', 'a*b^c', '-(a)', '10.25e-12',
    ]) agree(text);
  });

  it('builds the same trees as mathjs on seeded random expressions of the grammar', () => {
    const name = fc.constantFrom('a', 'b', 'R1', 'x_2', 't', 'Vt', 'lambda', 'e', 'pi');
    const num = fc.oneof(
      fc.integer({ min: 0, max: 10_000 }).map(String),
      fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true }).map((v) => String(v)),
      fc.constantFrom('0.5', '.25', '1e-12', '2.5E+3', '7e0'),
    );
    const space = fc.constantFrom('', ' ', '  ', '\t');
    const { expr } = fc.letrec<{ expr: string; atom: string }>((tie) => ({
      atom: fc.oneof(name, num, tie('expr').map((e) => `(${e})`), fc.tuple(fc.constantFrom('sin', 'exp', 'sqrt', 'f'), fc.array(tie('expr'), { minLength: 1, maxLength: 3 })).map(([f, as]) => `${f}(${as.join(', ')})`)),
      expr: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        tie('atom'),
        fc.tuple(tie('expr'), fc.constantFrom('+', '-', '*', '/', '^'), space, tie('expr')).map(([a, op, s, b]) => `${a}${s}${op}${s}${b}`),
        fc.tuple(fc.constantFrom('-', '+'), tie('expr')).map(([op, a]) => `${op}${a}`),
      ),
    }));
    fc.assert(fc.property(expr, (text) => agree(text)), { seed: 20261126, numRuns: 600 });
  });

  it('declines text outside the plain grammar (mathjs decides it)', () => {
    for (const text of [
      '', '   ', '2x', 'a b', '2 m', '(a)(b)', "x'", 'a mod b', 'a to b', 'not a', 'true', 'null', 'NaN', 'Infinity', '1:3', '[1, 2]', 'a.b',
      'a == b', 'f(x) = 1', 'x = 1', 'a\nb', 'a; b', '"s"', 'a!', 'a .* b', '3.*a', '5.', 'f()', '1.2.3', '1e', '.', 'a ? b : c',
      "import('fs')", 'a ** b', '0x1F', '(a', 'a)', 'f(a,)', 'é',
    ]) expect(parseArithmetic(text, builders), JSON.stringify(text)).toBeUndefined();
  });

  it('declines nesting deeper than its limit instead of overflowing the stack', () => {
    expect(parseArithmetic(`${'('.repeat(5000)}a${')'.repeat(5000)}`, builders)).toBeUndefined();
    expect(parseArithmetic(`${'-'.repeat(5000)}a`, builders)).toBeUndefined();
    expect(parseArithmetic(`${'a^'.repeat(5000)}a`, builders)).toBeUndefined();
  });
});
