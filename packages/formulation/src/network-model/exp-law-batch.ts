/**
 * ExpLawBatch: the exponential law of a diode (and every law of the same shape) over a batch in one pass,
 *   z = k3 ⋄3 ((exp(w ⋄1 k1)) ⋄2 k2)      ⋄1 ∈ {·, /},  ⋄2 ∈ {+, −},  ⋄3 ∈ {·, /},  k1, k2, k3 constants,
 * e.g. Is·(exp(w/Vt) − 1): the tape's four operations (law-tape.ts) fused into one loop per element instead of four
 * passes over rows, and its slope from the same exponential,
 *   ∂z/∂w = (e · k1') · k3'   with e = exp(w ⋄1 k1), k1' = 1·k1 or 1·(1/k1), k3' = k3 or 1/k3,
 * the very operations, in the same order, of the tape's row passes (law-batch.ts): values and slopes equal theirs to
 * the last bit. Recognised from the compiled tape (exactly these four operations, w in the first, t nowhere);
 * any other law keeps the general row passes. An argument of exactly ±0 takes e = 1 without calling Math.exp (the
 * same value to the bit: w/k1 and w·k1 are ±0 there, exp(±0) = 1 for a finite nonzero k1; a zero, infinite or NaN k1 is no
 * constant of the fused shape: such a law keeps the tape).
 */
import { OP } from './law-tape';
import type { TapeLaw } from './law-tape';
import type { LawBatch } from './law-batch';

/** The shape's constants and operations (null: the law has another shape). */
export interface ExpShape {
  /** w / k1 (true) or w · k1. */
  readonly divide1: boolean;
  readonly k1: number;
  /** e − k2 (true) or e + k2. */
  readonly subtract2: boolean;
  readonly k2: number;
  /** s / k3 (true) or k3 · s. */
  readonly divide3: boolean;
  readonly k3: number;
}

/** The tape's shape when it is k3 ⋄3 ((exp(w ⋄1 k1)) ⋄2 k2) (constants folded by the compiler), else null. */
export function expShape(tape: TapeLaw): ExpShape | null {
  const { code, constants, W } = tape;
  if (code.length !== 16 || tape.dependsOnTime) return null;
  const value = new Map<number, number>(constants.map(([s, c]) => [s, c]));
  const constantOf = (slot: number) => (W[slot] === 0 && slot !== 1 ? value.get(slot) : undefined);
  const [op1, o1, a1, b1, op2, o2, a2, , op3, o3, a3, b3, op4, o4, a4, b4] = code;
  // 1: w ⋄1 k1
  let divide1: boolean;
  let k1: number | undefined;
  if (op1 === OP.div && a1 === 0) { divide1 = true; k1 = constantOf(b1); }
  else if (op1 === OP.mul && a1 === 0) { divide1 = false; k1 = constantOf(b1); }
  else if (op1 === OP.mul && b1 === 0) { divide1 = false; k1 = constantOf(a1); }
  else return null;
  // 2: exp of it (k1 finite and nonzero: then w ⋄1 k1 is ±0 exactly where w is, the shortcut of the loops below)
  if (k1 === undefined || !Number.isFinite(k1) || k1 === 0 || op2 !== OP.exp || a2 !== o1) return null;
  // 3: e ⋄2 k2
  let subtract2: boolean;
  let k2: number | undefined;
  if (op3 === OP.sub && a3 === o2) { subtract2 = true; k2 = constantOf(b3); }
  else if (op3 === OP.add && a3 === o2) { subtract2 = false; k2 = constantOf(b3); }
  else if (op3 === OP.add && b3 === o2) { subtract2 = false; k2 = constantOf(a3); }
  else return null;
  if (k2 === undefined) return null;
  // 4: k3 ⋄3 s, the law's value
  let divide3: boolean;
  let k3: number | undefined;
  if (op4 === OP.div && a4 === o3) { divide3 = true; k3 = constantOf(b4); }
  else if (op4 === OP.mul && a4 === o3) { divide3 = false; k3 = constantOf(b4); }
  else if (op4 === OP.mul && b4 === o3) { divide3 = false; k3 = constantOf(a4); }
  else return null;
  if (k3 === undefined || o4 !== tape.out) return null;
  return { divide1, k1, subtract2, k2, divide3, k3 };
}

export class ExpLawBatch implements LawBatch {
  /** e = exp(w ⋄1 k1) of the last valuesAt (its slopes reuse it). */
  private e = new Float64Array(0);
  /** The slope's factors: k1' (1·k1 or 1·(1/k1), as the tape's uniform slope) and k3' (k3 or 1/k3). */
  private readonly s1: number;
  private readonly s3: number;
  /** Whether the law is the common diode Is·(exp(w/Vt) − 1) (÷ k1, − k2, k3 ·): the loops of its own and valuesFromRun. */
  readonly diode: boolean;
  constructor(private readonly shape: ExpShape) {
    this.diode = shape.divide1 && shape.subtract2 && !shape.divide3;
    this.s1 = shape.divide1 ? 1 * (1 / shape.k1) : 1 * shape.k1;
    this.s3 = shape.divide3 ? 1 / shape.k3 : shape.k3;
  }

  valuesAt(w: Float64Array, count: number, _t: number, out: Float64Array): void {
    if (this.e.length < count) this.e = new Float64Array(count);
    const { k1, k2, k3 } = this.shape;
    // the common diode Is·(exp(w/Vt) − 1) in a loop of its own; the other combinations in the general one
    if (this.diode) expDiodeValues(w, count, k1, k2, k3, this.e, out);
    else expShapeValues(w, count, this.shape, this.e, out);
  }

  /**
   * The law arguments and the values in one pass (SplitResidual's f): for the entries i in [from, to) of a CSR
   * program over z, y_i = Σ coef[q]·z[src[q]] (the terms in the program's order, so y is the separate pass's to the
   * last bit), then z[at + i] = L(y_i) as valuesAt. One loop per element instead of a pass writing y and a pass
   * reading it back.
   */
  valuesFromArguments(
    ptr: Int32Array,
    src: Int32Array,
    coef: Float64Array,
    z: Float64Array,
    from: number,
    to: number,
    y: Float64Array,
    at: number,
  ): void {
    if (this.e.length < to - from) this.e = new Float64Array(to - from);
    const { k1, k2, k3 } = this.shape;
    if (this.diode) expDiodeFromArguments(ptr, src, coef, z, from, to, k1, k2, k3, y, this.e, at);
    else {
      rowRange(ptr, src, coef, z, from, to, y);
      expShapeValues(y.subarray(from, to), to - from, this.shape, this.e, z.subarray(at + from, at + to));
    }
  }

  /**
   * valuesFromArguments where every argument is one term of z at a fixed offset (linalg's offsetRuns: a diode
   * across a state, y_i = 0 + c·z[i + offset]) and the law is the diode: no row pointers, columns or coefficients
   * loaded. The same operations as valuesFromArguments' row of one term, so the same bits.
   */
  valuesFromRun(z: Float64Array, from: number, to: number, offset: number, c: number, y: Float64Array, at: number): void {
    if (this.e.length < to - from) this.e = new Float64Array(to - from);
    const { k1, k2, k3 } = this.shape;
    expDiodeFromRun(z, from, to, offset, c, k1, k2, k3, y, this.e, at);
  }

  slopesAt(w: Float64Array, count: number, t: number, out: Float64Array): void {
    this.valuesAt(w, count, t, out);
    this.slopesAfterValues(w, count, t, out);
  }

  slopesAfterValues(_w: Float64Array, count: number, _t: number, out: Float64Array): void {
    expSlopes(this.e, count, this.s1, this.s3, out);
  }
}

/** z_i = k3 · (exp(w_i / k1) − k2), e_i = exp(w_i / k1). */
function expDiodeValues(w: Float64Array, count: number, k1: number, k2: number, k3: number, e: Float64Array, out: Float64Array): void {
  for (let i = 0; i < count; i++) {
    const a = w[i];
    const g = a === 0 ? 1 : Math.exp(a / k1);
    e[i] = g;
    out[i] = k3 * (g - k2);
  }
}

/**
 * y_i = Σ_q coef[q]·z[src[q]] over row i of the program, e_{i−from} = exp(y_i / k1), z[at + i] = k3·(e − k2), for
 * i in [from, to).
 */
function expDiodeFromArguments(
  ptr: Int32Array,
  src: Int32Array,
  coef: Float64Array,
  z: Float64Array,
  from: number,
  to: number,
  k1: number,
  k2: number,
  k3: number,
  y: Float64Array,
  e: Float64Array,
  at: number,
): void {
  for (let i = from; i < to; i++) {
    const q0 = ptr[i];
    const end = ptr[i + 1];
    let s: number;
    // a row of one term (a diode across a state) without the row loop's control: 0 + c·z, the loop's sum to the bit
    if (end - q0 === 1) s = 0 + coef[q0] * z[src[q0]];
    else {
      s = 0;
      for (let q = q0; q < end; q++) s += coef[q] * z[src[q]];
    }
    y[i] = s;
    // exp(±0) = 1 exactly: the argument is exactly 0 at every element a network's activity has not reached (most
    // of a large ladder's diodes over the whole run), and the call costs more than the rest of the element
    const g = s === 0 ? 1 : Math.exp(s / k1);
    e[i - from] = g;
    z[at + i] = k3 * (g - k2);
  }
}

/** y_i = 0 + c·z[i + offset], e_{i−from} = exp(y_i / k1), z[at + i] = k3·(e − k2), for i in [from, to). */
function expDiodeFromRun(
  z: Float64Array,
  from: number,
  to: number,
  offset: number,
  c: number,
  k1: number,
  k2: number,
  k3: number,
  y: Float64Array,
  e: Float64Array,
  at: number,
): void {
  for (let i = from; i < to; i++) {
    const s = 0 + c * z[i + offset];
    y[i] = s;
    // exp(±0) = 1 exactly, without the call (expDiodeFromArguments)
    const g = s === 0 ? 1 : Math.exp(s / k1);
    e[i - from] = g;
    z[at + i] = k3 * (g - k2);
  }
}

/** y_i = Σ_q coef[q]·z[src[q]] over row i of the program, i in [from, to). */
function rowRange(ptr: Int32Array, src: Int32Array, coef: Float64Array, z: Float64Array, from: number, to: number, y: Float64Array): void {
  for (let i = from; i < to; i++) {
    let s = 0;
    for (let q = ptr[i], end = ptr[i + 1]; q < end; q++) s += coef[q] * z[src[q]];
    y[i] = s;
  }
}

/** z_i = k3 ⋄3 (exp(w_i ⋄1 k1) ⋄2 k2), e_i = exp(w_i ⋄1 k1). */
function expShapeValues(w: Float64Array, count: number, shape: ExpShape, e: Float64Array, out: Float64Array): void {
  const { divide1, k1, subtract2, k2, divide3, k3 } = shape;
  for (let i = 0; i < count; i++) {
    const a = w[i];
    const g = a === 0 ? 1 : Math.exp(divide1 ? a / k1 : a * k1);
    e[i] = g;
    const s = subtract2 ? g - k2 : g + k2;
    out[i] = divide3 ? s / k3 : k3 * s;
  }
}

/** slope_i = (e_i · s1) · s3. */
function expSlopes(e: Float64Array, count: number, s1: number, s3: number, out: Float64Array): void {
  for (let i = 0; i < count; i++) out[i] = e[i] * s1 * s3;
}
