/** parsePairs: NAME=VALUE options of the command line (--input, --initial, --guess, --signal), values as text. */
import { SysgraphError } from '@sysgraph/core';

export function parsePairs(list: readonly string[] | undefined, option: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list ?? []) {
    const k = item.indexOf('=');
    if (k <= 0) throw new SysgraphError('bad-option', `${option} ${item}: expected NAME=VALUE`, { field: option, expected: 'NAME=VALUE' });
    out[item.slice(0, k).trim()] = item.slice(k + 1).trim();
  }
  return out;
}
