/**
 * parseSpiceNumber: a SPICE value token → number (SPICE3 / ngspice manual section 2.3, "Conventions"): an
 * optional sign, digits with an optional point, an optional exponent, then an optional scale factor and unit
 * letters that are ignored (10uF, 1k, 2.2MEG, 5mil). The scale factor shifts the decimal exponent, so "10u" is
 * the double nearest to 10e-6 exactly as JSON's 10e-6 (not the product 10 · 1e-6); only `mil` (25.4e-6) is a
 * product. Note SPICE's classic trap: "1F" is one femto-unit, and "1M" is milli (mega is MEG).
 * Cost: O(token length), no allocation on the fast path (≤ 15 significant digits, |decimal exponent| ≤ 22,
 * Clinger's exact case); otherwise one Number() of a built string.
 */

/** Scale factors, by their (lower-case) spelling: the decimal exponent, or a factor for `mil`. */
export const SPICE_SCALE_FACTORS: readonly { readonly suffix: string; readonly exponent?: number; readonly factor?: number }[] = [
  { suffix: 't', exponent: 12 },
  { suffix: 'g', exponent: 9 },
  { suffix: 'meg', exponent: 6 },
  { suffix: 'k', exponent: 3 },
  { suffix: 'mil', factor: 25.4e-6 },
  { suffix: 'm', exponent: -3 },
  { suffix: 'u', exponent: -6 },
  { suffix: 'n', exponent: -9 },
  { suffix: 'p', exponent: -12 },
  { suffix: 'f', exponent: -15 },
];

/** 10^k, k = 0 … 22: every one exact in binary64. */
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];
const MIL = 25.4e-6;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetter = (c: number) => (c | 0x20) >= 97 && (c | 0x20) <= 122;
const lower = (c: number) => c | 0x20;

/** The value of text[start, end), or NaN when it is not a SPICE number (or is not finite). */
export function parseSpiceNumber(text: string, start: number, end: number): number {
  let k = start;
  let negative = false;
  let c = k < end ? text.charCodeAt(k) : 0;
  if (c === 43 || c === 45) {
    negative = c === 45;
    k++;
  }
  // Mantissa: digits [. digits] or . digits; m accumulates the significant digits (exact while ≤ 15 of them).
  const intStart = k;
  while (k < end && isDigit(text.charCodeAt(k))) k++;
  const intEnd = k;
  let fracStart = k;
  let fracEnd = k;
  if (k < end && text.charCodeAt(k) === 46) {
    fracStart = ++k;
    while (k < end && isDigit(text.charCodeAt(k))) k++;
    fracEnd = k;
  }
  if (intEnd === intStart && fracEnd === fracStart) return NaN;
  let exponent = 0;
  if (k < end && lower(text.charCodeAt(k)) === 101) {
    // e[+-]digits; "1e" without digits is no number.
    let j = k + 1;
    let expNegative = false;
    c = j < end ? text.charCodeAt(j) : 0;
    if (c === 43 || c === 45) {
      expNegative = c === 45;
      j++;
    }
    if (!(j < end && isDigit(text.charCodeAt(j)))) return NaN;
    while (j < end && isDigit((c = text.charCodeAt(j)))) {
      if (exponent < 100000) exponent = exponent * 10 + (c - 48);
      j++;
    }
    if (expNegative) exponent = -exponent;
    k = j;
  }
  // Scale factor, then unit letters (ignored).
  let factor = 1;
  if (k < end && isLetter(text.charCodeAt(k))) {
    const a = lower(text.charCodeAt(k));
    const b = k + 1 < end ? lower(text.charCodeAt(k + 1)) : 0;
    const d = k + 2 < end ? lower(text.charCodeAt(k + 2)) : 0;
    if (a === 109 && b === 101 && d === 103) exponent += 6; // meg
    else if (a === 109 && b === 105 && d === 108) factor = MIL; // mil
    else if (a === 116) exponent += 12; // t
    else if (a === 103) exponent += 9; // g
    else if (a === 107) exponent += 3; // k
    else if (a === 109) exponent -= 3; // m
    else if (a === 117) exponent -= 6; // u
    else if (a === 110) exponent -= 9; // n
    else if (a === 112) exponent -= 12; // p
    else if (a === 102) exponent -= 15; // f
    while (k < end && isLetter(text.charCodeAt(k))) k++;
  }
  if (k !== end) return NaN;

  // value = (int digits ‖ frac digits) · 10^(exponent − #frac digits)
  let m = 0;
  let significant = 0;
  for (let j = intStart; j < intEnd; j++) {
    c = text.charCodeAt(j) - 48;
    if (significant > 0 || c !== 0) significant++;
    m = m * 10 + c;
  }
  for (let j = fracStart; j < fracEnd; j++) {
    c = text.charCodeAt(j) - 48;
    if (significant > 0 || c !== 0) significant++;
    m = m * 10 + c;
  }
  const e10 = exponent - (fracEnd - fracStart);
  let x: number;
  if (significant <= 15 && e10 >= -22 && e10 <= 22) {
    // Clinger's fast path: m and 10^|e10| are exact, so one correctly rounded operation gives the nearest double.
    x = e10 < 0 ? m / POW10[-e10] : m * POW10[e10];
  } else {
    x = Number(`${text.slice(intStart, intEnd)}${text.slice(fracStart, fracEnd)}e${e10}`);
  }
  if (factor !== 1) x *= factor;
  if (!Number.isFinite(x)) return NaN;
  return negative ? -x : x;
}
