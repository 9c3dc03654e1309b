/**
 * The dangling-node check: a node touched by exactly one branch terminal (from, to of one-ports and sources;
 * from, to of each two-port port) can carry no through variable, so it is almost always a misspelt node name.
 * The terminal counts come from node-table.ts; this walk over the elements runs only when some count is 1, to
 * name each such terminal, in input order.
 */
import type { ErrorList } from './error-list';
import { elementKind } from './kinds';
import type { NodeTable } from './node-table';
import type { RawElement } from './raw-input';

/** A list of elements as written, with its name in the input ("elements", "twoPorts", …). */
export interface ElementList {
  readonly name: string;
  readonly items: readonly RawElement[];
  /** The kind of an item that has none (the `mutuals` list: mutual-inductance). */
  readonly defaultKind?: string;
}

export function checkDanglingNodes(lists: readonly ElementList[], nodes: NodeTable, errors: ErrorList): void {
  if (!nodes.hasDanglingNode()) return;
  const check = (node: string, element: string, field: string, path: string): void => {
    if (nodes.terminalCount(node) !== 1) return;
    errors.add('dangling-node', `${element}.${field}: node "${node}" is connected to nothing else`, {
      element,
      field,
      path: `${path}.${field}`,
      elements: [node],
      expected: 'a node shared with at least one other terminal (check the spelling)',
    });
  };
  for (const list of lists) {
    list.items.forEach((raw, k) => {
      const family = elementKind(raw.kind ?? list.defaultKind ?? '')?.family;
      const path = `${list.name}[${k}]`;
      if (family === 'one-port' || family === 'source') {
        check(raw.from as string, raw.id, 'from', path);
        check(raw.to as string, raw.id, 'to', path);
      } else if (family === 'two-port') {
        (raw.ports ?? []).forEach((p, j) => {
          check(p.from, raw.id, `ports[${j}].from`, path);
          check(p.to, raw.id, `ports[${j}].to`, path);
        });
      }
    });
  }
}
