/**
 * The name tables and the value memory of readSpiceNetlist: node and element names in any case and with
 * non-ASCII letters meet the same node or the same id whether or not they were just seen; values spelled alike
 * or differently give the hand-computed numbers; many names grow the tables.
 */
import { describe, expect, it } from 'vitest';
import { readSpiceNetlist } from '../src/index';
import { codeUnits } from '../src/netlist/text-codes';
import { sameFolded, sameFoldedCodes } from '../src/netlist/folded-names';
import { expectError, expectSameNodeIndex, parser } from './helpers';

const read = (text: string) => readSpiceNetlist(text, { expressions: parser.expressions });

describe('netlist name tables', () => {
  it('match node names without regard to ASCII case, near and far apart', () => {
    const text = ['t', 'R1 A b 1', 'R2 B c 2', 'R3 C 0 3', 'R4 a b 4', 'R5 xÀ 0 5', 'R6 XÀ c 6', 'R7 xà 0 7', 'R8 xà a 8', '.end'].join('\n');
    const d = read(text).description;
    // By hand: a, b, c, 0 (the ground), xÀ (ASCII folded only: X → x, À kept), xà.
    expect(d.nodes).toEqual(['a', 'b', 'c', '0', 'xÀ', 'xà']);
    expect([...(d.nodeIndex ?? [])]).toEqual([['a', 0], ['b', 1], ['c', 2], ['0', 3], ['xÀ', 4], ['xà', 5]]);
    expect(d.oneports.map((e) => `${e.from}-${e.to}`)).toEqual(['a-b', 'b-c', 'c-0', 'a-b', 'xÀ-0', 'xÀ-c', 'xà-0', 'xà-a']);
  });

  it('answer nodeIndex as the Map of the node names would, for any ground name and table size', () => {
    for (const [ground, count] of [['Earth', 5], ['0', 5], ['gnd', 300], ['Node_X', 40]] as const) {
      const lines = ['t', 'R0 A 0 1', 'RA a Gnd 1', 'RB a EARTH 1'];
      for (let k = 1; k <= count; k++) lines.push(`R${k + 1} N${k} n${k + 1} 1`, `C${k} n${k + 1} ${k % 3 === 0 ? 'GND' : '0'} 1p`);
      lines.push(`R${count + 2} n1 0 1`, 'RX earth N1 1', '.end');
      const d = readSpiceNetlist(lines.join('\n'), { ground, expressions: parser.expressions }).description;
      expect(d.nodes).toContain(ground);
      expectSameNodeIndex(d.nodeIndex, new Map(d.nodes.map((n, i) => [n, i])));
    }
  });

  it('compare names up to ASCII case only: every pair of code units 0–299, and names differing at one place', () => {
    // reference: fold A–Z to a–z one code unit at a time (not toLowerCase, which folds beyond ASCII)
    const fold = (s: string) => Array.from(s, (ch) => (ch >= 'A' && ch <= 'Z' ? String.fromCharCode(ch.charCodeAt(0) + 32) : ch)).join('');
    const chars = Array.from({ length: 300 }, (_, c) => String.fromCharCode(c));
    let equal = 0;
    for (const x of chars) {
      for (const y of chars) {
        const text = `${y}#${x}`;
        const codes = codeUnits(text);
        const expected = fold(x) === fold(y);
        if (expected) equal++;
        expect(sameFolded(x, text, 0, 1)).toBe(expected);
        expect(sameFoldedCodes(codes, 0, 1, 2, 3)).toBe(expected);
      }
    }
    expect(equal).toBe(300 + 2 * 26); // each unit with itself, and A–Z with a–z both ways
    for (const [a, b] of [['Node_1', 'nODE_1'], ['Node_1', 'Node_2'], ['Node_1', 'Node_'], ['xÀ1', 'XÀ1'], ['xÀ1', 'xà1'], ['@[`{', '@[`{'], ['@', '`'], ['[', '{']]) {
      const text = `${a} ${b}`;
      const expected = fold(a) === fold(b);
      expect(sameFolded(a, text, a.length + 1, text.length)).toBe(expected);
      expect(sameFoldedCodes(codeUnits(text), 0, a.length, a.length + 1, text.length)).toBe(expected);
    }
  });

  it('find element ids without regard to case, also after many ids (table growth)', () => {
    const lines = ['t'];
    for (let k = 0; k < 700; k++) lines.push(`R${k} n${k} n${k + 1} 1`, `C${k} n${k + 1} 0 1p`);
    lines.push('r350 n0 0 1', '.end');
    expectError(() => read(lines.join('\n')), { code: 'duplicate-id', element: 'r350', field: 'id', elements: ['R350'] });
  });

  it('read each value from its own spelling, whatever was read before', () => {
    const values = ['0.1', '100m', '0.1', '1e-1', '2', '0.2', '2', '1k', '1K', '1.0', '1', '0.1'];
    const expected = [0.1, 0.1, 0.1, 0.1, 2, 0.2, 2, 1000, 1000, 1, 1, 0.1];
    const lines = ['t', ...values.map((v, k) => `R${k} n${k} n${k + 1} ${v}`), `R${values.length} n${values.length} n0 1`, '.end'];
    const d = read(lines.join('\n')).description;
    const numbers = d.oneports.slice(0, values.length).map((e) => Number(e.value.text));
    expect(numbers).toEqual(expected);
  });
});
