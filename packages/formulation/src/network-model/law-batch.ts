/**
 * LawBatch: one law evaluated over many arguments at once, for the many elements of a network that share a law
 * (10^4 equal diodes share one compiled tape, element-law.ts). The tape runs operation by operation over the
 * whole batch (one dispatch per operation, then a tight loop over a row of arguments), instead of dispatching
 * every operation for every element:
 *   row(o) = op(row(a), row(b))   for each operation (op, o, a, b) of the tape, rows of length `count`
 * and the first derivative in w alongside (the Jacobian's stamps: slope_i = ∂L/∂w at w_i):
 *   d(o) = op'(row(a), row(b)) · (d(a), d(b))   (d(w) = 1, d of a slot free of w = 0 by structure).
 * Values are those of ScalarLaw.valueAt / slopeAt to the last bit (the same operations in the same order).
 * A linear law z = c·w (or w/c) with constant c is one multiplication per element; any other law falls back to
 * its own valueAt / slopeAt per element.
 */
import { OP, TapeLaw } from './law-tape';
import { CoefficientLaw } from './scalar-law';
import type { ScalarLaw } from './scalar-law';

export interface LawBatch {
  /** out[i] = L(w[i], t), i < count. */
  valuesAt(w: Float64Array, count: number, t: number, out: Float64Array): void;
  /** out[i] = ∂L/∂w (w[i], t), i < count. */
  slopesAt(w: Float64Array, count: number, t: number, out: Float64Array): void;
}

export function lawBatch(law: ScalarLaw): LawBatch {
  if (law instanceof TapeLaw) return new TapeBatch(law);
  if (law instanceof CoefficientLaw && law.constantFactor() !== undefined) return new LinearBatch(law.constantFactor()!);
  return {
    valuesAt(w, count, t, out) {
      for (let i = 0; i < count; i++) out[i] = law.valueAt(w[i], t);
    },
    slopesAt(w, count, t, out) {
      for (let i = 0; i < count; i++) out[i] = law.slopeAt(w[i], t);
    },
  };
}

/** z = k·w: the factor k (c, or 1/c for z = w/c: the division kept, as valueAt divides). */
class LinearBatch implements LawBatch {
  constructor(private readonly factor: { readonly c: number; readonly invert: boolean }) {}
  valuesAt(w: Float64Array, count: number, _t: number, out: Float64Array): void {
    const c = this.factor.c;
    if (this.factor.invert) for (let i = 0; i < count; i++) out[i] = w[i] / c;
    else for (let i = 0; i < count; i++) out[i] = c * w[i];
  }
  slopesAt(_w: Float64Array, count: number, _t: number, out: Float64Array): void {
    const d = this.factor.invert ? 1 / this.factor.c : this.factor.c;
    out.fill(d, 0, count);
  }
}

class TapeBatch implements LawBatch {
  private v = new Float64Array(0);
  private d = new Float64Array(0);
  private width = 0;
  constructor(private readonly tape: TapeLaw) {}

  /** Rows of `count`: slot s occupies [s·count, (s + 1)·count); constants filled, d(w) = 1. */
  private rows(count: number): void {
    if (count === this.width) return;
    const { slots, constants } = this.tape;
    this.width = count;
    this.v = new Float64Array(slots * count);
    this.d = new Float64Array(slots * count);
    for (const [slot, c] of constants) this.v.fill(c, slot * count, (slot + 1) * count);
    this.d.fill(1, 0, count);
  }

  valuesAt(w: Float64Array, count: number, t: number, out: Float64Array): void {
    this.rows(count);
    const v = this.v;
    const { code } = this.tape;
    for (let i = 0; i < count; i++) v[i] = w[i];
    v.fill(t, count, 2 * count);
    for (let pc = 0; pc < code.length; pc += 4) {
      const op = code[pc];
      const o = code[pc + 1] * count;
      const a = code[pc + 2] * count;
      const b = code[pc + 3] * count;
      switch (op) {
        case OP.add: for (let i = 0; i < count; i++) v[o + i] = v[a + i] + v[b + i]; break;
        case OP.sub: for (let i = 0; i < count; i++) v[o + i] = v[a + i] - v[b + i]; break;
        case OP.mul: for (let i = 0; i < count; i++) v[o + i] = v[a + i] * v[b + i]; break;
        case OP.div: for (let i = 0; i < count; i++) v[o + i] = v[a + i] / v[b + i]; break;
        case OP.neg: for (let i = 0; i < count; i++) v[o + i] = -v[a + i]; break;
        case OP.powc: {
          const c = v[b];
          if (c === 2) for (let i = 0; i < count; i++) v[o + i] = v[a + i] * v[a + i];
          else if (c === 3) for (let i = 0; i < count; i++) v[o + i] = v[a + i] * v[a + i] * v[a + i];
          else for (let i = 0; i < count; i++) v[o + i] = Math.pow(v[a + i], c);
          break;
        }
        case OP.exp: for (let i = 0; i < count; i++) v[o + i] = Math.exp(v[a + i]); break;
        case OP.sqrt: for (let i = 0; i < count; i++) v[o + i] = Math.sqrt(v[a + i]); break;
        case OP.log: for (let i = 0; i < count; i++) v[o + i] = Math.log(v[a + i]); break;
        case OP.sin: for (let i = 0; i < count; i++) v[o + i] = Math.sin(v[a + i]); break;
        case OP.cos: for (let i = 0; i < count; i++) v[o + i] = Math.cos(v[a + i]); break;
        case OP.tan: for (let i = 0; i < count; i++) v[o + i] = Math.tan(v[a + i]); break;
        case OP.abs: for (let i = 0; i < count; i++) v[o + i] = Math.abs(v[a + i]); break;
        default: for (let i = 0; i < count; i++) v[o + i] = Math.sign(v[a + i]); break; // sign
      }
    }
    const r = this.tape.out * count;
    for (let i = 0; i < count; i++) out[i] = v[r + i];
  }

  slopesAt(w: Float64Array, count: number, t: number, out: Float64Array): void {
    this.rows(count);
    const { v, d } = this;
    const { code, W } = this.tape;
    for (let i = 0; i < count; i++) v[i] = w[i];
    v.fill(t, count, 2 * count);
    for (let pc = 0; pc < code.length; pc += 4) {
      const op = code[pc];
      const os = code[pc + 1];
      const o = os * count;
      const a = code[pc + 2] * count;
      const b = code[pc + 3] * count;
      const wa = W[code[pc + 2]] === 1, wb = W[code[pc + 3]] === 1;
      switch (op) {
        case OP.add:
          for (let i = 0; i < count; i++) { v[o + i] = v[a + i] + v[b + i]; d[o + i] = d[a + i] + d[b + i]; }
          break;
        case OP.sub:
          for (let i = 0; i < count; i++) { v[o + i] = v[a + i] - v[b + i]; d[o + i] = d[a + i] - d[b + i]; }
          break;
        case OP.mul:
          for (let i = 0; i < count; i++) {
            const va = v[a + i], vb = v[b + i];
            d[o + i] = (wa ? d[a + i] * vb : 0) + (wb ? va * d[b + i] : 0);
            v[o + i] = va * vb;
          }
          break;
        case OP.div:
          for (let i = 0; i < count; i++) {
            const va = v[a + i], r = 1 / v[b + i];
            d[o + i] = (wa ? d[a + i] * r : 0) + (wb ? va * (-r * r * d[b + i]) : 0);
            v[o + i] = va / v[b + i];
          }
          break;
        case OP.neg:
          for (let i = 0; i < count; i++) { v[o + i] = -v[a + i]; d[o + i] = -d[a + i]; }
          break;
        case OP.exp:
          for (let i = 0; i < count; i++) {
            const g = Math.exp(v[a + i]);
            v[o + i] = g;
            d[o + i] = wa ? g * d[a + i] : 0;
          }
          break;
        default: {
          // one function of one argument: value g and slope g' (the rules of TapeLaw.slopeAt)
          const c = v[b];
          for (let i = 0; i < count; i++) {
            const x = v[a + i];
            let g = 0, g1 = 0;
            switch (op) {
              case OP.powc:
                if (c === 2) { g = x * x; g1 = 2 * x; }
                else if (c === 3) { g = x * x * x; g1 = 3 * x * x; }
                else { g = Math.pow(x, c); g1 = c === 0 ? 0 : c * Math.pow(x, c - 1); }
                break;
              case OP.sqrt: g = Math.sqrt(x); g1 = 0.5 / g; break;
              case OP.exp: g = Math.exp(x); g1 = g; break;
              case OP.log: g = Math.log(x); g1 = 1 / x; break;
              case OP.sin: g = Math.sin(x); g1 = Math.cos(x); break;
              case OP.cos: g = Math.cos(x); g1 = -Math.sin(x); break;
              case OP.tan: g = Math.tan(x); g1 = 1 + g * g; break;
              case OP.abs: g = Math.abs(x); g1 = Math.sign(x); break;
              default: g = Math.sign(x); g1 = 0; break; // sign
            }
            v[o + i] = g;
            d[o + i] = wa ? g1 * d[a + i] : 0;
          }
        }
      }
    }
    const r = this.tape.out * count;
    for (let i = 0; i < count; i++) out[i] = d[r + i];
  }
}
