/** CompiledModel.symbolicForms: the readable symbolic form by default, with the reason; MASD's quantities on request. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile } from '../src/index';
import { rrcLadder } from '@sysgraph/description/generators';

const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));

describe('CompiledModel.symbolicForms', () => {
  it('the 15-section R–R–C ladder: structured by default, with the reason', () => {
    const f = compile(JSON.stringify(rrcLadder(15, { output: false }))).symbolicForms();
    expect(f.form).toBe('structured');
    expect(f.structured!.states).toHaveLength(15);
    expect(f.notes.join(' ')).toMatch(/too costly/);
  });

  it('masd-4-1: MASD\'s quantities with their equation numbers', () => {
    const f = compile(readFileSync(`${examples}masd-4-1.json`, 'utf8')).symbolicForms({ form: 'masd' });
    const T1 = f.masd!.quantities.find((q) => q.name === 'T1')!;
    expect(T1.equation).toBe('(10)');
    expect(f.masd!.symbolic).toBe(true);
  });
});
