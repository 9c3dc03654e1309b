/**
 * readSource: an across (E, v = u) or through (J, i = u) source → Source. `value` is either the input's name
 * (an identifier that is not a declared parameter) or a constant (a number or an expression of parameters);
 * the input is named by `input`, else by the value when it is a name, else by the id.
 */
import type { ElementKindInfo } from './kinds';
import type { SitedElement } from './raw-input';
import { checkSelfLoop, resolveDomain } from './read-context';
import type { ReadContext } from './read-context';
import { readValue } from './read-value';
import type { Expression, Source } from './types';

const INPUT_NAME = /^[A-Za-z_\u00C0-\u02AF\u0370-\u03FF][A-Za-z0-9_\u00C0-\u02AF\u0370-\u03FF]*$/;

export function readSource(
  { raw, path }: SitedElement,
  info: Extract<ElementKindInfo, { family: 'source' }>,
  ctx: ReadContext,
): Source | undefined {
  const from = raw.from as string;
  const to = raw.to as string;
  const domain = resolveDomain(info.domain, raw.domain, raw.id, 'domain', path, ctx.errors);
  checkSelfLoop(from, to, raw.id, 'to', path, ctx.errors);

  let input = raw.input ?? raw.id;
  let constant: Expression | undefined;
  const value = raw.value;
  if (typeof value === 'string' && INPUT_NAME.test(value) && value !== 'pi' && !ctx.parameters.has(value)) {
    // The value names the input signal.
    if (raw.input !== undefined && raw.input !== value) {
      ctx.errors.add('bad-value', `${raw.id}.input: "${raw.input}" contradicts the input name "${value}" given as value`, {
        element: raw.id,
        field: 'input',
        path: `${path}.input`,
        expected: 'one input name: either `input` or a name in `value`, or the same name in both',
      });
      return undefined;
    }
    input = value;
  } else if (value !== undefined) {
    const site = { element: raw.id, field: 'value', path: `${path}.value` };
    constant = readValue(value, ctx.parser, ctx.parameters, site, ctx.errors);
    if (constant === undefined) return undefined;
  }
  return {
    id: raw.id,
    kind: raw.kind,
    type: info.type,
    domain,
    from,
    to,
    input,
    ...(constant !== undefined ? { constant } : {}),
    ...(raw.label !== undefined ? { label: raw.label } : {}),
  };
}
