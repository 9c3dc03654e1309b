/**
 * The grounds of a description: one reference node per connected component (formulation.md section 1: a
 * spanning forest, one reference node per component): the given ground, else the one node named g, ground, gnd
 * or 0 (any case), else the component's first node in input order. Components come from node-table.ts.
 * Cost: O(N + #grounds).
 */
import type { ErrorList } from './error-list';
import type { Components } from './node-table';

const GROUND_NAMES = new Set(['g', 'ground', 'gnd', '0']);
/** Longest name in GROUND_NAMES: longer node names are never lower-cased. */
const LONGEST_GROUND_NAME = 6;

export function assignGrounds(
  given: string | readonly string[] | undefined,
  nodes: readonly string[],
  components: Components,
  errors: ErrorList,
): string[] {
  const list = given === undefined ? [] : typeof given === 'string' ? [given] : given;
  const chosen: (string | undefined)[] = new Array(components.count).fill(undefined);
  list.forEach((g, k) => {
    const field = typeof given === 'string' ? 'ground' : `ground[${k}]`;
    const c = components.componentOf(g);
    if (c === undefined) {
      errors.add('bad-ground', `${field}: "${g}" is not a node of the system`, {
        element: g,
        field,
        path: field,
        expected: `a node: ${nodes.slice(0, 20).join(', ')}${nodes.length > 20 ? ', …' : ''}`,
      });
      return;
    }
    const previous = chosen[c];
    if (previous !== undefined && previous !== g) {
      errors.add('bad-ground', `${field}: "${g}" and "${previous}" are grounds of the same connected component`, {
        element: g,
        field,
        path: field,
        elements: [previous, g],
        expected: 'at most one ground per connected component',
      });
      return;
    }
    chosen[c] = g;
  });
  // Per component without a given ground: its first node, and its nodes with a ground name (the one is used
  // when there is exactly one).
  const first: (string | undefined)[] = new Array(components.count).fill(undefined);
  const named: (string | undefined)[] = new Array(components.count).fill(undefined);
  const namedCount = new Int32Array(components.count);
  for (let i = 0; i < nodes.length; i++) {
    const c = components.componentOfIndex(i);
    if (chosen[c] !== undefined) continue;
    const n = nodes[i];
    first[c] ??= n;
    if (n.length <= LONGEST_GROUND_NAME && GROUND_NAMES.has(n.toLowerCase())) {
      named[c] = n;
      namedCount[c]++;
    }
  }
  for (let c = 0; c < components.count; c++) {
    if (chosen[c] === undefined) chosen[c] = namedCount[c] === 1 ? named[c] : first[c];
  }
  return chosen as string[];
}
