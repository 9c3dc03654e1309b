/**
 * codeUnits (the netlist scanner's copy of the text): the very code units charCodeAt gives, for short texts (the
 * loop), long ones (the Buffer copy), characters beyond Latin-1 and surrogate pairs, and texts built by
 * concatenation (ropes).
 */
import { describe, expect, it } from 'vitest';
import { codeUnits } from '../src/netlist/text-codes';

const byCharCodeAt = (text: string) => Array.from({ length: text.length }, (_, k) => text.charCodeAt(k));

describe('codeUnits', () => {
  it('gives the code units of charCodeAt', () => {
    let rope = 'R1 a b 1k\n';
    for (let k = 0; k < 40; k++) rope += `C${k} nÀ${k} 0 1p ; ∑ 😀\n`;
    const texts = ['', 'x', 'R1 a 0 1', 'Ωé😀\u0000\uffff', 'a'.repeat(63), 'a'.repeat(64), `${'b'.repeat(100)}À${'c'.repeat(100)}`, rope, '\ud800 lone'.repeat(20)];
    for (const text of texts) {
      const codes = codeUnits(text);
      expect(codes).toBeInstanceOf(Uint16Array);
      expect(Array.from(codes)).toEqual(byCharCodeAt(text));
    }
  });
});
