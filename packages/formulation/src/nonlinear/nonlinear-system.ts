/**
 * buildNonlinearSystem: the symbolic state equations x' = f(x, u, t) and outputs y = g(x, u, t) of a system
 * with nonlinear constitutive laws (formulation.md section 12, paper eqs. 40–57, with the charge and flux
 * remedy), on the chosen normal tree:
 *
 *   tree across  v_E = u_E,  v_C = v (state) or V(q),  v_G = R̂_G(i_G)
 *   link through i_J = u_J,  i_L = i (state) or I(λ),  i_R = Ĝ_R(v_R)
 *   KVL  v_link = −F v_tree           (so v_R = −F_RE u_E − F_RC v_C, as F_RG = 0)
 *   KCL  i_tree =  Fᵀ i_link          (so i_G = F_LGᵀ i_L + F_JGᵀ u_J)
 *
 * The state of each storage element is the variable its law is written in: v_C for q = Q(v, t), where
 * Q_v v_C' = i_C − Q_t (eq. 54 with Q's time derivative); the charge q_C for v = V(q, t), where q_C' = i_C;
 * i_L for λ = Φ(i, t), where Φ_i i_L' = v_L − Φ_t (eq. 55); the flux λ_L for i = I(λ, t), where λ_L' = v_L.
 * A D-type element whose law is in the other form than the tree needs (v = f(i) on a link, i = g(v) on a tree
 * branch), or that lies on a loop of D-type elements (a nonzero row or column of F_RG, H4 violated), gets an
 * implicit variable z (i_R on a link, v_G on a tree branch) and a residual r(z, x, u, t) = 0:
 *   link R, i = g(v):   r = i_R − g(v_R)        link R, v = f(i):   r = v_R − f(i_R)
 *   tree G, v = f(i):   r = v_G − f(i_G)        tree G, i = g(v):   r = i_G − g(v_G)
 * with v_R, i_G from KVL and KCL (formulation.md section 12: "solve the static nonlinear system numerically,
 * Newton on the resistive network at each evaluation of f"). No parasitic elements are inserted.
 */
import { SysgraphError } from '@sysgraph/core';
import type { OnePort } from '@sysgraph/description';
import type { Structure } from '@sysgraph/graph';
import { CLASS_CODE, rootForest, signedTranspose } from '@sysgraph/graph';
import type { MathNode, SymbolNode } from 'mathjs';
import { checkNonlinearHypotheses } from './check-hypotheses';
import { elementLaw } from './element-law';
import type { ElementLaw } from './element-law';
import type { NonlinearMath } from './nonlinear-math';

export interface NonlinearState {
  readonly name: string;
  readonly element: string;
  /** The physical quantity: across v_C, charge q_C, through i_L or flux λ_L. */
  readonly quantity: 'across' | 'charge' | 'through' | 'flux';
}

/** A D-type element variable given implicitly: z (i_R or v_G) with residual(z, x, u, t) = 0. */
export interface ImplicitVariable {
  readonly name: string;
  readonly element: string;
  /** r(z, x, u, t); the implicit variables solve r = 0 together. */
  readonly residual: MathNode;
  /** The form that would make the element explicit, for messages ("through": i = g(v)). */
  readonly neededForm: 'across' | 'through';
}

export interface NonlinearSystem {
  readonly name: string;
  readonly states: readonly NonlinearState[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly implicit: readonly ImplicitVariable[];
  /** x' = f(x, u, t), one expression per state. */
  readonly f: readonly MathNode[];
  /** y = g(x, u, t), one expression per output. */
  readonly g: readonly MathNode[];
  /** Parameter values (null: symbolic). */
  readonly parameters: ReadonlyMap<string, number | null>;
}

export function buildNonlinearSystem(s: Structure, nm: NonlinearMath): NonlinearSystem {
  checkNonlinearHypotheses(s);
  const { math } = nm;
  const lg = s.graph;
  const p = s.partition;
  const F = s.loop.F;
  const FT = signedTranspose(F);
  const linkOf = s.loop.linkOrder.branches;
  const treeOf = s.loop.treeOrder.branches;
  const position = s.loop.position;
  const inTree = s.tree.inTree;
  const oneport = new Map<string, OnePort>(s.description.oneports.map((e) => [e.id, e]));
  const B = lg.branches.length;
  const id = (k: number) => lg.branches[k].id;
  const law = (k: number): ElementLaw => elementLaw(oneport.get(id(k))!, inTree[k] === 1);
  const inputName = (k: number) => p.inputs[p.inputOfBranch[k]].name;
  const paren = (text: string) => `(${text})`;

  /** The law's right-hand side with its variable replaced by `argument` (text). */
  const applyLaw = (l: ElementLaw, argument: string): string =>
    (math.parse(l.text) as MathNode)
      .transform((n: MathNode) => (n.type === 'SymbolNode' && (n as SymbolNode).name === l.variable ? math.parse(paren(argument)) : n))
      .toString();

  const vTree = new Array<string | undefined>(B);
  const iLink = new Array<string | undefined>(B);
  const states: NonlinearState[] = [];
  const stateLaw: ElementLaw[] = [];
  const stateBranch: number[] = [];
  const names = new Set<string>();
  const claim = (name: string, element: string) => {
    if (s.description.parameters.has(name) || names.has(name) || name === 't') {
      throw new SysgraphError('unsupported', `the variable name ${name} of ${element} is also the name of a parameter or input`, {
        element,
        expected: `no parameter or input named ${name}`,
      });
    }
    names.add(name);
    return name;
  };
  for (const u of p.inputs) names.add(u.name);

  // Storage elements: states and their across (C) or through (L) expressions.
  for (const k of [...p.groups.C, ...p.groups.L]) {
    const l = law(k);
    const e = id(k);
    const isC = lg.cls[k] === CLASS_CODE.A;
    const quantity = isC ? (l.form === 'charge' ? 'across' : 'charge') : l.form === 'flux' ? 'through' : 'flux';
    const name = claim(`${{ across: 'v', charge: 'q', through: 'i', flux: 'lambda' }[quantity]}_${e}`, e);
    states.push({ name, element: e, quantity });
    stateLaw.push(l);
    stateBranch.push(k);
    const value = quantity === 'charge' || quantity === 'flux' ? applyLaw(l, name) : name;
    if (isC) vTree[k] = value;
    else iLink[k] = value;
  }
  for (const k of p.groups.E) vTree[k] = inputName(k);
  for (const k of p.groups.J) iLink[k] = inputName(k);

  /** Σ_t F[l,t] vTree[t] over the tree branches of link l's loop. */
  const kvl = (l: number) => {
    const r = position[l];
    const terms: string[] = [];
    for (let q = F.rowPtr[r]; q < F.rowPtr[r + 1]; q++) terms.push(`${F.values[q] > 0 ? '-' : '+'} ${paren(vTree[treeOf[F.colIdx[q]]]!)}`);
    return terms.length === 0 ? '0' : terms.join(' ');
  };
  /** Σ_l F[l,t] iLink[l] over the links of tree branch t's cutset. */
  const kcl = (t: number) => {
    const c = position[t];
    const terms: string[] = [];
    for (let q = FT.rowPtr[c]; q < FT.rowPtr[c + 1]; q++) terms.push(`${FT.values[q] > 0 ? '+' : '-'} ${paren(iLink[linkOf[FT.colIdx[q]]]!)}`);
    return terms.length === 0 ? '0' : terms.join(' ');
  };

  // D-type elements: explicit when in the needed form and on no loop of D-type elements (F_RG = 0 there).
  const FRG = p.block('R', 'G');
  const FGR = signedTranspose(FRG);
  const implicitBranches: { k: number; name: string }[] = [];
  p.groups.G.forEach((k, c) => {
    if (law(k).form !== 'across' || FGR.rowPtr[c + 1] > FGR.rowPtr[c]) {
      vTree[k] = claim(`v_${id(k)}`, id(k));
      implicitBranches.push({ k, name: vTree[k]! });
    }
  });
  p.groups.R.forEach((k, r) => {
    if (law(k).form !== 'through' || FRG.rowPtr[r + 1] > FRG.rowPtr[r]) {
      iLink[k] = claim(`i_${id(k)}`, id(k));
      implicitBranches.push({ k, name: iLink[k]! });
    }
  });
  // Explicit ones: v_G = R̂_G(i_G) with i_G over L and J; i_R = Ĝ_R(v_R) with v_R over E and C.
  for (const k of p.groups.G) if (vTree[k] === undefined) vTree[k] = applyLaw(law(k), kcl(k));
  for (const k of p.groups.R) if (iLink[k] === undefined) iLink[k] = applyLaw(law(k), kvl(k));
  const implicit = implicitBranches.map(({ k, name }) => {
    const l = law(k);
    const tree = inTree[k] === 1;
    const other = tree ? kcl(k) : kvl(k); // i_G or v_R
    // The law's output minus the variable it gives (see the table above).
    const given = (l.form === 'across') === tree;
    const residual = given ? `${name} - (${applyLaw(l, other)})` : `(${other}) - (${applyLaw(l, name)})`;
    return { name, element: id(k), residual, neededForm: (tree ? 'across' : 'through') as 'across' | 'through' };
  });
  const across = (k: number) => (inTree[k] === 1 ? vTree[k]! : kvl(k));
  const through = (k: number) => (inTree[k] === 1 ? kcl(k) : iLink[k]!);

  // State equations.
  const f = states.map((x, j) => {
    const k = stateBranch[j];
    const l = stateLaw[j];
    const drive = lg.cls[k] === CLASS_CODE.A ? through(k) : across(k); // i_C or v_L
    if (x.quantity === 'charge' || x.quantity === 'flux') return drive; // q' = i_C, λ' = v_L
    // Q_v v' = i_C − Q_t   or   Φ_i i' = v_L − Φ_t
    const lawAtState = math.parse(applyLaw(l, x.name));
    const slope = nm.derivative(lawAtState, x.name).toString();
    const rate = nm.derivative(lawAtState, 't').toString();
    return rate === '0' ? `(${drive}) / (${slope})` : `((${drive}) - (${rate})) / (${slope})`;
  });

  // Outputs.
  const forest = rootForest(s.tree);
  const potential = (node: number) => {
    // φ(n) − φ(root) = Σ ± v_k along the tree path (v_k = φ(a_k) − φ(b_k)).
    const terms: string[] = [];
    for (let n = node; forest.parentBranch[n] >= 0; n = forest.parent[n]) {
      const k = forest.parentBranch[n];
      terms.push(`${lg.from[k] === n ? '+' : '-'} ${paren(vTree[k]!)}`);
    }
    return terms.length === 0 ? '0' : terms.join(' ');
  };
  const nodeIndex = new Map(lg.nodeNames.map((n, j) => [n, j]));
  const branchOf = new Map(lg.branches.map((b) => [b.id, b.index]));
  const g = s.description.outputs.map((o) => {
    if (o.kind === 'node') return `(${potential(nodeIndex.get(o.node)!)}) - (${potential(nodeIndex.get(o.reference)!)})`;
    const k = branchOf.get(o.element)!;
    return o.variable === 'across' ? across(k) : through(k);
  });

  return {
    name: s.description.name,
    states,
    inputs: p.inputs.map((u) => u.name),
    outputs: s.description.outputs.map((o) => o.name),
    implicit: implicit.map((z) => ({ ...z, residual: math.parse(z.residual) })),
    f: f.map((text) => math.parse(text)),
    g: g.map((text) => math.parse(text)),
    parameters: s.description.parameters,
  };
}
