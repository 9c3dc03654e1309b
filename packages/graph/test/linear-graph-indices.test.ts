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
