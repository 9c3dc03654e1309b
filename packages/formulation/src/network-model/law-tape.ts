/**
 * compileLaw: one element law z = L(w, t) (a mathjs tree over the restricted grammar of the description: numbers,
 * parameters, + − * / ^, unary −, parentheses, sqrt exp log sin cos tan abs sign, the law's variable w and t)
 * compiled ONCE into a tape of forward-mode operations carrying, for every node a, the value and the derivatives
 *   a, ∂a/∂w, ∂a/∂t, ∂²a/∂w², ∂²a/∂w∂t, ∂²a/∂t²
 * (second order: the Jacobian of a state equation C(v) v' = i − Q_t needs Q_vv and Q_vt, its ∂f/∂t needs Q_vt and
 * Q_tt). Chain rule of a function g of one argument:
 *   (g∘a)_w = g'(a) a_w,   (g∘a)_ww = g''(a) a_w² + g'(a) a_ww,   (g∘a)_wt = g''(a) a_w a_t + g'(a) a_wt,
 *   (g∘a)_tt = g''(a) a_t² + g'(a) a_tt   (the t-rules are the w-rules with t for w; computed only by a law in t).
 * Parameters are folded to constants, and so is every subtree free of w and t. No mathjs derivative, no simplify,
 * no eval or Function. sign' = 0, |a|' = sign(a) a'. A derivative that is not finite (sqrt at 0) is returned as
 * it is (±Infinity, or NaN where the limit is undetermined, e.g. sign(v)·sqrt|v| at 0): the caller checks
 * Number.isFinite and decides; a zero inner derivative times an infinite outer one is 0 (d sqrt(t)/dv = 0).
 */
import { SysgraphError } from '@sysgraph/core';
import type { ConstantNode, FunctionNode, MathNode, OperatorNode, ParenthesisNode, SymbolNode } from 'mathjs';
import type { ScalarLaw } from './scalar-law';

export const OP = { add: 1, sub: 2, mul: 3, div: 4, neg: 5, powc: 6, sqrt: 7, exp: 8, log: 9, sin: 10, cos: 11, tan: 12, abs: 13, sign: 14 } as const;
const FUNCTION_OPS: ReadonlyMap<string, number> = new Map([
  ['sqrt', OP.sqrt], ['exp', OP.exp], ['log', OP.log], ['sin', OP.sin], ['cos', OP.cos], ['tan', OP.tan], ['abs', OP.abs], ['sign', OP.sign],
]);
const FUNCTION_VALUES: ReadonlyMap<string, (x: number) => number> = new Map([
  ['sqrt', Math.sqrt], ['exp', Math.exp], ['log', Math.log], ['sin', Math.sin], ['cos', Math.cos], ['tan', Math.tan], ['abs', Math.abs], ['sign', Math.sign],
]);

/** Where the law sits, for messages. */
export interface LawSite {
  readonly element: string;
  readonly field: string;
}

/** A compiled law: evaluate(w, t) fills value, dw, dt, dww, dwt. */
export class TapeLaw implements ScalarLaw {
  readonly dependsOnTime: boolean;
  value = 0;
  dw = 0;
  dt = 0;
  dww = 0;
  dwt = 0;
  dtt = 0;
  private readonly v: Float64Array;
  private readonly d: Float64Array;
  private readonly e: Float64Array;
  private readonly dd: Float64Array;
  private readonly de: Float64Array;
  private readonly ee: Float64Array;

  constructor(
    /** The program (read by law-batch.ts): slot count, constant slots, ops (op, out, a, b), result slot. */
    readonly slots: number,
    readonly constants: readonly (readonly [number, number])[],
    readonly code: Int32Array,
    readonly out: number,
    /** Whether each slot depends on w, on t (structure, known when compiled). */
    readonly W: Uint8Array,
    private readonly T: Uint8Array,
  ) {
    this.v = new Float64Array(slots);
    this.d = new Float64Array(slots);
    this.e = new Float64Array(slots);
    this.dd = new Float64Array(slots);
    this.de = new Float64Array(slots);
    this.ee = new Float64Array(slots);
    for (const [slot, c] of constants) this.v[slot] = c;
    this.dependsOnTime = T[out] === 1;
    // Slot 0 is w (∂w/∂w = 1), slot 1 is t (∂t/∂t = 1).
    this.d[0] = 1;
    this.e[1] = 1;
  }

  /** The value alone (no derivatives): the cheap pass for f. */
  valueAt(w: number, t: number): number {
    const { v, code } = this;
    v[0] = w;
    v[1] = t;
    for (let pc = 0; pc < code.length; pc += 4) {
      const o = code[pc + 1];
      const x = v[code[pc + 2]];
      const y = v[code[pc + 3]];
      switch (code[pc]) {
        case OP.add: v[o] = x + y; break;
        case OP.sub: v[o] = x - y; break;
        case OP.mul: v[o] = x * y; break;
        case OP.div: v[o] = x / y; break;
        case OP.neg: v[o] = -x; break;
        case OP.powc: v[o] = y === 2 ? x * x : y === 3 ? x * x * x : Math.pow(x, y); break;
        case OP.sqrt: v[o] = Math.sqrt(x); break;
        case OP.exp: v[o] = Math.exp(x); break;
        case OP.log: v[o] = Math.log(x); break;
        case OP.sin: v[o] = Math.sin(x); break;
        case OP.cos: v[o] = Math.cos(x); break;
        case OP.tan: v[o] = Math.tan(x); break;
        case OP.abs: v[o] = Math.abs(x); break;
        default: v[o] = Math.sign(x); break;
      }
    }
    return v[this.out];
  }

  /**
   * ∂L/∂w alone: value and first derivative in w (the rules of evaluate restricted to a, ∂a/∂w; a node free of w
   * has ∂/∂w = 0 by structure, so 0 · ∞ does not arise from it).
   */
  slopeAt(w: number, t: number): number {
    const { v, d, code, W } = this;
    v[0] = w;
    v[1] = t;
    for (let pc = 0; pc < code.length; pc += 4) {
      const op = code[pc];
      const o = code[pc + 1];
      const a = code[pc + 2];
      const b = code[pc + 3];
      const wa = W[a] === 1, wb = W[b] === 1;
      switch (op) {
        case OP.add: v[o] = v[a] + v[b]; d[o] = d[a] + d[b]; break;
        case OP.sub: v[o] = v[a] - v[b]; d[o] = d[a] - d[b]; break;
        case OP.mul: {
          const va = v[a], vb = v[b];
          d[o] = (wa ? d[a] * vb : 0) + (wb ? va * d[b] : 0);
          v[o] = va * vb;
          break;
        }
        case OP.div: {
          const va = v[a], r = 1 / v[b];
          d[o] = (wa ? d[a] * r : 0) + (wb ? va * (-r * r * d[b]) : 0);
          v[o] = va / v[b];
          break;
        }
        case OP.neg: v[o] = -v[a]; d[o] = -d[a]; break;
        default: {
          const x = v[a];
          let g = 0, g1 = 0;
          switch (op) {
            case OP.powc: {
              const c = v[b];
              if (c === 2) { g = x * x; g1 = 2 * x; }
              else if (c === 3) { g = x * x * x; g1 = 3 * x * x; }
              else { g = Math.pow(x, c); g1 = c === 0 ? 0 : c * Math.pow(x, c - 1); }
              break;
            }
            case OP.sqrt: g = Math.sqrt(x); g1 = 0.5 / g; break;
            case OP.exp: g = Math.exp(x); g1 = g; break;
            case OP.log: g = Math.log(x); g1 = 1 / x; break;
            case OP.sin: g = Math.sin(x); g1 = Math.cos(x); break;
            case OP.cos: g = Math.cos(x); g1 = -Math.sin(x); break;
            case OP.tan: g = Math.tan(x); g1 = 1 + g * g; break;
            case OP.abs: g = Math.abs(x); g1 = Math.sign(x); break;
            default: g = Math.sign(x); g1 = 0; break; // sign
          }
          v[o] = g;
          d[o] = wa ? g1 * d[a] : 0;
        }
      }
    }
    return d[this.out];
  }

  /** L(w, t) as computed by the last slopeAt (its value slot: the same operations as valueAt, the same bits). */
  valueOfLastSlope(): number {
    return this.v[this.out];
  }

  evaluate(w: number, t: number): void {
    const { v, d, e, dd, de, ee, code, W, T } = this;
    v[0] = w;
    v[1] = t;
    // A product with the derivative of a node that does not depend on w (or t) is 0 by structure, even where the
    // other factor is infinite (d sqrt(t)/dv = 0 at t = 0); any other product is taken as it is, so ∞ · 0 stays NaN
    // (sign(v)·sqrt|v| at 0) and is reported by the caller.
    for (let pc = 0; pc < code.length; pc += 4) {
      const op = code[pc];
      const o = code[pc + 1];
      const a = code[pc + 2];
      const b = code[pc + 3];
      const wa = W[a] === 1, ta = T[a] === 1, wb = W[b] === 1, tb = T[b] === 1;
      switch (op) {
        case OP.add:
          v[o] = v[a] + v[b]; d[o] = d[a] + d[b]; e[o] = e[a] + e[b]; dd[o] = dd[a] + dd[b]; de[o] = de[a] + de[b]; ee[o] = ee[a] + ee[b];
          break;
        case OP.sub:
          v[o] = v[a] - v[b]; d[o] = d[a] - d[b]; e[o] = e[a] - e[b]; dd[o] = dd[a] - dd[b]; de[o] = de[a] - de[b]; ee[o] = ee[a] - ee[b];
          break;
        case OP.mul: {
          // (ab)' = a'b + ab',  (ab)'' = a''b + 2a'b' + ab'',  (ab)_wt = a_wt b + a_w b_t + a_t b_w + a b_wt
          const va = v[a], vb = v[b];
          d[o] = (wa ? d[a] * vb : 0) + (wb ? va * d[b] : 0);
          e[o] = (ta ? e[a] * vb : 0) + (tb ? va * e[b] : 0);
          dd[o] = (wa ? dd[a] * vb : 0) + (wa && wb ? 2 * d[a] * d[b] : 0) + (wb ? va * dd[b] : 0);
          de[o] = (wa && ta ? de[a] * vb : 0) + (wa && tb ? d[a] * e[b] : 0) + (ta && wb ? e[a] * d[b] : 0) + (wb && tb ? va * de[b] : 0);
          ee[o] = (ta ? ee[a] * vb : 0) + (ta && tb ? 2 * e[a] * e[b] : 0) + (tb ? va * ee[b] : 0);
          v[o] = va * vb;
          break;
        }
        case OP.div: {
          // a/b = a·r, r = 1/b: r_w = −r² b_w, r_ww = 2r³ b_w² − r² b_ww, r_wt = 2r³ b_w b_t − r² b_wt
          const va = v[a], r = 1 / v[b];
          const r1 = -r * r, r2 = 2 * r * r * r;
          const rd = wb ? r1 * d[b] : 0;
          const re = tb ? r1 * e[b] : 0;
          const rdd = wb ? r2 * d[b] * d[b] + r1 * dd[b] : 0;
          const rde = wb && tb ? r2 * d[b] * e[b] + r1 * de[b] : 0;
          const ree = tb ? r2 * e[b] * e[b] + r1 * ee[b] : 0;
          d[o] = (wa ? d[a] * r : 0) + (wb ? va * rd : 0);
          e[o] = (ta ? e[a] * r : 0) + (tb ? va * re : 0);
          dd[o] = (wa ? dd[a] * r : 0) + (wa && wb ? 2 * d[a] * rd : 0) + (wb ? va * rdd : 0);
          de[o] = (wa && ta ? de[a] * r : 0) + (wa && tb ? d[a] * re : 0) + (ta && wb ? e[a] * rd : 0) + (wb && tb ? va * rde : 0);
          ee[o] = (ta ? ee[a] * r : 0) + (ta && tb ? 2 * e[a] * re : 0) + (tb ? va * ree : 0);
          v[o] = va / v[b];
          break;
        }
        case OP.neg:
          v[o] = -v[a]; d[o] = -d[a]; e[o] = -e[a]; dd[o] = -dd[a]; de[o] = -de[a]; ee[o] = -ee[a];
          break;
        default: {
          // A function of one argument (powc: a^c with the exponent c in slot b's value).
          const x = v[a];
          let g = 0, g1 = 0, g2 = 0;
          switch (op) {
            case OP.powc: {
              const c = v[b];
              if (c === 2) { g = x * x; g1 = 2 * x; g2 = 2; }
              else if (c === 3) { g = x * x * x; g1 = 3 * x * x; g2 = 6 * x; }
              else {
                g = Math.pow(x, c);
                g1 = c === 0 ? 0 : c * Math.pow(x, c - 1);
                g2 = c === 0 || c === 1 ? 0 : c * (c - 1) * Math.pow(x, c - 2);
              }
              break;
            }
            case OP.sqrt: g = Math.sqrt(x); g1 = 0.5 / g; g2 = -0.5 * g1 / x; break;
            case OP.exp: g = Math.exp(x); g1 = g; g2 = g; break;
            case OP.log: g = Math.log(x); g1 = 1 / x; g2 = -g1 * g1; break;
            case OP.sin: g = Math.sin(x); g1 = Math.cos(x); g2 = -g; break;
            case OP.cos: g = Math.cos(x); g1 = -Math.sin(x); g2 = -g; break;
            case OP.tan: g = Math.tan(x); g1 = 1 + g * g; g2 = 2 * g * g1; break;
            case OP.abs: g = Math.abs(x); g1 = Math.sign(x); g2 = 0; break;
            default: g = Math.sign(x); g1 = 0; g2 = 0; break; // sign
          }
          const da = d[a], ea = e[a];
          v[o] = g;
          d[o] = wa ? g1 * da : 0;
          e[o] = ta ? g1 * ea : 0;
          dd[o] = wa ? g2 * da * da + g1 * dd[a] : 0;
          de[o] = wa && ta ? g2 * da * ea + g1 * de[a] : 0;
          ee[o] = ta ? g2 * ea * ea + g1 * ee[a] : 0;
        }
      }
    }
    const r = this.out;
    this.value = v[r];
    this.dw = d[r];
    this.dt = e[r];
    this.dww = dd[r];
    this.dwt = de[r];
    this.dtt = ee[r];
  }
}

/**
 * Compiles `node` with the law variable `variable` (and t); parameters from `parameters`. O(size of the tree).
 * Throws 'bad-law' naming the element for a node outside the grammar or a parameter without a number.
 */
export function compileLaw(node: MathNode, variable: string, parameters: ReadonlyMap<string, number | null>, site: LawSite): TapeLaw {
  const fail = (why: string, code: 'bad-law' | 'missing-parameter-value' = 'bad-law') =>
    new SysgraphError(code, `the law of ${site.element}: ${why}`, {
      element: site.element,
      field: site.field,
      expected: `an expression of ${variable}, t and parameters with values, using + - * / ^ and sqrt, exp, log, sin, cos, tan, abs, sign`,
    });
  const code: number[] = [];
  const constants: [number, number][] = [];
  let slots = 2;
  const depW: number[] = [1, 0];
  const depT: number[] = [0, 1];
  const constant = (c: number) => {
    constants.push([slots, c]);
    depW.push(0);
    depT.push(0);
    return slots++;
  };
  // Unary operations pass b = a (slot b is read only by the binary ones and powc's exponent).
  const emit = (op: number, a: number, b: number = a) => {
    code.push(op, slots, a, b);
    depW.push(depW[a] | depW[b]);
    depT.push(depT[a] | depT[b]);
    return slots++;
  };
  // A subtree without w and t is a number (folded here, once).
  const fold = (n: MathNode): number | undefined => {
    switch (n.type) {
      case 'ConstantNode': {
        const c = (n as ConstantNode).value as unknown;
        if (typeof c !== 'number') throw fail(`the constant ${String(c)} is not a number`);
        return c;
      }
      case 'SymbolNode': {
        const name = (n as SymbolNode).name;
        if (name === variable || name === 't') return undefined;
        const c = parameters.get(name);
        if (c === undefined) throw fail(`${name} is neither ${variable}, t nor a parameter`);
        if (c === null) throw fail(`the parameter ${name} has no value`, 'missing-parameter-value');
        return c;
      }
      case 'ParenthesisNode':
        return fold((n as ParenthesisNode).content);
      case 'OperatorNode': {
        const op = n as OperatorNode;
        const args = op.args.map(fold);
        if (args.some((x) => x === undefined)) return undefined;
        const [a, b] = args as number[];
        switch (op.fn) {
          case 'unaryMinus': return -a;
          case 'unaryPlus': return a;
          case 'add': return args.length === 2 ? a + b : (args as number[]).reduce((s, x) => s + x, 0);
          case 'subtract': return a - b;
          case 'multiply': return args.length === 2 ? a * b : (args as number[]).reduce((s, x) => s * x, 1);
          case 'divide': return a / b;
          case 'pow': return Math.pow(a, b);
        }
        throw fail(`the operator ${op.op} is not supported`);
      }
      case 'FunctionNode': {
        const fn = n as FunctionNode;
        const name = (fn.fn as unknown as SymbolNode).name;
        const f = FUNCTION_VALUES.get(name);
        if (f === undefined || fn.args.length !== 1) throw fail(`the function ${name} is not supported`);
        const a = fold(fn.args[0]);
        return a === undefined ? undefined : f(a);
      }
      default:
        throw fail(`a ${n.type} is not supported`);
    }
  };
  const walk = (n: MathNode): number => {
    const c = fold(n);
    if (c !== undefined) return constant(c);
    switch (n.type) {
      case 'SymbolNode':
        return (n as SymbolNode).name === variable ? 0 : 1;
      case 'ParenthesisNode':
        return walk((n as ParenthesisNode).content);
      case 'OperatorNode': {
        const op = n as OperatorNode;
        if (op.fn === 'unaryPlus') return walk(op.args[0]);
        if (op.fn === 'unaryMinus') return emit(OP.neg, walk(op.args[0]));
        if (op.fn === 'pow') {
          const exponent = fold(op.args[1]);
          if (exponent !== undefined) return emit(OP.powc, walk(op.args[0]), constant(exponent));
          // a^b with b varying: exp(b·log a) (a > 0).
          return emit(OP.exp, emit(OP.mul, walk(op.args[1]), emit(OP.log, walk(op.args[0]))));
        }
        const binary = op.fn === 'add' ? OP.add : op.fn === 'subtract' ? OP.sub : op.fn === 'multiply' ? OP.mul : op.fn === 'divide' ? OP.div : 0;
        if (binary === 0) throw fail(`the operator ${op.op} is not supported`);
        let acc = walk(op.args[0]);
        for (let q = 1; q < op.args.length; q++) acc = emit(binary, acc, walk(op.args[q]));
        return acc;
      }
      case 'FunctionNode': {
        const fn = n as FunctionNode;
        return emit(FUNCTION_OPS.get((fn.fn as unknown as SymbolNode).name)!, walk(fn.args[0]));
      }
      default:
        throw fail(`a ${n.type} is not supported`);
    }
  };
  const out = walk(node);
  return new TapeLaw(slots, constants, Int32Array.from(code), out, Uint8Array.from(depW), Uint8Array.from(depT));
}
