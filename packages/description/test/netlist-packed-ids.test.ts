/**
 * Packed ids (netlist/packed-ids.ts): the radix sort of the packed keys gives codeUnitOrder's permutation for
 * random names of up to 10 identifier characters (all lengths, mixed case, digits and _), and the fast path's
 * tables grow past their estimate on short lines with the general path's result.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeUnitOrder } from '../src/code-unit-order';
import { NO_KEY, packedIdOrder, packedLow, packId } from '../src/netlist/packed-ids';
import { readNetlist } from '../src/netlist/read-spice-netlist';
import { parser } from './helpers';

const keys = (names: string[]) => ({
  high: new Int32Array(names.map((s) => packId(s, 0, s.length))),
  low: new Int32Array(names.map((s) => packedLow(s, 0, s.length))),
});

describe('packed ids', () => {
  it('sort as codeUnitOrder sorts the names', () => {
    const name = fc.stringMatching(/^[0-9A-Z_a-z]{1,10}$/);
    fc.assert(
      fc.property(fc.array(name, { minLength: 0, maxLength: 300 }), (names) => {
        const { high, low } = keys(names);
        expect([...packedIdOrder(high, low)]).toEqual([...codeUnitOrder(names)]);
      }),
      { seed: 515, numRuns: 300 },
    );
  });

  it('sort ladder-like names (shared prefixes, numeric suffixes) as codeUnitOrder does', () => {
    const names = ['VVs'];
    for (let k = 1; k <= 3000; k++) names.push(`RR${k}`, `CC${k}`, `l${k}_x`);
    const { high, low } = keys(names);
    expect([...packedIdOrder(high, low)]).toEqual([...codeUnitOrder(names)]);
  });

  it('leave out names longer than 10 characters or beyond [0-9A-Z_a-z]', () => {
    expect(packId('R12345678901', 0, 12)).toBe(NO_KEY);
    expect(packId('Rö', 0, 2)).toBe(NO_KEY);
    expect(packId('R1234567890', 0, 11)).toBe(NO_KEY);
    expect(packId('R123456789', 0, 10)).not.toBe(NO_KEY);
  });

  it('the fast path grows its tables past the estimate and agrees with the general path', () => {
    const lines = ['t'];
    for (let k = 0; k < 4000; k++) lines.push(`R${k} ${k} ${k + 1} 1`, `C${k} ${k + 1} 0 1`);
    lines.push(`Rlong_name_beyond_ten ${4000} 0 1`); // one id without a packed key: codeUnitOrder for all
    for (const text of [lines.join('\n'), lines.slice(0, -1).join('\n')]) {
      const read = (fast: boolean) => readNetlist(text, { expressions: parser.expressions }, fast).description;
      expect(read(true)).toEqual(read(false));
    }
  });
});
