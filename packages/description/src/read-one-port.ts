/**
 * readOnePort: an A-, T- or D-type element → OnePort with its generalised value
 * (formulation.md section 1: capacitor/mass/inertia C = value; inductor/inertance L = value, spring L = 1/k;
 * resistor R = value, damper R = 1/b); or, with a `law`, the law and its incremental value at the origin.
 */
import type { ElementKindInfo } from './kinds';
import type { SitedElement } from './raw-input';
import { checkSelfLoop, resolveDomain } from './read-context';
import type { ReadContext } from './read-context';
import { readLaw } from './read-law';
import { readValue } from './read-value';
import type { OnePort } from './types';

export function readOnePort(
  { raw, path }: SitedElement,
  info: Extract<ElementKindInfo, { family: 'one-port' }>,
  ctx: ReadContext,
): OnePort | undefined {
  const from = raw.from as string;
  const to = raw.to as string;
  const domain = resolveDomain(info.domain, raw.domain, raw.id, 'domain', path, ctx.errors);
  checkSelfLoop(from, to, raw.id, 'to', path, ctx.errors);
  if (raw.law !== undefined) {
    // A law in place of a value (the schema forbids both): value is the incremental value at the origin.
    const read = readLaw(raw.law, info.type, ctx.parser, ctx.parameters, { element: raw.id, path }, ctx.errors);
    if (read === undefined) return undefined;
    return {
      id: raw.id,
      kind: raw.kind,
      type: info.type,
      domain,
      from,
      to,
      value: read.value,
      userValue: read.value,
      law: read.law,
      ...(raw.label !== undefined ? { label: raw.label } : {}),
    };
  }
  const site = { element: raw.id, field: 'value', path: `${path}.value` };
  const userValue = readValue(raw.value as number | string, ctx.parser, ctx.parameters, site, ctx.errors);
  if (userValue === undefined) return undefined;
  // Springs and dampers: L = 1/k, R = 1/b, kept as the fraction node "1 / (k)".
  const value = info.mapping === 'reciprocal' ? ctx.parser.reciprocal(userValue) : userValue;
  return {
    id: raw.id,
    kind: raw.kind,
    type: info.type,
    domain,
    from,
    to,
    value,
    userValue,
    ...(raw.label !== undefined ? { label: raw.label } : {}),
  };
}
