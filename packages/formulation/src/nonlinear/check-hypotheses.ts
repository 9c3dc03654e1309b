/**
 * checkNonlinearHypotheses: the assumptions of the nonlinear formulation (formulation.md section 12, H1–H8)
 * checked against the chosen normal tree. This slice also needs every capacitor in the tree and every inductor
 * in the co-tree (no S or Γ group: no capacitor loops or inductor cutsets) and no mutual inductance.
 * Violations throw 'unsupported' naming the elements. H4 (no loop of D-type elements, F_RG = 0) is not required:
 * the D-type elements of such loops are solved together by Newton at each evaluation (nonlinear-system.ts).
 */
import { SysgraphError } from '@sysgraph/core';
import type { Structure } from '@sysgraph/graph';

export function checkNonlinearHypotheses(s: Structure): void {
  const p = s.partition;
  const id = (k: number) => s.graph.branches[k].id;
  const twoPorts = s.description.twoPorts.map((t) => t.id);
  if (twoPorts.length > 0) {
    throw new SysgraphError('unsupported', `the nonlinear formulation has no two-ports yet (${twoPorts.join(', ')})`, {
      element: twoPorts[0],
      elements: twoPorts,
      expected: 'a system without transformers and gyrators (H1)',
    });
  }
  const mutuals = s.description.mutuals.map((m) => m.id);
  if (mutuals.length > 0) {
    throw new SysgraphError('unsupported', `the nonlinear formulation has no mutual inductances yet (${mutuals.join(', ')})`, {
      element: mutuals[0],
      elements: mutuals,
      expected: 'a system without mutual inductances',
    });
  }
  const dependent = [...Array.from(p.groups.S, id), ...Array.from(p.groups.Gamma, id)];
  if (dependent.length > 0) {
    throw new SysgraphError(
      'unsupported',
      `${dependent.join(', ')}: a capacitor in a loop of capacitors and across sources, or an inductor in a cutset of inductors and through sources, is not yet supported by the nonlinear formulation`,
      { element: dependent[0], elements: dependent, expected: 'every A-type element in the normal tree and every T-type element in the co-tree' },
    );
  }
}
