/**
 * checkNonlinearHypotheses: the assumptions of the nonlinear formulation (formulation.md section 12, H1–H8, as
 * relaxed here) checked against the chosen normal tree. Two-ports, capacitor loops (S), inductor cutsets (Γ) and
 * loops of D-type elements (H4) are supported; what remains refused, as 'unsupported' naming the elements:
 *   · mutual inductances (coupled flux maps);
 *   · a link capacitor whose loop holds a two-port port (F_Sθ ≠ 0 or F_SγT ≠ 0, after a displacement), or a tree
 *     inductor whose cutset holds a link port (F_αΓ ≠ 0 or F_γLΓ ≠ 0): i_S or v_Γ would drive the static network,
 *     which needs the general descriptor form of section 5.2 (E x' with input derivatives), not built here.
 * (F_SG = 0, F_SΓ = 0 and F_RΓ = 0 hold by construction of the normal tree, section 2.)
 */
import { SysgraphError } from '@sysgraph/core';
import type { Structure } from '@sysgraph/graph';
import { CLASS_CODE, signedTranspose } from '@sysgraph/graph';

export function checkNonlinearHypotheses(s: Structure): void {
  const lg = s.graph;
  const p = s.partition;
  const id = (k: number) => lg.ids[k];
  const mutuals = s.description.mutuals.map((m) => m.id);
  if (mutuals.length > 0) {
    throw new SysgraphError('unsupported', `the nonlinear formulation has no mutual inductances yet (${mutuals.join(', ')})`, {
      element: mutuals[0],
      elements: mutuals,
      expected: 'a system without mutual inductances',
    });
  }
  const F = s.loop.F;
  const FT = signedTranspose(F);
  const linkOf = s.loop.linkOrder.branches;
  const treeOf = s.loop.treeOrder.branches;
  const isStatic = (k: number) => lg.cls[k] !== CLASS_CODE.E && lg.cls[k] !== CLASS_CODE.J && lg.cls[k] !== CLASS_CODE.A && lg.cls[k] !== CLASS_CODE.T;
  const refuse = (k: number, members: number[], what: string) => {
    const elements = [id(k), ...members.map(id)];
    throw new SysgraphError('unsupported', `${elements.join(', ')}: ${what} is not supported by the nonlinear formulation`, {
      element: id(k),
      elements,
      expected: 'capacitor loops and inductor cutsets that hold no two-port port (F_Sθ = 0, F_SγT = 0, F_αΓ = 0, F_γLΓ = 0)',
    });
  };
  for (const k of p.groups.S) {
    const r = s.loop.position[k];
    const ports: number[] = [];
    for (let q = F.rowPtr[r]; q < F.rowPtr[r + 1]; q++) if (isStatic(treeOf[F.colIdx[q]])) ports.push(treeOf[F.colIdx[q]]);
    if (ports.length > 0) refuse(k, ports, 'a capacitor loop through two-port ports (dependent capacitor coupled through a two-port)');
  }
  for (const k of p.groups.Gamma) {
    const c = s.loop.position[k];
    const ports: number[] = [];
    for (let q = FT.rowPtr[c]; q < FT.rowPtr[c + 1]; q++) if (isStatic(linkOf[FT.colIdx[q]])) ports.push(linkOf[FT.colIdx[q]]);
    if (ports.length > 0) refuse(k, ports, 'an inductor cutset through two-port ports (dependent inductor coupled through a two-port)');
  }
}
