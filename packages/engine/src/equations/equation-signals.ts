/**
 * equationSignals: the input signals of an equation set — those given (NAME=SIGNAL), step(1) for the others; a
 * name that is not an input is 'bad-option' naming it (an equation set has no source values to default to).
 */
import { SysgraphError } from '@sysgraph/core';
import { parsePairs } from '../pairs';

export function equationSignals(inputs: readonly string[], list: readonly string[] | undefined, option = '--input'): Record<string, string> {
  const given = parsePairs(list, option);
  for (const name of Object.keys(given)) {
    if (!inputs.includes(name)) throw new SysgraphError('bad-option', `${option} ${name}: the model has no input ${name}`, { element: name, field: option, expected: `one of ${inputs.join(', ') || '(no inputs)'}` });
  }
  return Object.fromEntries(inputs.map((u) => [u, given[u] ?? 'step(1)']));
}
