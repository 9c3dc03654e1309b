/**
 * renderGraphSummary: a linear graph too large to draw readably as SVG (above LARGE_GRAPH branches) — its
 * counts, and a search by element id that lists the matching branches with their nodes, tree or link, and
 * whether they carry a state (at most MAX_HITS shown). O(B) per search. The large-graph drawing
 * (large-graph-view.ts) goes below it and highlights the hits.
 */
import type { PackedGraph } from '../engine/protocol';
import { branchAt, branchCount, branchElement, branchId, branchInTree, branchState, nodeCount } from '../engine/packed-graph';
import { el, replaceChildren } from './dom';

export const LARGE_GRAPH = 200;
const MAX_HITS = 50;

/** `onFound` hears the branch ids matching each search (empty when cleared), e.g. to highlight them in a drawing. */
export function renderGraphSummary(host: HTMLElement, g: PackedGraph, onFound?: (ids: readonly string[]) => void, ...after: Node[]): void {
  const B = branchCount(g);
  let tree = 0;
  let states = 0;
  for (let k = 0; k < B; k++) {
    if (branchInTree(g, k)) tree++;
    if (branchState(g, k)) states++;
  }
  const search = el('input', { type: 'search', id: 'graph-search', placeholder: 'element id, e.g. R1', 'aria-label': 'find a branch by element id' });
  const hits = el('ul', { class: 'graph-hits', id: 'graph-hits', 'aria-live': 'polite' });
  search.addEventListener('input', () => {
    const q = search.value.trim().toLowerCase();
    if (q === '') {
      replaceChildren(hits);
      onFound?.([]);
      return;
    }
    const found: number[] = [];
    for (let k = 0; k < B; k++) if (branchId(g, k).toLowerCase().includes(q) || branchElement(g, k).toLowerCase().includes(q)) found.push(k);
    onFound?.(found.map((k) => branchId(g, k)));
    replaceChildren(
      hits,
      // the objects of the hits shown only (at most MAX_HITS)
      ...found.slice(0, MAX_HITS).map((k) => branchAt(g, k)).map((b) =>
        el('li', { 'data-branch': b.id, 'data-tree': b.inTree ? '1' : '0', 'data-state': b.state ? '1' : '0' }, el('code', {}, b.id), ` ${b.kind}: ${b.from} → ${b.to}, ${b.inTree ? 'tree branch' : 'link'}${b.state ? ', carries a state' : ''}`),
      ),
      found.length > MAX_HITS ? el('li', {}, `… and ${found.length - MAX_HITS} more`) : null,
      found.length === 0 ? el('li', {}, 'no branch of that id') : null,
    );
  });
  replaceChildren(
    host,
    el('p', { class: 'graph-summary', id: 'graph-summary', 'data-branches': B }, `${nodeCount(g)} nodes and ${B} branches: ${tree} in the normal tree, ${B - tree} links, ${states} carrying a state. ${onFound ? 'Drawn below by a force layout; find a branch by its id:' : 'Too many to draw readably here; find a branch by its id:'}`),
    search,
    hits,
    ...after,
  );
}
