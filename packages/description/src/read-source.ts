/**
 * readSource: an across (E, v = u) or through (J, i = u) source → Source. `value` is either the input's name
 * (an identifier that is not a declared parameter) or a constant (a number or an expression of parameters, not
 * of the time t); the input is named by `input`, else by the value when it is a name, else by the id.
 */
import type { ElementKindInfo } from './kinds';
import type { RawElement } from './raw-input';
import { checkSelfLoop, fieldPath, resolveDomain } from './read-context';
import type { ReadContext } from './read-context';
import { readValue } from './read-value';
import type { Expression, Source } from './types';

const INPUT_NAME = /^[A-Za-z_\u00C0-\u02AF\u0370-\u03FF][A-Za-z0-9_\u00C0-\u02AF\u0370-\u03FF]*$/;

export function readSource(
  raw: RawElement,
  info: Extract<ElementKindInfo, { family: 'source' }>,
  ctx: ReadContext,
): Source | undefined {
  const id = raw.id;
  const from = raw.from as string;
  const to = raw.to as string;
  const domain = resolveDomain(info.domain, raw.domain, id, 'domain', ctx);
  checkSelfLoop(from, to, id, 'to', ctx);

  let input = raw.input ?? id;
  let constant: Expression | undefined;
  const value = raw.value;
  if (typeof value === 'string' && INPUT_NAME.test(value) && value !== 'pi' && !ctx.parameters.has(value)) {
    // The value names the input signal.
    if (raw.input !== undefined && raw.input !== value) {
      ctx.errors.add('bad-value', `${id}.input: "${raw.input}" contradicts the input name "${value}" given as value`, {
        element: id,
        field: 'input',
        path: fieldPath(ctx, 'input'),
        expected: 'one input name: either `input` or a name in `value`, or the same name in both',
      });
      return undefined;
    }
    input = value;
  } else if (value !== undefined) {
    constant = readValue(value, ctx, id, 'value');
    if (constant === undefined) return undefined;
    if (constant.dependsOnTime) {
      // A source's value is a constant; a time-varying source is an input with a signal.
      ctx.errors.add('bad-value', `${id}.value: "${constant.text}" depends on the time t`, {
        element: id,
        field: 'value',
        path: fieldPath(ctx, 'value'),
        expected: 'a constant (a number or an expression of parameters); give a time-varying value as an input signal',
      });
      return undefined;
    }
  }
  const kind = raw.kind;
  const type = info.type;
  const source: { -readonly [K in keyof Source]: Source[K] } = { id, kind, type, domain, from, to, input };
  if (constant !== undefined) source.constant = constant;
  if (raw.label !== undefined) source.label = raw.label;
  return source;
}
