/**
 * What every element reader needs: the expression parser, the declared parameters, the error list; and the
 * checks they share (domain of a kind, self-loop).
 */
import { DOMAINS } from '@sysgraph/core';
import type { Domain } from '@sysgraph/core';
import type { ErrorList } from './error-list';
import type { ExpressionParser } from './expression';

export interface ReadContext {
  readonly parser: ExpressionParser;
  readonly parameters: ReadonlyMap<string, number | null>;
  readonly errors: ErrorList;
}

/** The domain of an element: implied by its kind, else the `domain` field, else generic. */
export function resolveDomain(
  implied: Domain | undefined,
  given: string | undefined,
  id: string,
  field: string,
  path: string,
  errors: ErrorList,
): Domain {
  if (given !== undefined && !(DOMAINS as readonly string[]).includes(given)) {
    errors.add('bad-value', `${id}.${field}: unknown domain "${given}"`, {
      element: id,
      field,
      path: `${path}.${field}`,
      expected: `one of ${DOMAINS.join(', ')}`,
    });
    return implied ?? 'generic';
  }
  if (implied !== undefined && given !== undefined && given !== implied) {
    errors.add('bad-value', `${id}.${field}: the kind implies the ${implied} domain, not ${given}`, {
      element: id,
      field,
      path: `${path}.${field}`,
      expected: `${implied} (or no domain field)`,
    });
    return implied;
  }
  return implied ?? (given as Domain | undefined) ?? 'generic';
}

/** A branch from a node to itself carries no across variable and closes a trivial loop. */
export function checkSelfLoop(from: string, to: string, id: string, field: string, path: string, errors: ErrorList): void {
  if (from === to) {
    errors.add('self-loop', `${id}.${field}: the branch goes from node "${from}" to itself`, {
      element: id,
      field,
      path: `${path}.${field}`,
      expected: 'two different nodes',
      elements: [from],
    });
  }
}
