/**
 * The operating point as the command line gives it: --input NAME=VALUE (constant inputs), --guess STATE=VALUE
 * (Newton's start), each a number; unknown names are 'bad-option' naming the name and listing the known ones.
 * Inputs not given are 0, and a note says so (linearise's default).
 */
import { SysgraphError } from '@sysgraph/core';
import { parsePairs } from '../pairs';

export function parseNumbers(list: readonly string[] | undefined, option: string, known: readonly string[], what: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, text] of Object.entries(parsePairs(list, option))) {
    if (!known.includes(name)) {
      throw new SysgraphError('bad-option', `${option} ${name}: the model has no ${what} ${name}`, { element: name, field: option, expected: `one of ${known.join(', ') || `(no ${what}s)`}` });
    }
    const x = Number(text);
    if (text === '' || !Number.isFinite(x)) throw new SysgraphError('bad-option', `${option} ${name}=${text}: expected a number`, { element: name, field: option, expected: 'NAME=number, e.g. E=5' });
    out[name] = x;
  }
  return out;
}

/** The constant inputs of the operating point; a note for each input left at 0. */
export function operatingInputs(list: readonly string[] | undefined, inputs: readonly string[], note?: (line: string) => void): Record<string, number> {
  const given = parseNumbers(list, '--input', inputs, 'input');
  for (const name of inputs) if (given[name] === undefined) note?.(`operating point: input ${name} = 0 (default; set it with --input ${name}=VALUE)`);
  return Object.fromEntries(inputs.map((name) => [name, given[name] ?? 0]));
}
