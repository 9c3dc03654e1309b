/**
 * ScalarLaw: an element law z = L(w, t) of one variable, evaluated at (w, t) with its derivatives
 *   value = L,  dw = ∂L/∂w,  dt = ∂L/∂t,  dww = ∂²L/∂w²,  dwt = ∂²L/∂w∂t,  dtt = ∂²L/∂t²
 * (written into the fields by evaluate, no allocation). Compiled laws are TapeLaw (law-tape.ts); a linear
 * element (a value, no law) is the linear law CoefficientLaw: z = c w, or z = w / c (a link resistor i = v/R),
 * c constant or a function of t.
 */
export interface ScalarLaw {
  /** Whether L depends on t (known when compiled). */
  readonly dependsOnTime: boolean;
  value: number;
  dw: number;
  dt: number;
  dww: number;
  dwt: number;
  dtt: number;
  evaluate(w: number, t: number): void;
  /** L(w, t) alone (no derivatives, fields untouched). */
  valueAt(w: number, t: number): number;
  /** ∂L/∂w at (w, t) alone (first order only, fields untouched): the Jacobian's stamps need no more. */
  slopeAt(w: number, t: number): number;
}

/** c(t) as a law of no variable: value c, dt = c', dtt = c''. */
export interface Coefficient {
  value: number;
  dt: number;
  dtt: number;
  evaluate(w: number, t: number): void;
  valueAt(w: number, t: number): number;
}

/** z = c·w (invert false) or z = w/c (invert true). */
export class CoefficientLaw implements ScalarLaw {
  value = 0;
  dw = 0;
  dt = 0;
  dww = 0;
  dwt = 0;
  dtt = 0;
  private readonly constant: boolean;
  readonly dependsOnTime: boolean;

  constructor(
    private readonly c: number | Coefficient,
    private readonly invert: boolean,
  ) {
    this.constant = typeof c === 'number';
    this.dependsOnTime = !this.constant;
    if (typeof c === 'number') this.dw = invert ? 1 / c : c;
  }

  valueAt(w: number, t: number): number {
    const c = this.constant ? (this.c as number) : (this.c as Coefficient).valueAt(0, t);
    return this.invert ? w / c : c * w;
  }

  /** c and the form (z = w/c when invert) when c is a constant; undefined when c varies in time. */
  constantFactor(): { readonly c: number; readonly invert: boolean } | undefined {
    return this.constant ? { c: this.c as number, invert: this.invert } : undefined;
  }

  slopeAt(w: number, t: number): number {
    if (this.constant) return this.dw;
    const c = (this.c as Coefficient).valueAt(0, t);
    return this.invert ? 1 / c : c;
  }

  evaluate(w: number, t: number): void {
    if (this.constant) {
      this.value = this.invert ? w / (this.c as number) : (this.c as number) * w;
      return;
    }
    const c = this.c as Coefficient;
    c.evaluate(0, t);
    if (this.invert) {
      // z = w/c:  z_w = 1/c,  z_t = −c' w/c²,  z_wt = −c'/c²,  z_tt = w (2c'²/c³ − c''/c²)
      const r = 1 / c.value;
      this.value = w / c.value;
      this.dw = r;
      this.dwt = -c.dt * r * r;
      this.dt = this.dwt * w;
      this.dtt = w * (2 * c.dt * c.dt * r * r * r - c.dtt * r * r);
    } else {
      // z = c w:  z_w = c,  z_t = c' w,  z_wt = c',  z_tt = c'' w
      this.value = c.value * w;
      this.dw = c.value;
      this.dwt = c.dt;
      this.dt = c.dt * w;
      this.dtt = c.dtt * w;
    }
  }
}
