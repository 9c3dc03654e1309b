/**
 * GCD by the primitive polynomial remainder sequence in one main variable with coefficients in the
 * integer polynomials of the others (Geddes, Czapor, Labahn 1992, §7.2, Algorithm 7.1 "PrimitivePRS";
 * Knuth TAOCP vol. 2, 4.6.1, Algorithm E). Always correct; slower than the heuristic on large inputs,
 * so it is the fallback. Contents are computed by the caller's gcd (recursion on fewer variables).
 */
import { Polynomial } from '../polynomial/polynomial';

export type GcdFunction = (f: Polynomial, g: Polynomial) => Polynomial;

/** gcd(f, g) with positive leading coefficient; f, g nonzero with equal word width. */
export function prsGcd(f: Polynomial, g: Polynomial, gcd: GcdFunction): Polynomial {
  const fv = f.variables();
  const gv = new Set(g.variables());
  const common = fv.filter((v) => gv.has(v));
  if (fv.length === 0 || gv.size === 0) return gcd(f, g);
  // A variable in one input only cannot occur in the gcd: gcd(f, g) = gcd(cont_x f, g).
  const onlyF = fv.find((v) => !gv.has(v));
  if (onlyF !== undefined) return gcd(contentIn(f, onlyF, gcd), g);
  const onlyG = [...gv].find((v) => !fv.includes(v));
  if (onlyG !== undefined) return gcd(f, contentIn(g, onlyG, gcd));

  // Main variable: the common one of least degree keeps the remainder sequence short.
  let x = common[0];
  for (const v of common) if (Math.max(f.degreeIn(v), g.degreeIn(v)) < Math.max(f.degreeIn(x), g.degreeIn(x))) x = v;

  const cf = contentIn(f, x, gcd);
  const cg = contentIn(g, x, gcd);
  const c = gcd(cf, cg);
  let a = f.divideExact(cf);
  let b = g.divideExact(cg);
  if (a.degreeIn(x) < b.degreeIn(x)) [a, b] = [b, a];
  while (!b.isZero() && b.degreeIn(x) > 0) {
    const r = pseudoRemainder(a, b, x);
    a = b;
    b = r.isZero() ? r : r.divideExact(contentIn(r, x, gcd));
  }
  // b = 0: the last nonzero remainder is the gcd; b free of x: the primitive parts are coprime.
  const h = b.isZero() ? a.divideExact(contentIn(a, x, gcd)) : Polynomial.one(f.nw);
  return h.mul(c).normalizeSign();
}

/** cont_x(f): gcd of the coefficients of f as a polynomial in x, positive leading coefficient. */
export function contentIn(f: Polynomial, x: number, gcd: GcdFunction): Polynomial {
  let c = Polynomial.zero(f.nw);
  for (const coeff of f.coefficientsIn(x).values()) {
    c = c.isZero() ? coeff.normalizeSign() : gcd(c, coeff);
    if (c.isOne()) break;
  }
  return c;
}

/**
 * A pseudo-remainder of a by b in x: r = lc_x(b)^k·a − q·b with deg_x r < deg_x b, by repeated
 * elimination of the leading x-power r ← lc(b)·r − lc(r)·x^{deg r − deg b}·b.
 */
export function pseudoRemainder(a: Polynomial, b: Polynomial, x: number): Polynomial {
  const db = b.degreeIn(x);
  const lb = b.coefficientsIn(x).get(db)!;
  let r = a;
  while (!r.isZero() && r.degreeIn(x) >= db) {
    const dr = r.degreeIn(x);
    const lr = r.coefficientsIn(x).get(dr)!;
    r = r.mul(lb).sub(lr.mul(Polynomial.variable(x, dr - db, r.nw)).mul(b));
  }
  return r;
}
