/**
 * Branch terminals in input order (from, to of every one-port and source; from, to of both ports of every
 * two-port): the nodes in order of first appearance, and the dangling-node check (a node touched by exactly one
 * terminal can carry no through variable, so it is almost always a misspelt node name).
 */
import type { ErrorList } from './error-list';
import { elementKind } from './kinds';
import type { SitedElement } from './raw-input';

export interface Terminal {
  readonly node: string;
  readonly element: string;
  /** "from", "to", "ports[0].from", … */
  readonly field: string;
  readonly path: string;
}

/** One branch (an edge of the graph): a one-port, a source or one port of a two-port. */
export interface Branch {
  readonly from: string;
  readonly to: string;
}

export function collectTerminals(elements: readonly SitedElement[]): { terminals: Terminal[]; branches: Branch[] } {
  const terminals: Terminal[] = [];
  const branches: Branch[] = [];
  const add = (node: string, element: string, field: string, path: string): void => {
    terminals.push({ node, element, field, path: `${path}.${field}` });
  };
  for (const { raw, path } of elements) {
    const family = elementKind(raw.kind)?.family;
    if (family === 'one-port' || family === 'source') {
      add(raw.from as string, raw.id, 'from', path);
      add(raw.to as string, raw.id, 'to', path);
      branches.push({ from: raw.from as string, to: raw.to as string });
    } else if (family === 'two-port') {
      (raw.ports ?? []).forEach((p, j) => {
        add(p.from, raw.id, `ports[${j}].from`, path);
        add(p.to, raw.id, `ports[${j}].to`, path);
        branches.push({ from: p.from, to: p.to });
      });
    }
  }
  return { terminals, branches };
}

/** Distinct nodes in order of first appearance. */
export function nodesInOrder(terminals: readonly Terminal[]): string[] {
  return [...new Set(terminals.map((t) => t.node))];
}

export function checkDanglingNodes(terminals: readonly Terminal[], errors: ErrorList): void {
  const count = new Map<string, number>();
  for (const t of terminals) count.set(t.node, (count.get(t.node) ?? 0) + 1);
  for (const t of terminals) {
    if (count.get(t.node) === 1) {
      errors.add('dangling-node', `${t.element}.${t.field}: node "${t.node}" is connected to nothing else`, {
        element: t.element,
        field: t.field,
        path: t.path,
        elements: [t.node],
        expected: 'a node shared with at least one other terminal (check the spelling)',
      });
    }
  }
}
