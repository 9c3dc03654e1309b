/**
 * Connected components of the graph (each two-port port is a separate edge; the two sides of a two-port need
 * not be connected) and their grounds: the given ground, else the one node named g, ground, gnd or 0 (any case),
 * else the component's first node in input order (formulation.md section 1: a spanning forest, one reference
 * node per component).
 */
import type { ErrorList } from './error-list';
import type { Branch } from './terminals';

export interface Components {
  /** Component index of each node (components numbered in order of their first node). */
  readonly componentOf: ReadonlyMap<string, number>;
  readonly count: number;
}

/** Union–find with path halving: O((N + B) α(N)). */
export function findComponents(nodes: readonly string[], branches: readonly Branch[]): Components {
  const index = new Map(nodes.map((n, i) => [n, i]));
  const parent = nodes.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  for (const b of branches) {
    const a = find(index.get(b.from) as number);
    const c = find(index.get(b.to) as number);
    // Union towards the smaller index keeps the root the component's first node.
    if (a !== c) parent[Math.max(a, c)] = Math.min(a, c);
  }
  const numberOfRoot = new Map<number, number>();
  const componentOf = new Map<string, number>();
  nodes.forEach((n, i) => {
    const r = find(i);
    if (!numberOfRoot.has(r)) numberOfRoot.set(r, numberOfRoot.size);
    componentOf.set(n, numberOfRoot.get(r) as number);
  });
  return { componentOf, count: numberOfRoot.size };
}

const GROUND_NAMES = new Set(['g', 'ground', 'gnd', '0']);

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
    const c = components.componentOf.get(g);
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
  const members: string[][] = Array.from({ length: components.count }, () => []);
  for (const n of nodes) members[components.componentOf.get(n) as number].push(n);
  for (let c = 0; c < components.count; c++) {
    if (chosen[c] !== undefined) continue;
    const named = members[c].filter((n) => GROUND_NAMES.has(n.toLowerCase()));
    chosen[c] = named.length === 1 ? named[0] : members[c][0];
  }
  return chosen as string[];
}
