/** exactDecimal: the exact rational value of a decimal numeral ("0.1" → 1/10, "1.5e-3" → 3/2000). */
import { SysgraphError } from '@sysgraph/core';
import { igcd } from '../bigint-math';

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
/** Decimal exponents beyond this are not numbers a model needs (doubles stop near 1e308). */
const MAX_DECIMAL_EXPONENT = 400;

export interface ExactRational {
  readonly num: bigint;
  /** Positive; gcd(num, den) = 1. */
  readonly den: bigint;
}

export function exactDecimal(text: string): ExactRational {
  const m = DECIMAL.exec(text.trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) {
    throw new SysgraphError('bad-value', `"${text}" is not a finite decimal number`, {
      expected: 'a finite decimal number',
    });
  }
  const [, sign, int, frac = '', expText = '0'] = m;
  const exp = Number(expText) - frac.length;
  if (Math.abs(exp) > MAX_DECIMAL_EXPONENT) {
    throw new SysgraphError('bad-value', `"${text}" is out of range`, {
      expected: `a decimal exponent within ±${MAX_DECIMAL_EXPONENT}`,
    });
  }
  let num = BigInt((int || '0') + frac);
  let den = 1n;
  if (exp >= 0) num *= 10n ** BigInt(exp);
  else den = 10n ** BigInt(-exp);
  if (sign === '-') num = -num;
  const g = igcd(num, den);
  return g > 1n ? { num: num / g, den: den / g } : { num, den };
}

/** The exact value of a double: its shortest round-trip decimal string, read exactly. */
export function exactNumber(x: number): ExactRational {
  if (!Number.isFinite(x)) {
    throw new SysgraphError('bad-value', `${x} is not a finite number`, { expected: 'a finite number' });
  }
  return exactDecimal(String(x));
}
