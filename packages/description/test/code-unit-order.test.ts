/**
 * codeUnitOrder (a radix sort) against an independent comparator sort by code units with index tie-breaks, on
 * seeded random string lists: small and large groups, long common prefixes, empty strings, repeats, characters
 * outside Latin-1 and lone surrogates; and parseSystem's BranchNumbering against the branches it describes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeUnitOrder, parseSystem } from '../src/index';

/** Independent order: compare code unit by code unit, shorter prefix first, equal strings by index. */
function byCodeUnits(strings: readonly string[]): number[] {
  const cmp = (a: string, b: string): number => {
    for (let k = 0; k < Math.min(a.length, b.length); k++) {
      const d = a.charCodeAt(k) - b.charCodeAt(k);
      if (d !== 0) return d;
    }
    return a.length - b.length;
  };
  return strings.map((_, k) => k).sort((x, y) => cmp(strings[x], strings[y]) || x - y);
}

const CHARS = ['a', 'b', 'Z', '_', '0', '9', '.', 'é', 'ʯ', 'Ω', '中', '\uD83D', '\uDE00', '\uFFFF'];

describe('codeUnitOrder', () => {
  it('sorts like a stable comparator sort by code units (seeded)', () => {
    const word = (alphabet: string[], maxLength: number) => fc.array(fc.constantFrom(...alphabet), { maxLength }).map((cs) => cs.join(''));
    const lists = fc.oneof(
      fc.array(word(CHARS, 6), { maxLength: 40 }),
      // Large groups (radix passes) over small and large alphabets.
      fc.array(word(CHARS.slice(0, 3), 12), { minLength: 100, maxLength: 600 }),
      fc.array(word(CHARS, 8), { minLength: 100, maxLength: 600 }),
      // Long common prefixes: many words per key, runs sorted word after word.
      fc.tuple(fc.constantFrom('', 'prefix_', 'a_very_long_common_prefix_of_ids_'), fc.array(word(['0', '1', '2'], 9), { minLength: 30, maxLength: 400 }))
        .map(([p, tails]) => tails.map((t) => p + t)),
    );
    fc.assert(
      fc.property(lists, (strings) => {
        expect(Array.from(codeUnitOrder(strings))).toEqual(byCodeUnits(strings));
      }),
      { seed: 4242, numRuns: 250 },
    );
  });

  it('numbered ids, as generated networks name them', () => {
    const ids = ['Vs'];
    for (let k = 1; k <= 3000; k++) ids.push(`R${k}`, `C${k}`);
    expect(Array.from(codeUnitOrder(ids))).toEqual(byCodeUnits(ids));
  });
});

describe('BranchNumbering of parseSystem', () => {
  it('numbers the branches as one-ports, sources, two-port ports, with their node numbers and id order', () => {
    const d = parseSystem({
      elements: [
        { id: 'T1', kind: 'transformer', ports: [{ from: 'b', to: 'g' }, { from: 'c', to: 'g' }], ratio: 2 },
        { id: 'V', kind: 'voltage-source', from: 'a', to: 'g' },
        { id: 'R10', kind: 'resistor', from: 'a', to: 'b', value: 1 },
        { id: 'R2', kind: 'resistor', from: 'b', to: 'g', value: 1 },
        { id: 'L', kind: 'inductor', from: 'c', to: 'g', value: 1 },
        { id: 'T', kind: 'gyrator', ports: [{ from: 'c', to: 'g' }, { from: 'd', to: 'g' }], ratio: 3 },
        { id: 'C', kind: 'capacitor', from: 'd', to: 'g', value: 1 },
      ],
      mutuals: [],
    });
    const branches = [
      ...d.oneports.map((e) => ({ id: e.id, from: e.from, to: e.to })),
      ...d.sources.map((s) => ({ id: s.id, from: s.from, to: s.to })),
      ...d.twoPorts.flatMap((t) => t.ports.map((p, j) => ({ id: `${t.id}.${j + 1}`, from: p.from, to: p.to }))),
    ];
    const numbering = d.branchNumbering!;
    expect(Array.from(numbering.idOrder)).toEqual(byCodeUnits(branches.map((b) => b.id)));
    branches.forEach((b, k) => {
      expect(d.nodes[numbering.terminals[2 * k]]).toBe(b.from);
      expect(d.nodes[numbering.terminals[2 * k + 1]]).toBe(b.to);
    });
  });
});
