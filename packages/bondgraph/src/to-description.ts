/**
 * bondGraphToDescription: a BondGraph → the equivalent linear graph as the description's raw JSON (RawSystem),
 * then parsed by parseSystem, so every later stage (structure, formulations, analysis, simulation) takes a bond
 * graph. Nodes come from junction-nodes.ts; the one-ports and two-ports are placed on their bonds' terminals:
 *
 *   a one-port receiving its bond (power in):  from P to N   (across = a, through = t of the bond)
 *   a one-port sending its bond:               from N to P   (through = t; across = −a), except
 *   an across source (Se in E, Sf in F):       from P to N   always (across = its value)
 *   TF, GY: port 1 on the bond in (P → N), port 2 on the bond out (P → N: across = a2, through = −t2).
 *
 * With (a, t) = (e, f) in the E analogy and (f, e) in the F analogy, the bond-graph laws
 * TF: e1 = n e2, f2 = n f1 and GY: e1 = r f2, e2 = r f1 become (v1 = T v2, i1 = −i2/T; v1 = G i2, i1 = −v2/G):
 *
 *   analogies   TF            GY
 *   E, E        T = n         G = −r
 *   F, F        T = 1/n       G = −1/r
 *   E, F        G = −n        T = r        (a DC motor: electrical → rotational GY is a transformer)
 *   F, E        G = −1/n      T = 1/r
 *
 * Element ids are the bond graph's, a chord transformer takes its bond's id, so that errors of the description
 * name the user's elements; their paths are rewritten to the bond graph's (/elements/k/field).
 */
import { SysgraphError, SysgraphErrors } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import type { RawElement, RawOutput, RawSystem, SystemDescription } from '@sysgraph/description';
import { onePortKind } from './analogy';
import type { Analogy } from './analogy';
import { junctionNodes } from './junction-nodes';
import type { JunctionNodes } from './junction-nodes';
import { findRegions } from './regions';
import type { Regions } from './regions';
import { throughCarrier } from './through-carrier';
import { JUNCTION_KINDS, ONE_PORT_KINDS } from './types';
import type { BondElement, BondGraph, BondValue } from './types';

export interface BondGraphConversion {
  readonly raw: RawSystem;
  readonly regions: Regions;
  readonly nodes: JunctionNodes;
}

/** The ratio written as a description value: n, 1/n, −n or −1/n of a number or an expression. */
function ratioValue(value: BondValue, invert: boolean, negate: boolean): BondValue {
  if (typeof value === 'number') return (negate ? -1 : 1) * (invert ? 1 / value : value);
  const text = invert ? `1 / (${value})` : `(${value})`;
  return negate ? `-${text}` : text;
}

function twoPortLaw(kind: 'TF' | 'GY', a1: Analogy, a2: Analogy, ratio: BondValue): { kind: 'transformer' | 'gyrator'; ratio: BondValue } {
  const same = a1 === a2;
  const invert = a1 === 'F';
  if (kind === 'TF') return same ? { kind: 'transformer', ratio: ratioValue(ratio, invert, false) } : { kind: 'gyrator', ratio: ratioValue(ratio, invert, true) };
  return same ? { kind: 'gyrator', ratio: ratioValue(ratio, invert, true) } : { kind: 'transformer', ratio: ratioValue(ratio, invert, false) };
}

export function convertBondGraph(graph: BondGraph): BondGraphConversion {
  const regions = findRegions(graph);
  const nodes = junctionNodes(graph, regions);
  const name = nodes.nodeName;
  const bonds = graph.bonds;
  const regionOf = (k: number) => regions.ofBond[k];
  const elements: RawElement[] = [];
  // the first bond out of and into each element (one-ports have one bond, TF and GY one of each)
  const out = new Map<string, number>();
  const into = new Map<string, number>();
  bonds.forEach((b, k) => {
    if (!out.has(b.from)) out.set(b.from, k);
    if (!into.has(b.to)) into.set(b.to, k);
  });
  for (const e of graph.elements) {
    if (JUNCTION_KINDS.has(e.kind)) continue;
    const k = out.get(e.id) ?? -1;
    const j = into.get(e.id) ?? -1;
    if (ONE_PORT_KINDS.has(e.kind)) {
      const bond = j >= 0 ? j : k;
      const sends = j < 0;
      const side = sends ? nodes.sending[bond] : nodes.receiving[bond];
      const kind = onePortKind(e, regions.domain[regionOf(bond)]);
      const forward = kind.cls === 'E' || !sends;
      elements.push({
        id: e.id,
        kind: kind.kind,
        from: name(forward ? side.P : side.N),
        to: name(forward ? side.N : side.P),
        ...(e.value !== undefined ? { value: e.value } : {}),
        ...(e.input !== undefined ? { input: e.input } : {}),
        ...(kind.domain ? { domain: kind.domain } : {}),
        ...(e.label !== undefined ? { label: e.label } : {}),
      });
    } else {
      const law = twoPortLaw(e.kind as 'TF' | 'GY', regions.analogy[regionOf(j)], regions.analogy[regionOf(k)], e.ratio!);
      const port1 = nodes.receiving[j];
      const port2 = nodes.sending[k];
      elements.push({
        id: e.id,
        kind: law.kind,
        ports: [
          { from: name(port1.P), to: name(port1.N), domain: regions.domain[regionOf(j)] ?? 'generic' },
          { from: name(port2.P), to: name(port2.N), domain: regions.domain[regionOf(k)] ?? 'generic' },
        ],
        ratio: law.ratio,
        ...(e.label !== undefined ? { label: e.label } : {}),
      });
    }
  }
  for (const k of nodes.chords) {
    const s = nodes.sending[k];
    const r = nodes.receiving[k];
    const domain = regions.domain[regionOf(k)] ?? 'generic';
    elements.push({ id: bonds[k].id, kind: 'transformer', ports: [{ from: name(s.P), to: name(s.N), domain }, { from: name(r.P), to: name(r.N), domain }], ratio: 1, label: `bond ${bonds[k].id} (a loop of junctions)` });
  }
  const bondIndexOf = new Map(bonds.map((b, k) => [b.id, k]));
  const outputs: RawOutput[] = graph.outputs.map((o) => {
    const bondIndex = 'bond' in o ? bondIndexOf.get(o.bond)! : Math.min(out.get(o.element) ?? Infinity, into.get(o.element) ?? Infinity);
    const across = (o.variable === 'effort') === (regions.analogy[regionOf(bondIndex)] === 'E');
    if (across) {
      const t = nodes.sending[bondIndex];
      return { name: o.name, node: name(t.P), reference: name(t.N) };
    }
    const carrier = throughCarrier(graph, regions, nodes, bondIndex);
    if (!carrier) {
      const culprit = 'bond' in o ? o.bond : o.element;
      throw new SysgraphError('bad-output', `${o.name}: the ${o.variable} of ${culprit} is carried by no element with its sign (it is the through variable of a bond sent by an across source into a common-across junction)`, {
        element: culprit,
        field: 'variable',
        expected: `the ${o.variable} of a bond into a one-port, TF or GY`,
      });
    }
    return { name: o.name, element: carrier.element, ...(carrier.port ? { port: carrier.port } : {}), variable: 'through' };
  });
  const raw: RawSystem = {
    name: graph.name,
    ...(graph.title !== undefined ? { title: graph.title } : {}),
    ...(graph.description !== undefined ? { description: graph.description } : {}),
    parameters: graph.parameters,
    elements,
    outputs,
  };
  return { raw, regions, nodes };
}

/** The JSON path of an element field in the bond graph, for errors the description reports. */
function inBondGraph(graph: BondGraph, e: SysgraphError): SysgraphError {
  const k = graph.elements.findIndex((x: BondElement) => x.id === e.element);
  const b = graph.bonds.findIndex((x) => x.id === e.element);
  const path = k >= 0 ? `/elements/${k}${e.field && !e.field.includes('[') ? `/${e.field}` : ''}` : b >= 0 ? `/bonds/${b}` : e.path;
  return new SysgraphError(e.code, e.message, { element: e.element, field: e.field, expected: e.expected, elements: e.elements, path });
}

/** The bond graph as a parsed SystemDescription (the linear graph every command reads). */
export function bondGraphToDescription(graph: BondGraph): SystemDescription {
  const { raw } = convertBondGraph(graph);
  try {
    return parseSystem(raw);
  } catch (e) {
    if (e instanceof SysgraphErrors) throw new SysgraphErrors(e.errors.map((x) => inBondGraph(graph, x)));
    if (e instanceof SysgraphError) throw inBondGraph(graph, e);
    throw e;
  }
}
