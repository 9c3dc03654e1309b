/**
 * buildNonlinearSystem: the symbolic state equations x' = f(x, u, t) and outputs y = g(x, u, u', t) of a system
 * with nonlinear constitutive laws (formulation.md section 12, paper eqs. 40–65, with the charge and flux
 * remedy), on the chosen normal tree — the stages in one reading:
 *
 *   tree across  v_E = u_E, v_C from the state (storage-elements.ts), v_G, v_θ, v_γT (static-elements.ts)
 *   link through i_J = u_J, i_L from the state,                         i_R, i_α, i_γL
 *   KVL  v_link = −F v_tree,   KCL  i_tree = Fᵀ i_link                 (network-texts.ts)
 *
 * Implicit variables z (inverted laws, loops of D-type elements, coupled two-ports, composed storage laws of
 * capacitor loops and inductor cutsets) come with residuals r(z, x, u, t) = 0, solved numerically at each
 * evaluation. Rates (i_S = q_S', v_Γ = λ_Γ') appear only in outputs.
 */
import type { Structure } from '@sysgraph/graph';
import type { MathNode, SymbolNode } from 'mathjs';
import { SysgraphError } from '@sysgraph/core';
import { checkNonlinearHypotheses } from './check-hypotheses';
import { createNetworkTexts, term } from './network-texts';
import type { Term } from './network-texts';
import type { NonlinearMath } from './nonlinear-math';
import { defineStatic } from './static-elements';
import { defineStorage } from './storage-elements';
import type { MonotoneCheck, StateQuantity } from './system-parts';

export interface NonlinearState {
  readonly name: string;
  readonly element: string;
  readonly quantity: StateQuantity;
}

/** A variable given implicitly: z with residual(z, x, u, t) = 0. */
export interface ImplicitVariable {
  readonly name: string;
  readonly element: string;
  /** r(z, x, u, t); the implicit variables solve r = 0 together. */
  readonly residual: MathNode;
  /** A D-type element's law form that would make it explicit, for messages ("through": i = g(v)). */
  readonly neededForm?: 'across' | 'through';
  /** A parametric curve's interval [a, b]: the variable is sought there. */
  readonly interval?: readonly [number, number];
  /** Elements whose laws the residual uses. */
  readonly laws: readonly string[];
}

/** A rate: the time derivative of a stored quantity (i_S = dq_S/dt, v_Γ = dλ_Γ/dt), a symbol of the outputs. */
export interface RateVariable {
  readonly name: string;
  readonly element: string;
  /** The stored quantity q_S or λ_Γ as an expression of (x, u, z, t). */
  readonly quantity: MathNode;
}

export interface NonlinearSystem {
  readonly name: string;
  readonly states: readonly NonlinearState[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly implicit: readonly ImplicitVariable[];
  readonly rates: readonly RateVariable[];
  /** x' = f(x, u, z, t), one expression per state. */
  readonly f: readonly MathNode[];
  /** y = g(x, u, z, rates, t), one expression per output. */
  readonly g: readonly MathNode[];
  /** Elements whose laws each f and g entry uses (to name them when a law misbehaves). */
  readonly fLaws: readonly (readonly string[])[];
  readonly gLaws: readonly (readonly string[])[];
  /** Parametric coordinates that must be strictly monotone on their interval. */
  readonly monotone: readonly MonotoneCheck[];
  /** Parameter values (null: symbolic). */
  readonly parameters: ReadonlyMap<string, number | null>;
}

export function buildNonlinearSystem(s: Structure, nm: NonlinearMath): NonlinearSystem {
  checkNonlinearHypotheses(s);
  const lg = s.graph;
  const p = s.partition;
  const net = createNetworkTexts(s, nm);
  for (const k of p.groups.E) net.vTree[k] = term(p.inputs[p.inputOfBranch[k]].name);
  for (const k of p.groups.J) net.iLink[k] = term(p.inputs[p.inputOfBranch[k]].name);
  const storage = defineStorage(s, net, nm);
  const statics = defineStatic(s, net);
  const f = storage.equations();
  const implicit = [...storage.implicit, ...statics.implicit];

  const inTree = (k: number) => s.tree.inTree[k] === 1;
  const across = (k: number) => (inTree(k) ? net.vTree[k]! : net.kvl(k));
  const through = (k: number) => (inTree(k) ? net.kcl(k) : net.iLink[k]!);
  const forest = s.loop.forest;
  const potential = (node: number): Term => {
    // φ(n) − φ(root) = Σ ± v_k along the tree path (v_k = φ(a_k) − φ(b_k)).
    const parts: string[] = [];
    const laws = new Set<string>();
    for (let n = node; forest.parentBranch[n] >= 0; n = forest.parent[n]) {
      const k = forest.parentBranch[n];
      parts.push(`${lg.from[k] === n ? '+' : '-'} (${net.vTree[k]!.text})`);
      for (const l of net.vTree[k]!.laws) laws.add(l);
    }
    return { text: parts.length === 0 ? '0' : parts.join(' '), laws };
  };
  const g = s.description.outputs.map((o): Term => {
    if (o.kind === 'node') {
      const a = potential(lg.nodeIndex.get(o.node)!);
      const b = potential(lg.nodeIndex.get(o.reference)!);
      return { text: `(${a.text}) - (${b.text})`, laws: new Set([...a.laws, ...b.laws]) };
    }
    const k = lg.branchIndex.get(o.port === undefined ? o.element : `${o.element}.${o.port}`)!;
    return o.variable === 'across' ? across(k) : through(k);
  });

  const parse = (t: Term) => nm.math.parse(t.text);
  const fNodes = f.map(parse);
  const rateNames = new Set(storage.rates.map((r) => r.name));
  fNodes.forEach((node, i) => {
    const used = node.filter((n: MathNode) => n.type === 'SymbolNode' && rateNames.has((n as SymbolNode).name));
    if (used.length > 0) throw new SysgraphError('unsupported', `internal: the state equation of ${storage.states[i].element} reads a rate`, { element: storage.states[i].element });
  });
  return {
    name: s.description.name,
    states: storage.states,
    inputs: p.inputs.map((u) => u.name),
    outputs: s.description.outputs.map((o) => o.name),
    implicit: implicit.map((z) => ({ ...z, residual: parse(z.residual), laws: [...z.residual.laws].sort() })),
    rates: storage.rates.map((r) => ({ name: r.name, element: r.element, quantity: parse(r.quantity) })),
    f: fNodes,
    g: g.map(parse),
    fLaws: f.map((t) => [...t.laws].sort()),
    gLaws: g.map((t) => [...t.laws].sort()),
    monotone: [...storage.monotone, ...statics.monotone],
    parameters: s.description.parameters,
  };
}
