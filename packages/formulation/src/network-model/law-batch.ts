/**
 * LawBatch: one law evaluated over many arguments at once, for the many elements of a network that share a law
 * (10^4 equal diodes share one compiled tape, element-law.ts). The tape runs operation by operation over the
 * whole batch (one dispatch per operation, then a tight loop over a row of arguments), instead of dispatching
 * every operation for every element:
 *   row(o) = op(row(a), row(b))   for each operation (op, o, a, b) of the tape, rows of length `count`
 * and the first derivative in w alongside (the Jacobian's stamps: slope_i = ∂L/∂w at w_i):
 *   d(o) = op'(row(a), row(b)) · (d(a), d(b))   (d(w) = 1, d of a slot free of w = 0 by structure).
 * Values are those of ScalarLaw.valueAt / slopeAt to the last bit (the same operations in the same order).
 * A linear law z = c·w (or w/c) with constant c is one multiplication per element; a law of the diode's shape
 * k3·(exp(w/k1) − k2) is one fused loop (exp-law-batch.ts); any other law falls back to its own valueAt / slopeAt
 * per element.
 */
import { ExpLawBatch, expShape } from './exp-law-batch';
import { OP, TapeLaw } from './law-tape';
import { CoefficientLaw } from './scalar-law';
import type { ScalarLaw } from './scalar-law';

export interface LawBatch {
  /** out[i] = L(w[i], t), i < count. */
  valuesAt(w: Float64Array, count: number, t: number, out: Float64Array): void;
  /** out[i] = ∂L/∂w (w[i], t), i < count. */
  slopesAt(w: Float64Array, count: number, t: number, out: Float64Array): void;
  /** slopesAt where the last call of this batch was valuesAt with the same w, count and t (a tape reuses its rows). */
  slopesAfterValues(w: Float64Array, count: number, t: number, out: Float64Array): void;
}

export function lawBatch(law: ScalarLaw): LawBatch {
  if (law instanceof TapeLaw) {
    // the diode's exponential (and laws of its shape) fused into one pass (exp-law-batch.ts)
    const shape = expShape(law);
    return shape ? new ExpLawBatch(shape) : new TapeBatch(law);
  }
  if (law instanceof CoefficientLaw && law.constantFactor() !== undefined) return new LinearBatch(law.constantFactor()!);
  return {
    valuesAt(w, count, t, out) {
      for (let i = 0; i < count; i++) out[i] = law.valueAt(w[i], t);
    },
    slopesAt(w, count, t, out) {
      for (let i = 0; i < count; i++) out[i] = law.slopeAt(w[i], t);
    },
    slopesAfterValues(w, count, t, out) {
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
  slopesAfterValues(w: Float64Array, count: number, t: number, out: Float64Array): void {
    this.slopesAt(w, count, t, out);
  }
}

class TapeBatch implements LawBatch {
  private v = new Float64Array(0);
  private d = new Float64Array(0);
  private width = 0;
  /** Slots that hold a constant (parameters and subtrees free of w and t, folded when compiled). */
  private readonly constant: Uint8Array;
  /** slopesAfterValues: a slot's slope where uniform (NaN: a row), and where its row starts. */
  private readonly uniform: Float64Array;
  private readonly dRow: Int32Array;
  constructor(private readonly tape: TapeLaw) {
    this.uniform = new Float64Array(tape.slots);
    this.dRow = new Int32Array(tape.slots);
    this.constant = new Uint8Array(tape.slots);
    for (const [slot] of tape.constants) this.constant[slot] = 1;
  }

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
    const constant = this.constant;
    for (let i = 0; i < count; i++) v[i] = w[i];
    v.fill(t, count, 2 * count);
    for (let pc = 0; pc < code.length; pc += 4) {
      const op = code[pc];
      const o = code[pc + 1] * count;
      const a = code[pc + 2] * count;
      const b = code[pc + 3] * count;
      // a constant operand (a parameter, a folded subtree) is read once, not as a row of equal values
      const ca = constant[code[pc + 2]] === 1;
      const cb = constant[code[pc + 3]] === 1;
      switch (op) {
        case OP.add:
          if (cb) { const y = v[b]; for (let i = 0; i < count; i++) v[o + i] = v[a + i] + y; }
          else if (ca) { const x = v[a]; for (let i = 0; i < count; i++) v[o + i] = x + v[b + i]; }
          else for (let i = 0; i < count; i++) v[o + i] = v[a + i] + v[b + i];
          break;
        case OP.sub:
          if (cb) { const y = v[b]; for (let i = 0; i < count; i++) v[o + i] = v[a + i] - y; }
          else if (ca) { const x = v[a]; for (let i = 0; i < count; i++) v[o + i] = x - v[b + i]; }
          else for (let i = 0; i < count; i++) v[o + i] = v[a + i] - v[b + i];
          break;
        case OP.mul:
          if (cb) { const y = v[b]; for (let i = 0; i < count; i++) v[o + i] = v[a + i] * y; }
          else if (ca) { const x = v[a]; for (let i = 0; i < count; i++) v[o + i] = x * v[b + i]; }
          else for (let i = 0; i < count; i++) v[o + i] = v[a + i] * v[b + i];
          break;
        case OP.div:
          if (cb) { const y = v[b]; for (let i = 0; i < count; i++) v[o + i] = v[a + i] / y; }
          else if (ca) { const x = v[a]; for (let i = 0; i < count; i++) v[o + i] = x / v[b + i]; }
          else for (let i = 0; i < count; i++) v[o + i] = v[a + i] / v[b + i];
          break;
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

  /**
   * The slopes from the rows of the last valuesAt (same w and t, count): the derivative pass alone, no function
   * evaluated again where its value gives its slope (exp, sqrt, tan). A slot whose slope is the same for every
   * element (w: 1; a constant: 0; w/c: 1/c; c·w) is carried as one number, uniform[slot], not as a row, and a sum
   * with a slope of 0 shares the other operand's row; so the diode's Is·(exp(w/Vt) − 1) costs two passes
   * (exp(w/Vt)·(1/Vt), then ·Is). The rules and products of slopesAt (up to the sign of a zero).
   */
  slopesAfterValues(_w: Float64Array, count: number, _t: number, out: Float64Array): void {
    const { v, d } = this;
    const { code, W, slots } = this.tape;
    const uniform = this.uniform;
    const row = this.dRow;
    // uniform[s] is s's slope where it is the same everywhere (NaN: a row, at d[row[s] …])
    for (let s = 0; s < slots; s++) {
      uniform[s] = W[s] === 1 ? Number.NaN : 0;
      row[s] = s * count;
    }
    uniform[0] = 1;
    for (let pc = 0; pc < code.length; pc += 4) {
      const op = code[pc];
      const os = code[pc + 1];
      const sa = code[pc + 2];
      const sb = code[pc + 3];
      const o = os * count;
      const a = sa * count;
      const b = sb * count;
      const ka = uniform[sa];
      const kb = uniform[sb];
      const ua = ka === ka;
      const ub = kb === kb;
      const ca = this.constant[sa] === 1;
      const cb = this.constant[sb] === 1;
      if (W[os] === 0) {
        uniform[os] = 0;
        continue;
      }
      const da = row[sa];
      const db = row[sb];
      switch (op) {
        case OP.add:
        case OP.sub: {
          if (ua && ub) uniform[os] = op === OP.add ? ka + kb : ka - kb;
          else if (ub && kb === 0) row[os] = da; // d(a ± const) = d(a): the same row
          else if (ua && ka === 0 && op === OP.add) row[os] = db;
          else if (op === OP.add) for (let i = 0; i < count; i++) d[o + i] = (ua ? ka : d[da + i]) + (ub ? kb : d[db + i]);
          else for (let i = 0; i < count; i++) d[o + i] = (ua ? ka : d[da + i]) - (ub ? kb : d[db + i]);
          break;
        }
        case OP.mul:
          if (cb && ua) uniform[os] = ka * v[b];
          else if (ca && ub) uniform[os] = v[a] * kb;
          else if (cb) { const c = v[b]; for (let i = 0; i < count; i++) d[o + i] = d[da + i] * c; }
          else if (ca) { const c = v[a]; for (let i = 0; i < count; i++) d[o + i] = c * d[db + i]; }
          else
            for (let i = 0; i < count; i++) {
              const wa = W[sa] === 1 ? (ua ? ka : d[da + i]) * v[b + i] : 0;
              const wb = W[sb] === 1 ? v[a + i] * (ub ? kb : d[db + i]) : 0;
              d[o + i] = wa + wb;
            }
          break;
        case OP.div:
          if (cb && ua) uniform[os] = ka * (1 / v[b]);
          else if (cb) { const r = 1 / v[b]; for (let i = 0; i < count; i++) d[o + i] = d[da + i] * r; }
          else
            for (let i = 0; i < count; i++) {
              const r = 1 / v[b + i];
              const wa = W[sa] === 1 ? (ua ? ka : d[da + i]) * r : 0;
              d[o + i] = wa + (W[sb] === 1 ? v[a + i] * (-r * r * (ub ? kb : d[db + i])) : 0);
            }
          break;
        case OP.neg:
          if (ua) uniform[os] = -ka;
          else for (let i = 0; i < count; i++) d[o + i] = -d[da + i];
          break;
        case OP.exp:
          if (ua) for (let i = 0; i < count; i++) d[o + i] = v[o + i] * ka;
          else for (let i = 0; i < count; i++) d[o + i] = v[o + i] * d[da + i];
          break;
        default: {
          const c = v[b];
          for (let i = 0; i < count; i++) {
            const x = v[a + i];
            const g = v[o + i];
            let g1 = 0;
            switch (op) {
              case OP.powc: g1 = c === 2 ? 2 * x : c === 3 ? 3 * x * x : c === 0 ? 0 : c * Math.pow(x, c - 1); break;
              case OP.sqrt: g1 = 0.5 / g; break;
              case OP.log: g1 = 1 / x; break;
              case OP.sin: g1 = Math.cos(x); break;
              case OP.cos: g1 = -Math.sin(x); break;
              case OP.tan: g1 = 1 + g * g; break;
              case OP.abs: g1 = Math.sign(x); break;
              default: g1 = 0; break; // sign
            }
            d[o + i] = g1 * (ua ? ka : d[da + i]);
          }
        }
      }
    }
    const r = this.tape.out;
    const k = uniform[r];
    if (k === k) out.fill(k, 0, count);
    else {
      const from = row[r];
      for (let i = 0; i < count; i++) out[i] = d[from + i];
    }
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
