/**
 * descriptionToBondGraph: a linear-graph description → an equivalent bond graph, where one exists (the
 * textbook construction, Karnopp, Margolis & Rosenberg section 4.1, and its mobility dual):
 *
 *   each node but the grounds      → a common-across junction (0 in the E analogy, 1 in the F analogy)
 *   each element from a to b       → a common-through junction J (1 in E, 0 in F) between them:
 *                                     bonds N_a → J → N_b (a bond to a ground is left out: its across is 0)
 *   a passive element X            → J → X (X receives power: across v, through i)
 *   an across source (v = u)       → X → J, J built from b to a (N_b → J → N_a), so that the source's effort or
 *                                     flow is +u
 *   a through source (i = u)       → X → J, J from a to b
 *   TF, GY                         → port 1 receives from J1 (from a1 to b1), port 2 sends into J2 built from
 *                                     b2 to a2; the ratio from the inverse of to-description.ts's table
 *                                     (transformer EE n = T, FF n = 1/T, EF GY r = T, FE r = 1/T;
 *                                      gyrator EE r = −G, FF r = −1/G, EF TF n = −G, FE n = −1/G)
 *
 * A passive element to a ground is bonded straight to its node's junction. Not exported (typed 'unsupported'
 * errors naming the element): mutual inductances, laws and values in t; outputs whose sign the bond graph
 * cannot carry (the through variable of an across source or of a two-port's port 2, the across variable of a
 * through source, a node output against a node other than the ground).
 */
import { SysgraphError } from '@sysgraph/core';
import type { Domain } from '@sysgraph/core';
import { elementKind } from '@sysgraph/description';
import type { SystemDescription } from '@sysgraph/description';
import { analogyOf } from './analogy';
import type { BondElement, BondGraph, BondOutput, BondParameter } from './types';

interface Builder {
  elements: BondElement[];
  bonds: { id: string; from: string; to: string }[];
  taken: Set<string>;
}

const unique = (b: Builder, base: string) => {
  let id = base;
  for (let k = 2; b.taken.has(id); k++) id = `${base}_${k}`;
  b.taken.add(id);
  return id;
};
const bond = (b: Builder, from: string, to: string) => {
  const id = unique(b, `b${b.bonds.length + 1}`);
  b.bonds.push({ id, from, to });
  return id;
};

export function descriptionToBondGraph(desc: SystemDescription): BondGraph {
  for (const m of desc.mutuals) throw new SysgraphError('unsupported', `${m.id}: a mutual inductance has no bond-graph element here`, { element: m.id, field: 'kind', expected: 'a description without mutual inductances (an IC field element is not supported)' });
  for (const e of desc.oneports) {
    if (e.law || e.value.dependsOnTime) throw new SysgraphError('unsupported', `${e.id}: ${e.law ? 'a law' : 'a value in t'} is not exported to a bond graph`, { element: e.id, field: e.law ? 'law' : 'value', expected: 'constant values' });
  }
  const grounds = new Set(desc.grounds);
  const b: Builder = { elements: [], bonds: [], taken: new Set([...desc.oneports, ...desc.sources, ...desc.twoPorts].map((e) => e.id)) };
  // node junctions (their kind depends on the domain of the elements at the node: found as elements are placed)
  const nodeJunction = new Map<string, BondElement>();
  const nodeOf = (node: string, domain: Domain): string | undefined => {
    if (grounds.has(node)) return undefined;
    let j = nodeJunction.get(node);
    if (!j) {
      j = { id: unique(b, `node_${node.replace(/[^A-Za-z0-9_]/g, '_')}`), kind: analogyOf(domain) === 'E' ? '0' : '1', domain, label: `node ${node}` };
      nodeJunction.set(node, j);
      b.elements.push(j);
    }
    return j.id;
  };
  /** A common-through junction from node a to node b: N_a → J → N_b (grounds left out). */
  const elementJunction = (id: string, a: string, z: string, domain: Domain): string => {
    const j = unique(b, `${id}_j`);
    b.elements.push({ id: j, kind: analogyOf(domain) === 'E' ? '1' : '0', domain });
    const na = nodeOf(a, domain);
    const nz = nodeOf(z, domain);
    if (na) bond(b, na, j);
    if (nz) bond(b, j, nz);
    return j;
  };
  const outputBond = new Map<string, { across?: string; through?: string }>();

  for (const e of desc.oneports) {
    const analogy = analogyOf(e.domain);
    const kind = e.type === 'A' ? (analogy === 'E' ? 'C' : 'I') : e.type === 'T' ? (analogy === 'E' ? 'I' : 'C') : 'R';
    const info = elementKind(e.kind);
    // F analogy: a damper's R = b is the reciprocal of the generalised R
    const value = kind === 'R' && analogy === 'F' ? (info?.family === 'one-port' && info.mapping === 'reciprocal' ? e.userValue.text : `1 / (${e.value.text})`) : e.value.text;
    b.elements.push({ id: e.id, kind, value: Number.isFinite(Number(value)) && value.trim() !== '' ? Number(value) : value, domain: e.domain, ...(e.label ? { label: e.label } : {}) });
    const na = nodeOf(e.from, e.domain);
    const bondId = na && grounds.has(e.to) ? bond(b, na, e.id) : bond(b, elementJunction(e.id, e.from, e.to, e.domain), e.id);
    outputBond.set(e.id, { across: bondId, through: bondId });
  }
  for (const s of desc.sources) {
    const analogy = analogyOf(s.domain);
    const kind = (s.type === 'E') === (analogy === 'E') ? 'Se' : 'Sf';
    const value = s.constant ? (Number.isFinite(Number(s.constant.text)) ? Number(s.constant.text) : s.constant.text) : undefined;
    b.elements.push({ id: s.id, kind, ...(value !== undefined ? { value } : {}), input: s.input, domain: s.domain, ...(s.label ? { label: s.label } : {}) });
    const j = s.type === 'E' ? elementJunction(s.id, s.to, s.from, s.domain) : elementJunction(s.id, s.from, s.to, s.domain);
    const bondId = bond(b, s.id, j);
    outputBond.set(s.id, s.type === 'E' ? { across: bondId } : { through: bondId });
  }
  for (const tp of desc.twoPorts) {
    const [p1, p2] = tp.ports;
    const a1 = analogyOf(tp.domain1);
    const a2 = analogyOf(tp.domain2);
    const G = tp.ratio.text;
    const inv = (x: string) => `1 / (${x})`;
    const neg = (x: string) => `-(${x})`;
    let kind: 'TF' | 'GY';
    let ratio: string;
    if (tp.kind === 'transformer') {
      kind = a1 === a2 ? 'TF' : 'GY';
      ratio = a1 === 'E' ? `(${G})` : inv(G);
    } else {
      kind = a1 === a2 ? 'GY' : 'TF';
      ratio = a1 === 'E' ? neg(G) : neg(inv(G));
    }
    const numeric = Number(G);
    b.elements.push({ id: tp.id, kind, ratio: Number.isFinite(numeric) && G.trim() !== '' ? numericRatio(ratio, numeric) : ratio, ...(tp.label ? { label: tp.label } : {}) });
    const j1 = elementJunction(`${tp.id}_1`, p1.from, p1.to, tp.domain1);
    const j2 = elementJunction(`${tp.id}_2`, p2.to, p2.from, tp.domain2);
    const b1 = bond(b, j1, tp.id);
    bond(b, tp.id, j2);
    outputBond.set(`${tp.id}.1`, { across: b1, through: b1 });
  }

  const outputs: BondOutput[] = desc.outputs.map((o) => {
    if (o.kind === 'node') {
      const ground = grounds.has(o.reference);
      const j = nodeJunction.get(o.node);
      if (!ground || !j) throw new SysgraphError('unsupported', `${o.name}: φ(${o.node}) − φ(${o.reference}) is not the variable of one bond`, { element: o.name, field: 'reference', expected: 'a node output against the ground' });
      const analogy = j.kind === '0' ? 'E' : 'F';
      return { name: o.name, element: j.id, variable: analogy === 'E' ? 'effort' : 'flow' };
    }
    const key = o.port ? `${o.element}.${o.port}` : o.element;
    const bondId = outputBond.get(key)?.[o.variable];
    if (!bondId) throw new SysgraphError('unsupported', `${o.name}: the ${o.variable} variable of ${key} has the opposite sign on every bond`, { element: o.element, field: 'variable', expected: 'the across or through variable of a one-port or of port 1 of a two-port' });
    const e = desc.oneports.find((x) => x.id === o.element) ?? desc.sources.find((x) => x.id === o.element);
    const domain = e ? e.domain : desc.twoPorts.find((x) => x.id === o.element)!.domain1;
    const effort = (o.variable === 'across') === (analogyOf(domain) === 'E');
    return { name: o.name, bond: bondId, variable: effort ? 'effort' : 'flow' };
  });

  const parameters: Record<string, BondParameter> = {};
  for (const [name, value] of desc.parameters) {
    const detail = desc.parameterDetails?.get(name);
    parameters[name] = detail ? { value, ...detail } : value;
  }
  return {
    name: desc.name,
    ...(desc.title !== undefined ? { title: desc.title } : {}),
    ...(desc.description !== undefined ? { description: desc.description } : {}),
    parameters,
    elements: b.elements,
    bonds: b.bonds,
    outputs,
  };
}

/** A ratio of the forms (x), 1 / (x), -(x), -(1 / (x)) evaluated at a number x. */
function numericRatio(form: string, x: number): number {
  if (form.startsWith('-(1 /')) return -1 / x;
  if (form.startsWith('-(')) return -x;
  if (form.startsWith('1 /')) return 1 / x;
  return x;
}

/** The bond graph as JSON text in the format readBondGraph reads. */
export function bondGraphToJson(graph: BondGraph, indent = 2): string {
  return `${JSON.stringify(graph, null, indent)}\n`;
}
