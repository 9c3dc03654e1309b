/**
 * The prime of the StateMint files: x' is d/dt x. The expression grammar has no prime (mathjs reads ' as a string
 * quote), so x' is rewritten to the symbol x__dt before parsing, and `**` (StateMint's Python power) to `^`.
 * User names may not contain "__" (so no rewritten name can clash with one of theirs).
 */
import { SysgraphError } from '@sysgraph/core';

export const DERIVATIVE_SUFFIX = '__dt';

export function derivativeName(name: string): string {
  return `${name}${DERIVATIVE_SUFFIX}`;
}

/** The variable of a derivative symbol, or undefined for a plain one. */
export function derivativeOf(symbol: string): string | undefined {
  return symbol.endsWith(DERIVATIVE_SUFFIX) ? symbol.slice(0, -DERIVATIVE_SUFFIX.length) : undefined;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Checks a user's name: an identifier without "__" and other than the time t. */
export function checkName(name: string, where: string, field: string): void {
  const bad = !IDENTIFIER.test(name) ? 'is not a name (a letter or _ followed by letters, digits or _)' : name.includes('__') ? 'contains "__", which the derivatives use' : name === 't' ? 'is the time t' : undefined;
  if (bad) throw new SysgraphError('bad-equation', `${where}: "${name}" ${bad}`, { element: name, field, path: where, expected: 'a name: letters, digits and single underscores, not t' });
}

/** Right-side text with x' as x__dt and ** as ^; a prime after anything but a name, or a double prime, is refused. */
export function rewritePrimes(text: string, where: string, field: string, element: string): string {
  let out = text.replace(/\*\*/g, '^');
  const second = /([A-Za-z_][A-Za-z0-9_]*)\s*''/.exec(out);
  if (second) {
    throw new SysgraphError('unsupported', `${where}: ${second[1]}'' is a second derivative; write the set with first derivatives only`, { element, field, path: where, expected: "first derivatives x' only" });
  }
  out = out.replace(/([A-Za-z_][A-Za-z0-9_]*)\s*'/g, (_m, name: string) => derivativeName(name));
  if (out.includes("'")) {
    throw new SysgraphError('bad-equation', `${where}: a prime (') follows something other than a variable name in "${text}"`, { element, field, path: where, expected: "x' for the derivative of a variable x" });
  }
  return out;
}
