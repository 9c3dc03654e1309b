/**
 * compileRational: a RationalFunction → a fast numeric evaluator (values: Float64Array) => number, built
 * from flat term arrays (float coefficients, variable indices, exponents) walked in a loop. No eval, no
 * Function: nothing from the input is ever executed.
 */
import type { Polynomial } from '../polynomial/polynomial';
import type { RationalFunction } from '../rational/rational-function';

export type CompiledRational = (values: Float64Array) => number;

interface FlatPolynomial {
  readonly coeffs: Float64Array;
  readonly start: Int32Array;
  readonly vars: Int32Array;
  readonly exps: Int32Array;
}

function flatten(p: Polynomial): FlatPolynomial {
  const start = new Int32Array(p.size + 1);
  const vars: number[] = [];
  const exps: number[] = [];
  const nvars = p.nw * 4;
  for (let i = 0; i < p.size; i++) {
    start[i] = vars.length;
    for (let v = 0; v < nvars; v++) {
      const e = p.exponent(i, v);
      if (e > 0) {
        vars.push(v);
        exps.push(e);
      }
    }
  }
  start[p.size] = vars.length;
  return {
    coeffs: Float64Array.from(p.coeffs, (c) => Number(c)),
    start,
    vars: Int32Array.from(vars),
    exps: Int32Array.from(exps),
  };
}

/** Σ_t c_t Π x_v^e over the flat arrays. */
function evaluateFlat(f: FlatPolynomial, x: Float64Array): number {
  const { coeffs, start, vars, exps } = f;
  let sum = 0;
  for (let t = 0; t < coeffs.length; t++) {
    let p = coeffs[t];
    for (let k = start[t]; k < start[t + 1]; k++) {
      const base = x[vars[k]];
      let e = exps[k];
      let r = base;
      while (--e > 0) r *= base;
      p *= r;
    }
    sum += p;
  }
  return sum;
}

export function compileRational(rf: RationalFunction): CompiledRational {
  const num = flatten(rf.num);
  if (rf.den.isOne()) return (x) => evaluateFlat(num, x);
  if (rf.den.isConstant()) {
    const d = Number(rf.den.constantValue());
    return (x) => evaluateFlat(num, x) / d;
  }
  const den = flatten(rf.den);
  return (x) => evaluateFlat(num, x) / evaluateFlat(den, x);
}

/** Evaluators of every entry of a row-major list of rational functions, sharing nothing mutable. */
export function compileRationalList(list: readonly RationalFunction[]): CompiledRational[] {
  return list.map(compileRational);
}
