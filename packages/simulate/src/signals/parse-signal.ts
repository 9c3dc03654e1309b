/**
 * The text syntax of inputs: step(a[, t0]), ramp(a, rise[, start]), sine(a, f[, phase[, offset]]),
 * pwl(t0, v0, t1, v1, …), a number, or an expression of t. Shape arguments are constant expressions.
 */
import type { MathNode } from 'mathjs';
import type { Signal } from './signal';
import type { RestrictedParser } from './restricted-math';
import { createRestrictedParser } from './restricted-math';
import { compileExpression } from './compile-expression';
import { badSignal } from './check-argument';
import { expression, parseOrThrow } from './expression';
import { constant } from './constant';
import { step } from './step';
import { ramp } from './ramp';
import { sine } from './sine';
import { pwl } from './pwl';
import { numericPwlPoints } from './numeric-pwl';

const SHAPES: Record<string, { min: number; max: number; usage: string }> = {
  constant: { min: 1, max: 1, usage: 'constant(value)' },
  step: { min: 1, max: 2, usage: 'step(amplitude[, time])' },
  ramp: { min: 2, max: 3, usage: 'ramp(amplitude, riseTime[, start])' },
  sine: { min: 2, max: 4, usage: 'sine(amplitude, frequency[, phase[, offset]])' },
  pwl: { min: 2, max: Infinity, usage: 'pwl(t0, v0, t1, v1, …)' },
};

/** Parse the text of input `input` into a Signal; errors are 'bad-signal' naming the input. */
export function parseSignal(text: string, input = 'input', parser: RestrictedParser = createRestrictedParser()): Signal {
  const points = numericPwlPoints(text);
  if (points) return pwl(points, input);
  const node = parseOrThrow(parser, text, input);
  const n = node as MathNode & { fn?: { type: string; name?: string }; args?: MathNode[] };
  const name = node.type === 'FunctionNode' && n.fn?.type === 'SymbolNode' ? n.fn.name : undefined;
  if (name === undefined || !Object.prototype.hasOwnProperty.call(SHAPES, name)) {
    return expression(text, input, parser);
  }
  const shape = SHAPES[name];
  const argNodes = n.args ?? [];
  if (argNodes.length < shape.min || argNodes.length > shape.max) {
    throw badSignal(input, `${name} takes ${shape.usage}, got ${argNodes.length} arguments`, shape.usage);
  }
  const args = argNodes.map((a, k) => {
    const c = compileExpression(a, input);
    if (!c.constant) throw badSignal(input, `argument ${k + 1} of ${name} must not depend on t`, shape.usage, `args[${k}]`);
    return c.value(0);
  });
  switch (name) {
    case 'constant':
      return constant(args[0], input);
    case 'step':
      return step(args[0], args[1] ?? 0, input);
    case 'ramp':
      return ramp(args[0], args[1], args[2] ?? 0, input);
    case 'sine':
      return sine(args[0], args[1], args[2] ?? 0, args[3] ?? 0, input);
    default:
      return pwl(args, input);
  }
}
