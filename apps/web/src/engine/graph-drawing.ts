/**
 * graphDrawing: what the page needs to draw the linear graph — nodes with their component and ground, branches
 * with class, direction and tree membership, the state-variable branches (formulation.md section 2: A-type
 * tree branches and T-type links) and the two-ports that couple components.
 */
import type { SystemDescription } from '@sysgraph/description';
import type { Structure } from '@sysgraph/graph';
import type { GraphDrawing } from './protocol';

export function graphDrawing(s: Structure, desc: SystemDescription): GraphDrawing {
  const lg = s.graph;
  const stateBranches = new Set(s.partition.states.map((x) => x.branch));
  const labels = new Map<string, string>();
  for (const e of [...desc.oneports, ...desc.sources, ...desc.twoPorts]) if (e.label !== undefined) labels.set(e.id, e.label);
  return {
    nodes: lg.nodeNames.map((name, i) => ({ name, component: lg.component[i], ground: lg.groundOf[lg.component[i]] === i })),
    branches: lg.branches.map((b) => ({
      id: b.id,
      element: b.element,
      kind: b.kind,
      cls: b.cls,
      domain: b.domain,
      from: lg.nodeNames[b.from],
      to: lg.nodeNames[b.to],
      inTree: s.tree.inTree[b.index] === 1,
      state: stateBranches.has(b.index),
      ...(labels.has(b.element) ? { label: labels.get(b.element) } : {}),
    })),
    twoPorts: lg.twoPorts.map((tp) => ({
      id: tp.id,
      kind: tp.kind,
      ports: [lg.branches[tp.ports[0]].id, lg.branches[tp.ports[1]].id] as const,
      ...(labels.has(tp.id) ? { label: labels.get(tp.id) } : {}),
    })),
  };
}
