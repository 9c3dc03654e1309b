/**
 * What every element reader needs: the (caching) expression parser, the declared parameters, the error list,
 * where the element being read sits in the input; and the checks they share (domain of a kind, self-loop).
 * Locations ("elements[3].value") are built only when an error is recorded.
 */
import { DOMAINS } from '@sysgraph/core';
import type { Domain } from '@sysgraph/core';
import type { ErrorList } from './error-list';
import type { ExpressionCache } from './expression-cache';
import type { Expression, Law } from './types';
import type { LawScopes } from './read-law';

export interface ReadContext {
  readonly parser: ExpressionCache;
  readonly parameters: ReadonlyMap<string, number | null>;
  readonly errors: ErrorList;
  /** The declared names of law expressions, one set per law variable (see read-law.ts). */
  readonly lawScopes: LawScopes;
  /** Laws already read, by element type and law text: elements with the same law share one reading. */
  readonly laws: Map<string, { readonly law: Law; readonly value: Expression }>;
  /** The list ("elements", "twoPorts", "two_ports", "mutuals") and index of the element being read. */
  list: string;
  index: number;
}

export function createReadContext(
  parser: ExpressionCache,
  parameters: ReadonlyMap<string, number | null>,
  errors: ErrorList,
  lawScopes: LawScopes,
): ReadContext {
  return { parser, parameters, errors, lawScopes, laws: new Map(), list: '', index: 0 };
}

/** Where the element being read sits: "elements[3]". */
export function elementPath(ctx: ReadContext): string {
  return `${ctx.list}[${ctx.index}]`;
}

/** Where a field of the element being read sits: "elements[3].value". */
export function fieldPath(ctx: ReadContext, field: string): string {
  return `${ctx.list}[${ctx.index}].${field}`;
}

/** The domain of an element: implied by its kind, else the `domain` field, else generic. */
export function resolveDomain(
  implied: Domain | undefined,
  given: string | undefined,
  id: string,
  field: string,
  ctx: ReadContext,
): Domain {
  if (given === undefined) return implied ?? 'generic';
  if (!(DOMAINS as readonly string[]).includes(given)) {
    ctx.errors.add('bad-value', `${id}.${field}: unknown domain "${given}"`, {
      element: id,
      field,
      path: fieldPath(ctx, field),
      expected: `one of ${DOMAINS.join(', ')}`,
    });
    return implied ?? 'generic';
  }
  if (implied !== undefined && given !== implied) {
    ctx.errors.add('bad-value', `${id}.${field}: the kind implies the ${implied} domain, not ${given}`, {
      element: id,
      field,
      path: fieldPath(ctx, field),
      expected: `${implied} (or no domain field)`,
    });
    return implied;
  }
  return implied ?? (given as Domain);
}

/** A branch from a node to itself carries no across variable and closes a trivial loop. */
export function checkSelfLoop(from: string, to: string, id: string, field: string, ctx: ReadContext): void {
  if (from === to) {
    ctx.errors.add('self-loop', `${id}.${field}: the branch goes from node "${from}" to itself`, {
      element: id,
      field,
      path: fieldPath(ctx, field),
      expected: 'two different nodes',
      elements: [from],
    });
  }
}
