/**
 * deriveEquations: the derivation as the StateMint tutorial does it by hand (seed 000, "Example"):
 * primary variables (across of tree branches, through of links), secondary variables, state variables,
 * the B − S elemental equations with the primary variable on the left, the N − c − S_A continuity equations
 * (i_tree = Fᵀ i_link, one per tree branch that is not an across source) and the B − N + c − S_T compatibility
 * equations (v_link = −F v_tree, one per link that is not a through source); c = number of components.
 * Coefficients are kept as expression text of the user's values (stiffness k, damping b, …).
 */
import type { SystemDescription } from '@sysgraph/description';
import type { Partition } from './partitioned-graph';
import { CLASS_CODE } from './linear-graph';

export interface VariableRef {
  readonly branch: string;
  readonly variable: 'across' | 'through';
  /** d/dt of the variable. */
  readonly derivative?: boolean;
}

export interface Term {
  /** Coefficient as expression text ("1", "-1", "k", "1/(R)", …). */
  readonly coefficient: string;
  readonly ref: VariableRef;
}

export interface Equation {
  readonly kind: 'elemental' | 'continuity' | 'compatibility';
  readonly lhs: VariableRef;
  readonly rhs: readonly Term[];
  /** The element or branch the equation belongs to. */
  readonly element: string;
}

export interface Derivation {
  readonly treeBranches: readonly string[];
  readonly links: readonly string[];
  readonly primary: readonly VariableRef[];
  readonly secondary: readonly VariableRef[];
  readonly states: readonly string[];
  readonly elemental: readonly Equation[];
  readonly continuity: readonly Equation[];
  readonly compatibility: readonly Equation[];
  readonly counts: { readonly B: number; readonly N: number; readonly components: number; readonly acrossSources: number; readonly throughSources: number };
}

const across = (branch: string, derivative = false): VariableRef => ({ branch, variable: 'across', derivative });
const through = (branch: string, derivative = false): VariableRef => ({ branch, variable: 'through', derivative });

export interface DerivationOptions {
  /** Tidies a coefficient's expression text (e.g. an exact rational simplifier); identity by default. */
  readonly simplify?: (text: string) => string;
}

export function deriveEquations(partition: Partition, desc: SystemDescription, opts: DerivationOptions = {}): Derivation {
  const loop = partition.loop;
  const lg = loop.tree.graph;
  const inTree = loop.tree.inTree;
  const id = (k: number) => lg.ids[k];
  const oneport = new Map(desc.oneports.map((e) => [e.id, e]));
  const twoPort = new Map(desc.twoPorts.map((t) => [t.id, t]));
  const mutualsOf = new Map<string, { other: string; value: string }[]>();
  for (const m of desc.mutuals) {
    const [a, b] = m.between;
    const v = m.form === 'inductance' ? m.value.text : `(${m.value.text})*sqrt(${oneport.get(a)?.value.text}*${oneport.get(b)?.value.text})`;
    (mutualsOf.get(a) ?? mutualsOf.set(a, []).get(a)!).push({ other: b, value: v });
    (mutualsOf.get(b) ?? mutualsOf.set(b, []).get(b)!).push({ other: a, value: v });
  }

  const treeBranches = Array.from(loop.treeOrder.branches, id);
  const links = Array.from(loop.linkOrder.branches, id);
  const primary = [...treeBranches.map((b) => across(b)), ...links.map((b) => through(b))];
  const secondary = [...treeBranches.map((b) => through(b)), ...links.map((b) => across(b))];

  const elemental: Equation[] = [];
  const eq = (element: string, lhs: VariableRef, rhs: Term[]) => elemental.push({ kind: 'elemental', element, lhs, rhs });
  for (const b of lg.branches) {
    const t = inTree[b.index] === 1;
    const c = lg.cls[b.index];
    if (c === CLASS_CODE.A || c === CLASS_CODE.D || c === CLASS_CODE.T) {
      const e = oneport.get(b.id)!;
      const g = `(${e.value.text})`; // generalised C, L or R
      if (c === CLASS_CODE.A) {
        // i = C v'  ⇒ tree: v' = i/C;  link: i = C v'
        if (t) eq(b.id, across(b.id, true), [{ coefficient: `1/${g}`, ref: through(b.id) }]);
        else eq(b.id, through(b.id), [{ coefficient: g, ref: across(b.id, true) }]);
      } else if (c === CLASS_CODE.D) {
        // v = R i  ⇒ tree: v = R i;  link: i = v/R
        if (t) eq(b.id, across(b.id), [{ coefficient: g, ref: through(b.id) }]);
        else eq(b.id, through(b.id), [{ coefficient: `1/${g}`, ref: across(b.id) }]);
      } else {
        // v = L i' + Σ M i_other'  ⇒ link: i' = v/L (− Σ M/L i_other');  tree: v = L i' + Σ M i_other'
        const mut = mutualsOf.get(b.id) ?? [];
        if (t) {
          eq(b.id, across(b.id), [{ coefficient: g, ref: through(b.id, true) }, ...mut.map((m) => ({ coefficient: `(${m.value})`, ref: through(m.other, true) }))]);
        } else {
          eq(b.id, through(b.id, true), [{ coefficient: `1/${g}`, ref: across(b.id) }, ...mut.map((m) => ({ coefficient: `-(${m.value})/${g}`, ref: through(m.other, true) }))]);
        }
      }
    }
  }
  for (const tp of lg.twoPorts) {
    const d = twoPort.get(tp.id)!;
    const r = `(${d.ratio.text})`;
    const [p1, p2] = tp.ports.map(id);
    if (tp.kind === 'transformer') {
      // v1 = TF v2, i1 = −i2/TF; primary on the left: the tree port's across, the link port's through.
      if (inTree[tp.ports[1]]) {
        eq(tp.id, across(p2), [{ coefficient: `1/${r}`, ref: across(p1) }]);
        eq(tp.id, through(p1), [{ coefficient: `-1/${r}`, ref: through(p2) }]);
      } else {
        eq(tp.id, across(p1), [{ coefficient: r, ref: across(p2) }]);
        eq(tp.id, through(p2), [{ coefficient: `-${r}`, ref: through(p1) }]);
      }
    } else if (inTree[tp.ports[0]]) {
      // v1 = GY i2, v2 = −GY i1 (both ports in the tree: across primary)
      eq(tp.id, across(p1), [{ coefficient: r, ref: through(p2) }]);
      eq(tp.id, across(p2), [{ coefficient: `-${r}`, ref: through(p1) }]);
    } else {
      // i1 = −v2/GY, i2 = v1/GY (both in the co-tree: through primary)
      eq(tp.id, through(p1), [{ coefficient: `-1/${r}`, ref: across(p2) }]);
      eq(tp.id, through(p2), [{ coefficient: `1/${r}`, ref: across(p1) }]);
    }
  }

  const F = loop.F;
  const continuity: Equation[] = [];
  const perColumn: Term[][] = treeBranches.map(() => []);
  for (let r = 0; r < F.rows; r++) {
    for (let p = F.rowPtr[r]; p < F.rowPtr[r + 1]; p++) {
      perColumn[F.colIdx[p]].push({ coefficient: String(F.values[p]), ref: through(links[r]) });
    }
  }
  treeBranches.forEach((b, c) => {
    if (lg.cls[loop.treeOrder.branches[c]] === CLASS_CODE.E) return;
    continuity.push({ kind: 'continuity', element: b, lhs: through(b), rhs: perColumn[c] });
  });
  const compatibility: Equation[] = [];
  links.forEach((l, r) => {
    if (lg.cls[loop.linkOrder.branches[r]] === CLASS_CODE.J) return;
    const rhs: Term[] = [];
    for (let p = F.rowPtr[r]; p < F.rowPtr[r + 1]; p++) rhs.push({ coefficient: String(-F.values[p]), ref: across(treeBranches[F.colIdx[p]]) });
    compatibility.push({ kind: 'compatibility', element: l, lhs: across(l), rhs });
  });

  const countCls = (code: number) => lg.cls.reduce((n, c) => n + (c === code ? 1 : 0), 0);
  const simplify = opts.simplify;
  const tidy = (list: Equation[]): Equation[] =>
    simplify ? list.map((e) => ({ ...e, rhs: e.rhs.map((t) => ({ ...t, coefficient: simplify(t.coefficient) })) })) : list;
  return {
    treeBranches,
    links,
    primary,
    secondary,
    states: partition.states.map((s) => s.name),
    elemental: tidy(elemental),
    continuity,
    compatibility,
    counts: { B: lg.ids.length, N: lg.nodeNames.length, components: lg.componentCount, acrossSources: countCls(CLASS_CODE.E), throughSources: countCls(CLASS_CODE.J) },
  };
}
