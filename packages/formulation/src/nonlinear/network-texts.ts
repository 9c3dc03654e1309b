/**
 * NetworkTexts: the branch quantities of a nonlinear system as mathjs texts while they are being built
 * (formulation.md section 3): the primary variables v_tree and i_link, and the laws of KVL and KCL over the
 * fundamental loops and cutsets of F,
 *   v_link = −F v_tree          (KVL, loop of link l: Σ_t F[l,t] v_t)
 *   i_tree =  Fᵀ i_link         (KCL, cutset of tree branch t: Σ_l F[l,t] i_l)
 * Every text carries the elements whose laws it uses (to name them when a law misbehaves).
 */
import { SysgraphError } from '@sysgraph/core';
import type { Structure } from '@sysgraph/graph';
import { signedTranspose } from '@sysgraph/graph';
import type { MathNode, SymbolNode } from 'mathjs';
import type { CurveQuantity, ElementCurve } from './element-curve';
import type { NonlinearMath } from './nonlinear-math';

/** A text and the elements whose laws it applies. */
export interface Term {
  readonly text: string;
  readonly laws: ReadonlySet<string>;
}

export interface NetworkTexts {
  /** Tree across values and link through values, by branch index, once defined. */
  readonly vTree: (Term | undefined)[];
  readonly iLink: (Term | undefined)[];
  /** Tree branches of link l's loop with F[l,t], and links of tree branch t's cutset with F[l,t]. */
  loop(l: number): readonly (readonly [number, number])[];
  cutset(t: number): readonly (readonly [number, number])[];
  /** v_l = −Σ F[l,t] v_t over the loop (skipping the tree branches `skip` rejects). */
  kvl(l: number, skip?: (t: number) => boolean): Term;
  /** i_t = Σ F[l,t] i_l over the cutset (skipping the links `skip` rejects). */
  kcl(t: number, skip?: (l: number) => boolean): Term;
  /** A coordinate of an element's curve with its variable replaced by `argument`. */
  coordinate(c: ElementCurve, q: CurveQuantity, argument: Term | string): Term;
  /** Reserves a variable name (throws 'unsupported' when a parameter, input or other variable has it). */
  claim(name: string, element: string): string;
  /** A branch's id as a symbol fragment (ports T.1 → T_1). */
  symbolId(k: number): string;
}

export const term = (text: string, laws: Iterable<string> = []): Term => ({ text, laws: new Set(laws) });

export function createNetworkTexts(s: Structure, nm: NonlinearMath): NetworkTexts {
  const F = s.loop.F;
  const FT = signedTranspose(F);
  const linkOf = s.loop.linkOrder.branches;
  const treeOf = s.loop.treeOrder.branches;
  const position = s.loop.position;
  const B = s.graph.ids.length;
  const vTree = new Array<Term | undefined>(B);
  const iLink = new Array<Term | undefined>(B);
  const names = new Set<string>(s.partition.inputs.map((u) => u.name));
  const paren = (t: string) => `(${t})`;
  const get = (what: 'v' | 'i', k: number): Term => {
    const t = what === 'v' ? vTree[k] : iLink[k];
    if (t === undefined) throw new Error(`internal: ${what} of ${s.graph.ids[k]} used before it is defined`);
    return t;
  };
  const sum = (parts: { sign: number; t: Term }[]): Term => {
    if (parts.length === 0) return term('0');
    const laws = new Set<string>();
    for (const p of parts) for (const l of p.t.laws) laws.add(l);
    return { text: parts.map((p) => `${p.sign > 0 ? '+' : '-'} ${paren(p.t.text)}`).join(' '), laws };
  };
  const loop = (l: number) => {
    const r = position[l];
    const out: [number, number][] = [];
    for (let q = F.rowPtr[r]; q < F.rowPtr[r + 1]; q++) out.push([treeOf[F.colIdx[q]], F.values[q]]);
    return out;
  };
  const cutset = (t: number) => {
    const c = position[t];
    const out: [number, number][] = [];
    for (let q = FT.rowPtr[c]; q < FT.rowPtr[c + 1]; q++) out.push([linkOf[FT.colIdx[q]], FT.values[q]]);
    return out;
  };
  return {
    vTree,
    iLink,
    loop,
    cutset,
    kvl: (l, skip) => sum(loop(l).filter(([t]) => !skip?.(t)).map(([t, f]) => ({ sign: -f, t: get('v', t) }))),
    kcl: (t, skip) => sum(cutset(t).filter(([l]) => !skip?.(l)).map(([l, f]) => ({ sign: f, t: get('i', l) }))),
    coordinate(c, q, argument) {
      const arg = typeof argument === 'string' ? term(argument) : argument;
      const text = c.coordinates[q]!;
      const replaced = (nm.math.parse(text) as MathNode)
        .transform((n: MathNode) => (n.type === 'SymbolNode' && (n as SymbolNode).name === c.variable ? nm.math.parse(paren(arg.text)) : n))
        .toString();
      const laws = new Set(arg.laws);
      if (!c.fromValue) laws.add(c.element);
      return { text: replaced, laws };
    },
    claim(name, element) {
      if (s.description.parameters.has(name) || names.has(name) || name === 't') {
        throw new SysgraphError('unsupported', `the variable name ${name} of ${element} is also the name of a parameter, an input or another variable`, {
          element,
          expected: `no parameter or input named ${name}`,
        });
      }
      names.add(name);
      return name;
    },
    symbolId: (k) => s.graph.ids[k].replace(/\./g, '_'),
  };
}
