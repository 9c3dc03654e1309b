/**
 * NonlinearMath: the one configured mathjs instance of the nonlinear formulation (parse, derivative, LaTeX),
 * created by the caller and passed in (no shared instance).
 *
 * Non-smooth functions of the whitelist (formulation.md section 12, laws such as the orifice
 * q = c·sign(Δp)·sqrt(|Δp|)): mathjs cannot differentiate `sign`, and writes d|x|/dx = |x|/x (0/0 at 0). Before
 * differentiating, every |a| is rewritten a·sign(a) (equal for all real a) and every sign(a) is held as a constant
 * placeholder symbol, so that
 *   d/dx sign(a) = 0,   d/dx |a| = sign(a)·a'      (both exact away from a = 0; 0 is the subgradient taken at a = 0)
 * and the placeholders are put back afterwards. Numeric constants of many digits (999.9999999999982, 1e-300) are
 * held the same way: mathjs's simplification turns each constant into an exact fraction (fraction.js), which
 * takes seconds for a double far from a short decimal; a constant's derivative is 0 whatever its value, so
 * holding it changes nothing but the folding of such constants with each other (short ones are still folded).
 * The derivative is tidied by simplifyCore (0·a, 1·a, a + 0, constant folding of short forms), not by mathjs's full
 * simplify: the full simplify re-parses its whole rule list on every call (about 10 ms a derivative, most of the
 * nonlinear model's build time on laws of a few terms), and the Jacobian entries are compiled to closures, where
 * an unsimplified sum costs nothing measurable.
 * A derivative that is unbounded somewhere (d/dx sqrt(|x|) at 0)
 * evaluates to ±Infinity or NaN there; the model reports that (nonlinear-model.ts), it never passes silently.
 */
import { create, derivativeDependencies, parseDependencies, simplifyCoreDependencies } from 'mathjs';
import type { ConstantNode, FunctionNode, MathNode, SymbolNode } from 'mathjs';
import { SysgraphError } from '@sysgraph/core';

export interface NonlinearMath {
  readonly math: { parse(text: string): MathNode };
  /** ∂node/∂variable, simplified by mathjs; 'bad-law' naming `what` when mathjs cannot differentiate it. */
  derivative(node: MathNode, variable: string, what?: string): MathNode;
}

const PLACEHOLDER = '__sign';
const HELD_CONSTANT = '__const';
/** A constant folded by mathjs: at most 6 significant characters (1000, 0.25, 2e-3); longer ones are held. */
const SHORT_CONSTANT = /^-?[0-9.]{1,6}(e[-+]?[0-9]{1,3})?$/;

/** The mathjs instance, made once (creating one costs ~5 ms, as much as a small model's build); nothing imports into it. */
let instance: ReturnType<typeof create> | undefined;

export function createNonlinearMath(): NonlinearMath {
  const math = (instance ??= create({ parseDependencies, derivativeDependencies, simplifyCoreDependencies }, { number: 'number' }));
  const parse = (text: string) => math.parse(text) as MathNode;
  const fnName = (n: MathNode) => (n.type === 'FunctionNode' ? ((n as FunctionNode).fn as unknown as SymbolNode).name : undefined);
  return {
    math: { parse },
    derivative(node, variable, what = 'expression') {
      const held: MathNode[] = [];
      // |a| → a·sign(a) bottom-up (nested arguments first), then sign(a) → a placeholder (outermost first).
      const bottomUp = (n: MathNode): MathNode => {
        const m = n.map((c: MathNode) => bottomUp(c));
        if (fnName(m) !== 'abs') return m;
        const a = (m as FunctionNode).args[0].toString();
        return parse(`(${a}) * sign(${a})`);
      };
      const rewritten = bottomUp(node);
      const constants: MathNode[] = [];
      const placed = rewritten.transform((n: MathNode) => {
        if (fnName(n) === 'sign') {
          held.push(n);
          return parse(`${PLACEHOLDER}${held.length - 1}`);
        }
        if (n.type === 'ConstantNode' && typeof (n as ConstantNode).value === 'number' && !SHORT_CONSTANT.test(String((n as ConstantNode).value))) {
          constants.push(n);
          return parse(`${HELD_CONSTANT}${constants.length - 1}`);
        }
        return n;
      });
      let d: MathNode;
      try {
        d = math.simplifyCore(math.derivative(placed, variable, { simplify: false }) as MathNode) as MathNode;
      } catch (e) {
        throw new SysgraphError('bad-law', `${what}: cannot differentiate with respect to ${variable} (${e instanceof Error ? e.message : String(e)})`, {
          element: what,
          expected: 'a law built from + - * / ^ and sqrt, exp, log, sin, cos, tan, abs, sign',
        });
      }
      if (held.length === 0 && constants.length === 0) return d;
      return d.transform((n: MathNode) => {
        if (n.type !== 'SymbolNode') return n;
        const name = (n as SymbolNode).name;
        if (name.startsWith(PLACEHOLDER)) return held[Number(name.slice(PLACEHOLDER.length))].cloneDeep();
        if (name.startsWith(HELD_CONSTANT)) return constants[Number(name.slice(HELD_CONSTANT.length))].cloneDeep();
        return n;
      });
    },
  };
}
