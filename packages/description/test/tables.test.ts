/** The integer tables behind parseSystem: ElementIds (duplicates by sorting) and NodeTable (numbering, terminal
 *  counts, union–find components), each against a naive independent computation on seeded random inputs. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ElementIds } from '../src/element-ids';
import { NodeTable } from '../src/node-table';

describe('ElementIds', () => {
  it('finds every repeated id with its first occurrence, and looks ids up (seeded)', () => {
    const idList = fc.array(fc.constantFrom('a', 'b', 'c', 'R1', 'R10', 'R2', 'Ω', 'é', '_x'), { maxLength: 20 });
    fc.assert(
      fc.property(idList, fc.array(fc.constantFrom('a', 'R1', 'zz', 'Ω'), { maxLength: 3 }), (list: string[], wanted: string[]) => {
        const ids = new ElementIds();
        list.forEach((id, k) => ids.add(id, k % 2 === 0 ? 'A' : 'mutual'));
        // Naive: quadratic scan for an earlier equal id.
        const expected: [number, number][] = [];
        list.forEach((id, o) => {
          const f = list.indexOf(id);
          if (f < o) expected.push([o, f]);
        });
        expect(ids.duplicates()).toEqual(expected);
        ids.expect(wanted);
        for (const id of [...wanted, 'b', 'missing']) {
          const f = list.indexOf(id);
          expect(ids.get(id)).toEqual(f < 0 ? undefined : { ordinal: f, cls: f % 2 === 0 ? 'A' : 'mutual' });
        }
      }),
      { seed: 31, numRuns: 300 },
    );
  });
});

describe('NodeTable', () => {
  it('numbers nodes by first appearance, counts terminals and finds the components (seeded)', () => {
    const names = ['g', 'a', 'b', 'c', 'd', 'e', 'f'];
    const edges = fc.array(fc.tuple(fc.constantFrom(...names), fc.constantFrom(...names)), { maxLength: 12 });
    fc.assert(
      fc.property(edges, (list) => {
        const table = new NodeTable();
        for (const [a, b] of list) table.connect(a, b);
        const order = [...new Set(list.flat())];
        expect(table.names).toEqual(order);
        for (const n of order) expect(table.terminalCount(n)).toBe(list.flat().filter((x) => x === n).length);
        expect(table.hasDanglingNode()).toBe(order.some((n) => table.terminalCount(n) === 1));
        // Naive components: repeated relaxation of labels to the smallest first-appearance index.
        const label = new Map(order.map((n, i) => [n, i]));
        for (let changed = true; changed; ) {
          changed = false;
          for (const [a, b] of list) {
            const m = Math.min(label.get(a)!, label.get(b)!);
            if (label.get(a) !== m || label.get(b) !== m) (label.set(a, m), label.set(b, m), (changed = true));
          }
        }
        const roots = [...new Set(order.map((n) => label.get(n)!))];
        const c = table.components();
        expect(c.count).toBe(roots.length);
        order.forEach((n, i) => {
          expect(c.componentOf(n)).toBe(roots.indexOf(label.get(n)!));
          expect(c.componentOfIndex(i)).toBe(c.componentOf(n));
        });
        expect(c.componentOf('nowhere')).toBeUndefined();
      }),
      { seed: 32, numRuns: 300 },
    );
  });
});
