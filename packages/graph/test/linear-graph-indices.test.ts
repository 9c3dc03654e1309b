/**
 * LinearGraph's indices: idRank (the rank of each branch id in code-point order, checked against an independent
 * sort), branchIndex (built on first use) and nodeIndex (the description's, or built here), and duplicate ids.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSystem } from '@sysgraph/description';
import type { SystemDescription } from '@sysgraph/description';
import { isSysgraphError } from '@sysgraph/core';
import { buildLinearGraph } from '../src/index';

/** Identifier characters, Latin-1 and Greek included (the ids the schema allows). */
const ID_CHARS = ['a', 'b', 'Z', '_', '0', '9', 'é', 'À', 'ʯ', 'α', 'Ω', 'ϐ'];
const idArb = fc
  .tuple(fc.constantFrom(...ID_CHARS.filter((c) => !/[0-9]/.test(c))), fc.array(fc.constantFrom(...ID_CHARS), { maxLength: 4 }))
  .map(([head, tail]) => head + tail.join(''));

describe('idRank', () => {
  it('ranks branch ids (two-port ports included) in code-point order, whatever the input order (seeded)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(idArb, { minLength: 2, maxLength: 30 }), fc.boolean(), (ids, withTwoPort) => {
        // Parallel resistors between g and n (at least two, so that no node dangles).
        const elements: Record<string, unknown>[] = ids.map((id, k) => ({ id, kind: 'resistor', from: 'g', to: 'n', value: 1 }));
        if (withTwoPort) elements.push({ id: 'TP_x', kind: 'transformer', ports: [{ from: 'n', to: 'g' }, { from: 'n', to: 'g' }], ratio: 2 });
        const lg = buildLinearGraph(parseSystem({ elements }));
        const branchIds = lg.branches.map((b) => b.id);
        // Independent order: a comparator sort by code points of the id strings.
        const codePoints = (s: string) => [...s].map((c) => c.codePointAt(0) as number);
        const byCodePoints = [...branchIds].sort((a, b) => {
          const x = codePoints(a);
          const y = codePoints(b);
          for (let k = 0; k < Math.min(x.length, y.length); k++) if (x[k] !== y[k]) return x[k] - y[k];
          return x.length - y.length;
        });
        branchIds.forEach((id, k) => expect(lg.idRank[k]).toBe(byCodePoints.indexOf(id)));
      }),
      { seed: 9001, numRuns: 200 },
    );
  });
});

describe('branchIndex and nodeIndex', () => {
  const desc = parseSystem({
    elements: [
      { id: 'V', kind: 'voltage-source', from: 'a', to: 'g' },
      { id: 'R', kind: 'resistor', from: 'a', to: 'b', value: 1 },
      { id: 'C', kind: 'capacitor', from: 'b', to: 'g', value: 1 },
      { id: 'T', kind: 'transformer', ports: [{ from: 'b', to: 'g' }, { from: 'c', to: 'g' }], ratio: 2 },
      { id: 'L', kind: 'inductor', from: 'c', to: 'g', value: 1 },
    ],
  });

  it('branchIndex maps every branch id to its index, as a plain map would', () => {
    const lg = buildLinearGraph(desc);
    const expected = new Map(lg.branches.map((b, k) => [b.id, k]));
    expect(new Map(lg.branchIndex)).toEqual(expected);
    expect(lg.branchIndex.size).toBe(expected.size);
    expect(lg.branchIndex.get('T.2')).toBe(lg.branches.findIndex((b) => b.id === 'T.2'));
    expect(lg.branchIndex.has('T')).toBe(false);
    expect([...lg.branchIndex.keys()]).toEqual([...expected.keys()]);
  });

  it('the same graph without the description\'s node index', () => {
    const { nodeIndex, ...byHand } = desc;
    expect(nodeIndex).toBeDefined();
    const a = buildLinearGraph(desc);
    const b = buildLinearGraph(byHand as SystemDescription);
    expect(Array.from(b.from)).toEqual(Array.from(a.from));
    expect(Array.from(b.to)).toEqual(Array.from(a.to));
    expect(new Map(b.nodeIndex)).toEqual(new Map(desc.nodes.map((n, i) => [n, i])));
  });

  it('a repeated branch id in a description built by hand is a duplicate-id error naming its second use', () => {
    const twice = { ...desc, oneports: [...desc.oneports, { ...desc.oneports[0], id: 'R', from: 'a', to: 'g' }, { ...desc.oneports[1], id: 'C' }] };
    let caught: unknown;
    try {
      buildLinearGraph(twice);
    } catch (e) {
      caught = e;
    }
    expect(isSysgraphError(caught)).toBe(true);
    // Branch order: the one-ports R, C, L, R, C then sources and ports; the first repeat in that order is R.
    expect(caught).toMatchObject({ code: 'duplicate-id', element: 'R', field: 'id' });
  });
});

describe('the description\'s BranchNumbering', () => {
  const desc = parseSystem({
    elements: [
      { id: 'V', kind: 'voltage-source', from: 'a', to: 'g' },
      { id: 'R10', kind: 'resistor', from: 'a', to: 'b', value: 1 },
      { id: 'R9', kind: 'resistor', from: 'b', to: 'g', value: 1 },
      { id: 'C', kind: 'capacitor', from: 'b', to: 'g', value: 1 },
      { id: 'T', kind: 'transformer', ports: [{ from: 'b', to: 'g' }, { from: 'c', to: 'g' }], ratio: 2 },
      { id: 'L', kind: 'inductor', from: 'c', to: 'g', value: 1 },
      // a second component, for the components the reader found
      { id: 'Rp', kind: 'resistor', from: 'p', to: 'q', value: 1 },
      { id: 'Cp', kind: 'capacitor', from: 'q', to: 'p', value: 1 },
    ],
  });
  const { branchNumbering, ...byHand } = desc;
  const reference = buildLinearGraph(byHand as SystemDescription);
  const same = (lg: ReturnType<typeof buildLinearGraph>) => {
    expect(Array.from(lg.from)).toEqual(Array.from(reference.from));
    expect(Array.from(lg.to)).toEqual(Array.from(reference.to));
    expect(Array.from(lg.idRank)).toEqual(Array.from(reference.idRank));
    expect(Array.from(lg.idOrder)).toEqual(Array.from(reference.idOrder));
    expect(Array.from(lg.component)).toEqual(Array.from(reference.component));
    expect(lg.componentCount).toBe(reference.componentCount);
    expect(Array.from(lg.groundOf)).toEqual(Array.from(reference.groundOf));
  };

  it('is used when it agrees with the elements, and gives the graph built without it', () => {
    expect(branchNumbering).toBeDefined();
    const lg = buildLinearGraph(desc);
    expect(lg.idOrder).toBe(branchNumbering!.idOrder);
    expect(lg.component).toBe(branchNumbering!.components!.component);
    expect(reference.componentCount).toBe(2);
    same(lg);
    // idOrder is the inverse of idRank, and sorts the ids.
    lg.idOrder.forEach((k, r) => expect(lg.idRank[k]).toBe(r));
    const ids = Array.from(lg.idOrder, (k) => lg.branches[k].id);
    expect(ids).toEqual([...ids].sort());
  });

  it('is checked and ignored where it does not agree (stale or wrong numbering)', () => {
    const { terminals, idOrder } = branchNumbering!;
    const B = idOrder.length;
    // components that would be wrong for this graph: taken only with terminals that all agree
    const components = { component: new Int32Array(desc.nodes.length).map((_, n) => n), count: desc.nodes.length };
    const wrong = [
      { terminals, idOrder: idOrder.slice().reverse() },
      { terminals, idOrder: new Int32Array(B) },
      { terminals, idOrder: idOrder.subarray(1) },
      { terminals: terminals.map((n) => (n + 1) % desc.nodes.length), idOrder },
      { terminals: terminals.subarray(2), idOrder },
      { terminals: terminals.map((n) => (n + 1) % desc.nodes.length), idOrder, components },
      { terminals: terminals.subarray(2), idOrder, components },
    ];
    for (const numbering of wrong) same(buildLinearGraph({ ...desc, branchNumbering: numbering }));
  });

  it('its components are ignored for elements rewired after it was made (the terminals no longer agree)', () => {
    // Cp moved to join the two parts: one component, though the numbering still says two
    const rewired = { ...desc, oneports: desc.oneports.map((e) => (e.id === 'Cp' ? { ...e, to: 'b' } : e)) };
    const { branchNumbering: _, ...rewiredByHand } = rewired;
    const lg = buildLinearGraph(rewired);
    expect(lg.componentCount).toBe(1);
    expect(Array.from(lg.component)).toEqual(Array.from(buildLinearGraph(rewiredByHand as SystemDescription).component));
  });

  it('a repeated id is still found when the numbering claims an order', () => {
    const twice = { ...desc, oneports: desc.oneports.map((e) => (e.id === 'R9' ? { ...e, id: 'R10' } : e)) };
    expect(() => buildLinearGraph(twice)).toThrow(expect.objectContaining({ code: 'duplicate-id', element: 'R10' }));
  });
});
