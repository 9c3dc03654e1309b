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
import { lawCache } from './element-law';
import { PlanLaws } from './plan-laws';
import { secondaryRows } from './plan-secondary';
import { compileLaw } from './law-tape';
import { CoefficientLaw } from './scalar-law';
import type { ScalarLaw } from './scalar-law';

/** Role of a branch: where its primary value comes from. */
export const ROLE = { input: 0, state: 1, static: 2 } as const;

/** One state as a record (the general path's view of the plan's state columns). */
export interface PlanState {
  readonly name: string;
  readonly element: string;
  readonly branch: number;
  /** True: the state is the branch's own primary value (v_C, i_L) and the law gives the stored quantity. */
  readonly own: boolean;
  readonly law: ScalarLaw;
  readonly linear: boolean;
}

/** One static as a record (the general path's view of the plan's static columns). */
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

/**
 * The plan on typed columns: n states and np statics, their laws as indices into `laws` (−1: the identity);
 * `states` and `statics` are record views built on first use (the general path reads them; the split path and the
 * model read the columns only).
 */
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
  /** The distinct laws the columns index (elements of one law or one value share one). */
  readonly laws: readonly ScalarLaw[];
  readonly stateNames: readonly string[];
  readonly stateElements: readonly string[];
  readonly stateBranch: Int32Array;
  /** 1: the state is the branch's own primary value (v_C, i_L). */
  readonly stateOwn: Uint8Array;
  readonly stateLaw: Int32Array;
  /** 1: a value (linear law), not a user's law. */
  readonly stateLinear: Uint8Array;
  /** c of a constant linear own law q = c·v (λ = c·i), NaN for any other law. */
  readonly stateFactor: Float64Array;
  readonly staticElements: readonly string[];
  readonly staticBranch: Int32Array;
  readonly staticReads: Int32Array;
  /** r = laws[a](p) − laws[b](σ); −1 is the identity. */
  readonly staticA: Int32Array;
  readonly staticB: Int32Array;
  /** 1: the law of an element (names it when it misbehaves); 0 for two-port relations and values. */
  readonly staticIsLaw: Uint8Array;
  /** k of p = k·σ where a is the identity and b a constant linear law; NaN otherwise. */
  readonly staticFactor: Float64Array;
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
  const { secPtr, secBranch, secCoef } = secondaryRows(s.loop.F, s.loop.treeOrder.branches, s.loop.linkOrder.branches, B);

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
  const laws = new PlanLaws(params, lawCache());
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
  const n = p.groups.C.length + p.groups.L.length;
  const stateNames = new Array<string>(n);
  const stateElements = new Array<string>(n);
  const stateBranch = new Int32Array(n);
  const stateOwn = new Uint8Array(n);
  const stateLaw = new Int32Array(n);
  const stateLinear = new Uint8Array(n);
  const stateFactor = new Float64Array(n);
  const stateColumns = { stateNames, stateElements, stateBranch, stateOwn, stateLaw, stateLinear, stateFactor };
  const places = { oneports, inTree, laws, role, slot };
  const names = clash ? reserved : undefined;
  placeStates(p.groups.L, placeStates(p.groups.C, 0, places, stateColumns, names), places, stateColumns, names);
  // Static branches: resistors in the tree and the co-tree, two ports per two-port.
  const np = p.groups.G.length + p.groups.R.length + 2 * lg.twoPorts.length;
  const staticElements = new Array<string>(np);
  const staticBranch = new Int32Array(np);
  const staticReads = new Int32Array(np);
  const staticA = new Int32Array(np);
  const staticB = new Int32Array(np);
  const staticIsLaw = new Uint8Array(np);
  const staticFactor = new Float64Array(np);
  const staticColumns = { staticElements, staticBranch, staticReads, staticA, staticB, staticIsLaw, staticFactor };
  let j = placeStatics(p.groups.R, placeStatics(p.groups.G, 0, places, staticColumns), places, staticColumns);
  for (const tp of lg.twoPorts) {
    const d = desc.twoPorts.find((x) => x.id === tp.id)!;
    if (d.ratio.dependsOnTime) throw unsupported([tp.id], 'a two-port ratio that varies in time', 'a constant ratio');
    const ratioLaw = compileLaw(d.ratio.node, '\u0000', params, { element: tp.id, field: 'ratio' });
    ratioLaw.evaluate(0, 0);
    const ratio = ratioLaw.value;
    const [k1, k2] = tp.ports;
    const t1 = inTree[k1] === 1;
    const t2 = inTree[k2] === 1;
    let c1: number;
    let c2: number;
    if (tp.kind === 'transformer') {
      if (t1 === t2) throw unsupported([tp.id], 'a transformer with both ports on the same side of the tree', 'one port in the tree');
      // port 1 in the tree: v1 = TF v2, i2 = −TF i1;  port 2 in the tree: v2 = v1/TF, i1 = −i2/TF.
      [c1, c2] = t1 ? [ratio, -ratio] : [-1 / ratio, 1 / ratio];
    } else {
      if (t1 !== t2) throw unsupported([tp.id], 'a gyrator with its ports on both sides of the tree', 'both ports in the tree or both in the co-tree');
      // in the tree: v1 = GY i2, v2 = −GY i1;  in the co-tree: i1 = −v2/GY, i2 = v1/GY.
      [c1, c2] = t1 ? [ratio, -ratio] : [-1 / ratio, 1 / ratio];
    }
    for (const [k, reads, cp] of [[k1, k2, c1], [k2, k1, c2]] as const) {
      role[k] = ROLE.static;
      slot[k] = j;
      staticElements[j] = tp.id;
      staticBranch[j] = k;
      staticReads[j] = reads;
      staticA[j] = -1;
      staticB[j] = laws.add(new CoefficientLaw(cp, false));
      staticIsLaw[j] = 0;
      staticFactor[j++] = cp;
    }
  }
  const lawList = laws.laws;
  let states: PlanState[] | undefined;
  let statics: PlanStatic[] | undefined;
  return {
    structure: s,
    B,
    role,
    slot,
    secPtr,
    secBranch,
    secCoef,
    laws: lawList,
    stateNames,
    stateElements,
    stateBranch,
    stateOwn,
    stateLaw,
    stateLinear,
    stateFactor,
    staticElements,
    staticBranch,
    staticReads,
    staticA,
    staticB,
    staticIsLaw,
    staticFactor,
    get states() {
      return (states ??= stateNames.map((name, i) => ({
        name,
        element: stateElements[i],
        branch: stateBranch[i],
        own: stateOwn[i] === 1,
        law: lawList[stateLaw[i]],
        linear: stateLinear[i] === 1,
      })));
    },
    get statics() {
      return (statics ??= staticElements.map((element, i) => ({
        element,
        branch: staticBranch[i],
        reads: staticReads[i],
        a: staticA[i] < 0 ? null : lawList[staticA[i]],
        b: staticB[i] < 0 ? null : lawList[staticB[i]],
        law: staticIsLaw[i] === 1,
      })));
    },
    inputNames: p.inputs.map((u) => u.name),
    outputNames: desc.outputs.map((o) => o.name),
  };
}

/** What placing an element needs: the one-ports, the tree, the laws, and the role and slot of every branch (filled). */
interface Places {
  readonly oneports: readonly OnePort[];
  readonly inTree: Uint8Array;
  readonly laws: PlanLaws;
  readonly role: Uint8Array;
  readonly slot: Int32Array;
}

type StateColumns = Pick<NetworkPlan, 'stateBranch' | 'stateOwn' | 'stateLaw' | 'stateLinear' | 'stateFactor'> & { readonly stateNames: string[]; readonly stateElements: string[] };
type StaticColumns = Pick<NetworkPlan, 'staticBranch' | 'staticReads' | 'staticA' | 'staticB' | 'staticIsLaw' | 'staticFactor'> & { readonly staticElements: string[] };

/**
 * The states of one group (tree capacitors, link inductors) from index c on; returns the next index. `reserved`:
 * the names a state's name must not take (only when one of them has a state's form).
 */
function placeStates(group: Int32Array, c: number, at: Places, cols: StateColumns, reserved: ReadonlySet<string> | undefined): number {
  const { oneports, inTree, laws, role, slot } = at;
  // the columns in locals: the loop runs mostly before V8 optimises it, where each property read is a lookup
  const { stateNames, stateElements, stateBranch, stateOwn, stateLaw, stateLinear, stateFactor } = cols;
  for (let q = 0; q < group.length; q++, c++) {
    const k = group[q];
    const e = oneports[k];
    const law = laws.entry(e, inTree[k] === 1);
    const own = law.form === 'charge' || law.form === 'flux';
    const name = `${law.variable}_${e.id}`;
    if (reserved !== undefined && reserved.has(name)) throw unsupported([e.id], `a state named ${name} like a parameter, an input or another variable`, `no parameter or input named ${name}`);
    role[k] = ROLE.state;
    slot[k] = c;
    stateNames[c] = name;
    stateElements[c] = e.id;
    stateBranch[c] = k;
    stateOwn[c] = own ? 1 : 0;
    stateLaw[c] = law.index;
    stateLinear[c] = law.linear ? 1 : 0;
    // q = C v (λ = L i): the rate is σ / C
    stateFactor[c] = own && !law.invert ? law.c : Number.NaN;
  }
  return c;
}

/** The resistors of one group (tree, co-tree) as statics from index j on, each in the form its place needs; returns the next index. */
function placeStatics(group: Int32Array, j: number, at: Places, cols: StaticColumns): number {
  const { oneports, inTree, laws, role, slot } = at;
  const { staticElements, staticBranch, staticReads, staticA, staticB, staticIsLaw, staticFactor } = cols;
  for (let q = 0; q < group.length; q++, j++) {
    const k = group[q];
    const e = oneports[k];
    const tree = inTree[k] === 1;
    const law = laws.entry(e, tree);
    const direct = tree ? law.form === 'across' : law.form === 'through';
    role[k] = ROLE.static;
    slot[k] = j;
    staticElements[j] = e.id;
    staticBranch[j] = k;
    staticReads[j] = k;
    staticA[j] = direct ? -1 : law.index;
    staticB[j] = direct ? law.index : -1;
    staticIsLaw[j] = law.linear ? 0 : 1;
    staticFactor[j] = direct ? (law.invert ? 1 / law.c : law.c) : Number.NaN;
  }
  return j;
}
