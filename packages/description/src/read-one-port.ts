/**
 * readOnePort: an A-, T- or D-type element → OnePort with its generalised value
 * (formulation.md section 1: capacitor/mass/inertia C = value; inductor/inertance L = value, spring L = 1/k;
 * resistor R = value, damper R = 1/b); or, with a `law`, the law and its incremental value at the origin.
 */
import type { ElementKindInfo } from './kinds';
import type { RawElement, RawLaw } from './raw-input';
import { checkSelfLoop, elementPath, resolveDomain } from './read-context';
import type { ReadContext } from './read-context';
import { readLaw } from './read-law';
import { readValue } from './read-value';
import type { Expression, Law, OnePort } from './types';

export function readOnePort(
  raw: RawElement,
  info: Extract<ElementKindInfo, { family: 'one-port' }>,
  ctx: ReadContext,
): OnePort | undefined {
  const id = raw.id;
  const from = raw.from as string;
  const to = raw.to as string;
  const domain = resolveDomain(info.domain, raw.domain, id, 'domain', ctx);
  checkSelfLoop(from, to, id, 'to', ctx);
  let value: Expression;
  let userValue: Expression;
  let law: Law | undefined;
  if (raw.law !== undefined) {
    // A law in place of a value (the schema forbids both): value is the incremental value at the origin.
    const read = readLawOnce(raw.law, info, id, ctx);
    if (read === undefined) return undefined;
    value = userValue = read.value;
    law = read.law;
  } else {
    const given = readValue(raw.value as number | string, ctx, id, 'value');
    if (given === undefined) return undefined;
    userValue = given;
    // Springs and dampers: L = 1/k, R = 1/b, kept as the fraction node "1 / (k)".
    value = info.mapping === 'reciprocal' ? ctx.parser.reciprocal(given) : given;
  }
  const kind = raw.kind;
  const type = info.type;
  const label = raw.label;
  if (law !== undefined) {
    return label === undefined
      ? { id, kind, type, domain, from, to, value, law, userValue }
      : { id, kind, type, domain, from, to, value, law, userValue, label };
  }
  return label === undefined
    ? { id, kind, type, domain, from, to, value, userValue }
    : { id, kind, type, domain, from, to, value, userValue, label };
}

/** A law read once per distinct (type, law) in a description; failures are read (and reported) per element. */
function readLawOnce(raw: RawLaw, info: Extract<ElementKindInfo, { family: 'one-port' }>, id: string, ctx: ReadContext) {
  const key = `${info.type}${JSON.stringify(raw)}`;
  const known = ctx.laws.get(key);
  if (known !== undefined) return known;
  const read = readLaw(raw, info.type, ctx.parser, ctx.parameters, { element: id, path: elementPath(ctx) }, ctx.errors, ctx.lawScopes);
  if (read !== undefined) ctx.laws.set(key, read);
  return read;
}
