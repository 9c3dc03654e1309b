/**
 * networkPlan: the nonlinear state equations as the linear formulation's topology composed with compiled element
 * laws (formulation.md sections 3, 10, 12; docs/nonlinear.md, "The network model"). Every branch has one PRIMARY
 * value prim[k] — across for a tree branch, through for a link — and one SECONDARY value from F:
 *   KVL  v_link = −F v_tree     KCL  i_tree = Fᵀ i_link          sec(k) = Σ coef · prim[b]  (secPtr/secBranch/secCoef)
 * Primary values: sources from u (E across, J through); storage from the states; static branches (tree and link
 * resistors, two-port ports) are the unknowns p, each with one residual
 *   r_j = a_j(p_j) − b_j(σ_j),   σ_j = sec(m_j)
 *   resistor, law in the form its place needs (v = f(i) in the tree, i = g(v) in the co-tree):  a = id, b = law, m = k
 *   resistor, law in the other form:                                                            a = law, b = id, m = k
 *   transformer v1 = TF v2, i1 = −i2/TF;  gyrator v1 = GY i2, i1 = −v2/GY  (one residual per port, solved for its
 *   primary variable from the partner port's secondary):                                        a = id, b = c·σ, m = partner
 * States (C in the tree, L in the co-tree; the variable each law is written in):
 *   q = Q(v, t): x = v_C,  prim = x,     Q_v x' = i_C − Q_t       v = V(q, t): x = q_C,  prim = V(x),  x' = i_C
 *   λ = Φ(i, t): x = i_L,  prim = x,     Φ_i x' = v_L − Φ_t       i = I(λ, t): x = λ_L,  prim = I(x),  x' = v_L
 * with i_C = sec(C) (KCL) and v_L = sec(L) (KVL). Cases outside this (capacitor links, inductor tree branches,
 * mutual inductances, parametric laws, time-varying two-port ratios) are 'unsupported' at build time.
 */
import { SysgraphError } from '@sysgraph/core';
import { parameterUse } from '../parameter-use';
import type { OnePort } from '@sysgraph/description';
import type { Structure } from '@sysgraph/graph';
import { CLASS_CODE } from '@sysgraph/graph';
import { elementLaw, lawCache } from './element-law';
import type { LawCache } from './element-law';
import { compileLaw } from './law-tape';
import { CoefficientLaw } from './scalar-law';
import type { ScalarLaw } from './scalar-law';

/** Role of a branch: where its primary value comes from. */
export const ROLE = { input: 0, state: 1, static: 2 } as const;

export interface PlanState {
  readonly name: string;
  readonly element: string;
  readonly branch: number;
  /** True: the state is the branch's own primary value (v_C, i_L) and the law gives the stored quantity. */
  readonly own: boolean;
  readonly law: ScalarLaw;
  readonly linear: boolean;
}

export interface PlanStatic {
  readonly element: string;
  readonly branch: number;
  /** The branch whose secondary value σ the residual reads. */
  readonly reads: number;
  /** r = a(p) − b(σ); null is the identity. */
  readonly a: ScalarLaw | null;
  readonly b: ScalarLaw | null;
  /** The law of an element (names it when it misbehaves); false for two-port relations and values. */
  readonly law: boolean;
}

export interface NetworkPlan {
  readonly structure: Structure;
  readonly B: number;
  readonly role: Uint8Array;
  /** Index of the branch in states, statics or inputs (by role). */
  readonly slot: Int32Array;
  /** sec(k) = Σ_{q in secPtr[k]…} secCoef[q] · prim[secBranch[q]]. */
  readonly secPtr: Int32Array;
  readonly secBranch: Int32Array;
  /** ±1 (F's entries, with KVL's sign). */
  readonly secCoef: Int8Array;
  readonly states: readonly PlanState[];
  readonly statics: readonly PlanStatic[];
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
}

function unsupported(elements: string[], what: string, expected: string): SysgraphError {
  return new SysgraphError('unsupported', `the network model does not cover ${what} (${elements.join(', ')})`, {
    element: elements[0],
    elements,
    expected,
  });
}

export function networkPlan(s: Structure): NetworkPlan {
  const lg = s.graph;
  const p = s.partition;
  const desc = s.description;
  const B = lg.ids.length;
  if (desc.mutuals.length > 0) throw unsupported(desc.mutuals.map((m) => m.id), 'mutual inductances', 'a system without mutual inductances');
  if (p.groups.S.length > 0) throw unsupported(Array.from(p.groups.S, (k) => lg.ids[k]), 'capacitors in the co-tree (capacitor loops, dependent storage)', 'no loop of capacitors and across sources');
  if (p.groups.Gamma.length > 0) throw unsupported(Array.from(p.groups.Gamma, (k) => lg.ids[k]), 'inductors in the tree (inductor cutsets, dependent storage)', 'no cutset of inductors and through sources');

  // Secondary values from F: a link reads −F[l,t] v_t along its loop, a tree branch F[l,t] i_l along its cutset.
  const F = s.loop.F;
  const treeOf = s.loop.treeOrder.branches;
  const linkOf = s.loop.linkOrder.branches;
  const secPtr = new Int32Array(B + 1);
  for (let r = 0; r < F.rows; r++) {
    const l = linkOf[r];
    secPtr[l + 1] += F.rowPtr[r + 1] - F.rowPtr[r];
    for (let q = F.rowPtr[r]; q < F.rowPtr[r + 1]; q++) secPtr[treeOf[F.colIdx[q]] + 1]++;
  }
  for (let k = 0; k < B; k++) secPtr[k + 1] += secPtr[k];
  const fill = secPtr.slice(0, B);
  const secBranch = new Int32Array(secPtr[B]);
  const secCoef = new Int8Array(secPtr[B]);
  for (let r = 0; r < F.rows; r++) {
    const l = linkOf[r];
    for (let q = F.rowPtr[r]; q < F.rowPtr[r + 1]; q++) {
      const t = treeOf[F.colIdx[q]];
      const f = F.values[q];
      secBranch[fill[l]] = t;
      secCoef[fill[l]++] = -f;
      secBranch[fill[t]] = l;
      secCoef[fill[t]++] = f;
    }
  }

  const role = new Uint8Array(B);
  const slot = new Int32Array(B).fill(-1);
  const params = desc.parameters;
  const missing = [...params].filter(([, v]) => v === null).map(([k]) => k);
  if (missing.length > 0) {
    const use = parameterUse(desc, missing);
    throw new SysgraphError('missing-parameter-value', `the nonlinear model needs values for ${missing.join(', ')}${use ? ` (${use.element}.${use.field} uses ${use.parameter})` : ''}`, {
      element: use?.element,
      field: use?.field ?? `parameters.${missing[0]}`,
      elements: missing,
      expected: 'a number for every parameter',
    });
  }
  const cache: LawCache = lawCache();
  const oneports: OnePort[] = desc.oneports as OnePort[];
  const inTree = s.tree.inTree;
  // A state's name v_id, i_id, q_id or lambda_id is unique among the states (element ids are), so it is checked
  // only against the parameters, inputs and t, and only when one of those has such a form (rarely: the check, a
  // string built and hashed per state, cost more than the rest of the state's entry).
  const reserved = new Set<string>([...params.keys(), ...p.inputs.map((u) => u.name), 't']);
  const clash = [...reserved].some((name) => /^(v|i|q|lambda)_/.test(name));

  // Inputs.
  for (const k of p.groups.E) {
    role[k] = ROLE.input;
    slot[k] = p.inputOfBranch[k];
  }
  for (const k of p.groups.J) {
    role[k] = ROLE.input;
    slot[k] = p.inputOfBranch[k];
  }
  // States: tree capacitors, then link inductors (the order and names of nonlinearModel).
  const states: PlanState[] = [];
  for (const group of [p.groups.C, p.groups.L]) {
    for (let q = 0; q < group.length; q++) {
      const k = group[q];
      const e = oneports[k];
      const law = elementLaw(e, inTree[k] === 1, params, cache);
      const own = law.form === 'charge' || law.form === 'flux';
      const name = `${law.variable}_${e.id}`;
      if (clash && reserved.has(name)) throw unsupported([e.id], `a state named ${name} like a parameter, an input or another variable`, `no parameter or input named ${name}`);
      role[k] = ROLE.state;
      slot[k] = states.length;
      states.push({ name, element: e.id, branch: k, own, law: law.law, linear: law.linear });
    }
  }
  // Static branches: resistors in the tree and the co-tree, two-port ports.
  const statics: PlanStatic[] = [];
  const addStatic = (st: PlanStatic) => {
    role[st.branch] = ROLE.static;
    slot[st.branch] = statics.length;
    statics.push(st);
  };
  for (const group of [p.groups.G, p.groups.R]) {
    for (let q = 0; q < group.length; q++) {
      const k = group[q];
      const e = oneports[k];
      const tree = inTree[k] === 1;
      const law = elementLaw(e, tree, params, cache);
      const direct = tree ? law.form === 'across' : law.form === 'through';
      addStatic({ element: e.id, branch: k, reads: k, a: direct ? null : law.law, b: direct ? law.law : null, law: !law.linear });
    }
  }
  for (const tp of lg.twoPorts) {
    const d = desc.twoPorts.find((x) => x.id === tp.id)!;
    if (d.ratio.dependsOnTime) throw unsupported([tp.id], 'a two-port ratio that varies in time', 'a constant ratio');
    const ratioLaw = compileLaw(d.ratio.node, '\u0000', params, { element: tp.id, field: 'ratio' });
    ratioLaw.evaluate(0, 0);
    const c = ratioLaw.value;
    const [k1, k2] = tp.ports;
    const t1 = inTree[k1] === 1;
    const t2 = inTree[k2] === 1;
    const scale = (x: number) => new CoefficientLaw(x, false);
    let c1: number;
    let c2: number;
    if (tp.kind === 'transformer') {
      if (t1 === t2) throw unsupported([tp.id], 'a transformer with both ports on the same side of the tree', 'one port in the tree');
      // port 1 in the tree: v1 = TF v2, i2 = −TF i1;  port 2 in the tree: v2 = v1/TF, i1 = −i2/TF.
      [c1, c2] = t1 ? [c, -c] : [-1 / c, 1 / c];
    } else {
      if (t1 !== t2) throw unsupported([tp.id], 'a gyrator with its ports on both sides of the tree', 'both ports in the tree or both in the co-tree');
      // in the tree: v1 = GY i2, v2 = −GY i1;  in the co-tree: i1 = −v2/GY, i2 = v1/GY.
      [c1, c2] = t1 ? [c, -c] : [-1 / c, 1 / c];
    }
    addStatic({ element: tp.id, branch: k1, reads: k2, a: null, b: scale(c1), law: false });
    addStatic({ element: tp.id, branch: k2, reads: k1, a: null, b: scale(c2), law: false });
  }
  return {
    structure: s,
    B,
    role,
    slot,
    secPtr,
    secBranch,
    secCoef,
    states,
    statics,
    inputNames: p.inputs.map((u) => u.name),
    outputNames: desc.outputs.map((o) => o.name),
  };
}
