/**
 * One axis of a grid, from its text: NAME=a:b:n (n points from a to b, linear), NAME=a..b:log:n (n points
 * log-spaced, a, b > 0), NAME=v1,v2,… (a list) or NAME=v (one value). Every bad spec is a 'bad-option' naming the
 * parameter (element) and the option (field).
 */
import { SysgraphError } from '@sysgraph/core';

export interface Axis {
  readonly name: string;
  readonly values: Float64Array;
  readonly spec: string;
}

const USAGE = 'NAME=a:b:n (linear, n ≥ 2), NAME=a..b:log:n (log-spaced, a, b > 0), NAME=v1,v2,… or NAME=v';

function bad(name: string, text: string, why: string, option: string): SysgraphError {
  return new SysgraphError('bad-option', `${option} ${text}: ${why}`, { element: name, field: option, expected: USAGE });
}

function num(name: string, text: string, part: string, option: string): number {
  const x = Number(part.trim());
  if (part.trim() === '' || !Number.isFinite(x)) throw bad(name, text, `"${part}" is not a finite number`, option);
  return x;
}

function count(name: string, text: string, part: string, option: string): number {
  const n = Number(part.trim());
  if (!Number.isInteger(n) || n < 2) throw bad(name, text, `the number of points "${part}" must be an integer ≥ 2`, option);
  if (n > 1e8) throw bad(name, text, `${n} points: at most 1e8`, option);
  return n;
}

/** x_k = a + (b − a)·k/(n − 1), k = 0 … n−1 (both ends exact). */
export function linspace(a: number, b: number, n: number): Float64Array {
  const v = new Float64Array(n);
  for (let k = 0; k < n; k++) v[k] = k === n - 1 ? b : a + ((b - a) * k) / (n - 1);
  return v;
}

/** x_k = a·(b/a)^(k/(n−1)) = 10^(log10 a + (log10 b − log10 a)·k/(n−1)) (both ends exact). */
export function logspace(a: number, b: number, n: number): Float64Array {
  const la = Math.log10(a);
  const lb = Math.log10(b);
  const v = new Float64Array(n);
  for (let k = 0; k < n; k++) v[k] = k === 0 ? a : k === n - 1 ? b : 10 ** (la + ((lb - la) * k) / (n - 1));
  return v;
}

export function parseAxis(text: string, option = '--param'): Axis {
  const eq = text.indexOf('=');
  const name = eq > 0 ? text.slice(0, eq).trim() : '';
  if (eq <= 0 || name === '') throw new SysgraphError('bad-option', `${option} ${text}: expected NAME=VALUES`, { field: option, expected: USAGE });
  const rhs = text.slice(eq + 1).trim();
  if (rhs === '') throw bad(name, text, 'no values', option);
  const log = /^(.+?)\.\.(.+?):log:(.+)$/.exec(rhs);
  if (log) {
    const a = num(name, text, log[1], option);
    const b = num(name, text, log[2], option);
    const n = count(name, text, log[3], option);
    if (!(a > 0) || !(b > 0)) throw bad(name, text, `a log range needs positive ends (got ${a} and ${b})`, option);
    return { name, values: logspace(a, b, n), spec: text };
  }
  if (rhs.includes('..')) throw bad(name, text, 'a range a..b takes :log:n', option);
  if (rhs.includes(':')) {
    const parts = rhs.split(':');
    if (parts.length !== 3) throw bad(name, text, 'a linear range is a:b:n', option);
    const a = num(name, text, parts[0], option);
    const b = num(name, text, parts[1], option);
    const n = count(name, text, parts[2], option);
    return { name, values: linspace(a, b, n), spec: text };
  }
  const list = rhs.split(',').map((p) => num(name, text, p, option));
  return { name, values: Float64Array.from(list), spec: text };
}
