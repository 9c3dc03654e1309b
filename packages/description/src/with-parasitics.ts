/**
 * withParasitics: the explicit, opt-in remedy for loops of D-type elements (hypothesis H4 violated, formulation.md
 * section 12) that the MASD paper applies silently: a small parasitic storage element at each named resistor,
 *
 *   capacitance Cp: an A-type element in parallel (same nodes), so the resistor's across variable becomes a state;
 *   inductance  Lp: a T-type element in series (a new node "<id>_p" between the resistor and its `to` node), so its
 *                   through variable becomes a state.
 *
 * The result is a new input description (RawSystem) to parse again; the added elements are named "<id>_Cp" and
 * "<id>_Lp". The nonlinear formulation never does this by itself: it solves the static network by Newton instead.
 * O(elements).
 */
import { SysgraphError } from '@sysgraph/core';
import type { RawElement, RawSystem } from './raw-input';
import type { SystemDescription } from './types';
import { descriptionToJSON } from './describe-json';

export interface ParasiticOptions {
  /** The D-type elements that get a parasitic element (ids). */
  readonly elements: readonly string[];
  /** Parallel capacitance (generalised C) at each; give this or `inductance`. */
  readonly capacitance?: number;
  /** Series inductance (generalised L) at each. */
  readonly inductance?: number;
}

export function withParasitics(desc: SystemDescription, options: ParasiticOptions): RawSystem {
  const { elements, capacitance, inductance } = options;
  if ((capacitance === undefined) === (inductance === undefined)) {
    throw new SysgraphError('bad-option', 'parasitics: give exactly one of capacitance and inductance', {
      field: 'parasitics',
      expected: 'a positive capacitance or a positive inductance',
    });
  }
  const value = (capacitance ?? inductance)!;
  if (!(Number.isFinite(value) && value > 0)) {
    throw new SysgraphError('bad-option', `parasitics: ${capacitance !== undefined ? 'capacitance' : 'inductance'} must be a positive number, got ${value}`, {
      field: capacitance !== undefined ? 'capacitance' : 'inductance',
      expected: 'a positive, finite number',
    });
  }
  const raw = descriptionToJSON(desc);
  const rawElements = raw.elements ?? [];
  const added: RawElement[] = [];
  const moved = new Map<string, string>();
  const taken = new Set(rawElements.map((e) => e.id));
  const nodes = new Set(rawElements.flatMap((e) => [e.from, e.to, ...(e.ports ?? []).flatMap((p) => [p.from, p.to])]));
  for (const id of elements) {
    const e = desc.oneports.find((x) => x.id === id);
    if (e === undefined || e.type !== 'D') {
      throw new SysgraphError('bad-option', `parasitics: ${id} is not a D-type element`, {
        element: id,
        field: 'parasitics.elements',
        expected: `ids of D-type elements (${desc.oneports.filter((x) => x.type === 'D').map((x) => x.id).join(', ') || 'none'})`,
      });
    }
    const name = `${id}_${capacitance !== undefined ? 'Cp' : 'Lp'}`;
    if (taken.has(name)) {
      throw new SysgraphError('duplicate-id', `parasitics: ${name} exists already`, { element: name, field: 'parasitics.elements', expected: 'each element named once' });
    }
    taken.add(name);
    if (capacitance !== undefined) {
      added.push({ id: name, kind: 'a-type', domain: e.domain, from: e.from, to: e.to, value: capacitance });
    } else {
      // R: from → mid, Lp: mid → to
      const mid = `${id}_p`;
      if (nodes.has(mid)) {
        throw new SysgraphError('duplicate-id', `parasitics: the node ${mid} exists already`, { element: id, field: 'parasitics.elements', expected: `no node named ${mid}` });
      }
      moved.set(id, mid);
      added.push({ id: name, kind: 't-type', domain: e.domain, from: mid, to: e.to, value: inductance! });
    }
  }
  return {
    ...raw,
    elements: [...rawElements.map((e) => (moved.has(e.id) ? { ...e, to: moved.get(e.id)! } : e)), ...added],
  };
}
