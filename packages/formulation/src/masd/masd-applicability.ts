/**
 * masdApplicability: the preconditions of MASD's closed form (formulation.md section 6.1), each failure named
 * with the elements involved:
 *
 *   F_Sθ = 0, F_SG = 0 (and F_SγT = 0), F_SΓ = 0, F_RΓ = 0, F_γLΓ = 0 (co-tree gyrators absorbed into R), F_αΓ = 0;
 *   every resistance nonzero and finite, every gyrator ratio nonzero and finite (R1 and G2 invertible);
 *   I + F_αθ N12 invertible.
 *
 * The block conditions are read from the signed F (topology only); the value conditions need the backend.
 * When one fails, the closed form does not apply and the general formulation (section 5) is used (D6).
 */
import type { SystemDescription } from '@sysgraph/description';
import type { Group, LinkGroup, Partition, Structure, TreeGroup } from '@sysgraph/graph';
import type { Backend } from '../backend';
import { elementMatrices } from '../element-matrices';
import { masdElementMatrices } from './masd-element-matrices';
import { masdBlocks, masdPartition } from './masd-partition';
import { transformerLoopRegular } from './transformer-coupling';

export type MasdCondition =
  | 'F_Sθ'
  | 'F_SG'
  | 'F_SγT'
  | 'F_SΓ'
  | 'F_RΓ'
  | 'F_γLΓ'
  | 'F_αΓ'
  | 'resistance'
  | 'gyrator-ratio'
  | 'transformer-loop';

export interface MasdViolation {
  readonly condition: MasdCondition;
  /** The branches involved: a link and the tree branches of its loop in the offending group, or the element. */
  readonly elements: readonly string[];
  readonly reason: string;
}

export interface MasdApplicability {
  readonly applicable: boolean;
  /** One sentence per violation, e.g. "F_αΓ ≠ 0: link transformer port motor.1 closes a loop through tree inductor Lm". */
  readonly reasons: readonly string[];
  readonly violations: readonly MasdViolation[];
}

const ROLE: Readonly<Record<Group, string>> = {
  E: 'across source', C: 'tree capacitor', G: 'tree resistor', theta: 'tree transformer port', gammaT: 'tree gyrator port',
  Gamma: 'tree inductor', S: 'co-tree capacitor', R: 'link resistor', alpha: 'link transformer port',
  gammaL: 'link gyrator port', L: 'link inductor', J: 'through source',
};

/** The block conditions F_XY = 0 of section 6.1, in the order they are reported. */
const BLOCK_CONDITIONS: readonly { condition: MasdCondition; link: LinkGroup; tree: TreeGroup }[] = [
  { condition: 'F_Sθ', link: 'S', tree: 'theta' },
  { condition: 'F_SG', link: 'S', tree: 'G' },
  { condition: 'F_SγT', link: 'S', tree: 'gammaT' },
  { condition: 'F_SΓ', link: 'S', tree: 'Gamma' },
  { condition: 'F_RΓ', link: 'R', tree: 'Gamma' },
  { condition: 'F_γLΓ', link: 'gammaL', tree: 'Gamma' },
  { condition: 'F_αΓ', link: 'alpha', tree: 'Gamma' },
];

/** One violation per link of group X whose loop runs through tree group Y. O(nnz of the rows of X). */
function blockViolations(p: Partition): MasdViolation[] {
  const loop = p.loop;
  const F = loop.F;
  const id = (k: number) => loop.tree.graph.ids[k];
  const out: MasdViolation[] = [];
  for (const { condition, link, tree } of BLOCK_CONDITIONS) {
    const [r0, r1] = loop.linkOrder.ranges[link];
    const [c0, c1] = loop.treeOrder.ranges[tree];
    for (let r = r0; r < r1; r++) {
      const through: string[] = [];
      for (let q = F.rowPtr[r]; q < F.rowPtr[r + 1]; q++) {
        const c = F.colIdx[q];
        if (c >= c0 && c < c1 && F.values[q] !== 0) through.push(id(loop.treeOrder.branches[c]));
      }
      if (through.length === 0) continue;
      const l = id(loop.linkOrder.branches[r]);
      out.push({
        condition,
        elements: [l, ...through],
        reason: `${condition} ≠ 0: ${ROLE[link]} ${l} closes a loop through ${ROLE[tree]} ${through.join(', ')}`,
      });
    }
  }
  return out;
}

/** Resistances and gyrator ratios must be nonzero and finite (R1 and G2 invertible). */
function valueViolations<M, T>(p: Partition, desc: SystemDescription, be: Backend<M, T>): MasdViolation[] {
  const F = be.algebra.field;
  const lg = p.loop.tree.graph;
  const value = (v: T) => (F.toNumber ? F.toNumber(v) : 1);
  const bad = (v: T) => F.isZero(v) || !Number.isFinite(value(v)) || value(v) === 0;
  const out: MasdViolation[] = [];
  const oneport = new Map(desc.oneports.map((e) => [e.id, e]));
  for (const k of [...p.groups.G, ...p.groups.R]) {
    const e = oneport.get(lg.ids[k])!;
    if (bad(be.scalar(e.value, { element: e.id, field: 'value' }))) {
      out.push({ condition: 'resistance', elements: [e.id], reason: `resistance of ${e.id} is zero or infinite: R1 or G2 is not invertible` });
    }
  }
  const twoPort = new Map(desc.twoPorts.map((t) => [t.id, t]));
  for (const tp of lg.twoPorts) {
    if (tp.kind !== 'gyrator') continue;
    const t = twoPort.get(tp.id)!;
    if (bad(be.scalar(t.ratio, { element: t.id, field: 'ratio' }))) {
      out.push({ condition: 'gyrator-ratio', elements: [t.id], reason: `ratio of gyrator ${t.id} is zero or infinite: R1 or G2 is not invertible` });
    }
  }
  return out;
}

export function masdApplicability<M, T>(s: Structure, be: Backend<M, T>): MasdApplicability {
  const p = s.partition;
  const violations = [...blockViolations(p), ...valueViolations(p, s.description, be)];
  if (p.groups.theta.length > 0) {
    const alg = be.algebra;
    const mp = masdPartition(p);
    const el = masdElementMatrices(elementMatrices(p, s.description, be), mp, alg);
    const F_at = masdBlocks(p, mp, alg)('alpha', 'theta');
    if (!transformerLoopRegular(F_at, el.N12, alg)) {
      // The transformers whose link port's loop runs through a tree transformer port, and those ports' owners.
      const lg = p.loop.tree.graph;
      const involved = new Set<string>();
      p.groups.alpha.forEach((a, i) => {
        p.groups.theta.forEach((t, j) => {
          if (!alg.field.isZero(alg.get(F_at, i, j))) involved.add(lg.branches[a].element).add(lg.branches[t].element);
        });
      });
      const ids = [...involved].sort();
      violations.push({
        condition: 'transformer-loop',
        elements: ids,
        reason: `I + F_αθ N12 is singular: the loop of transformer ports through ${ids.join(', ')} has a ratio product that leaves the port variables undetermined`,
      });
    }
  }
  return { applicable: violations.length === 0, reasons: violations.map((v) => v.reason), violations };
}
