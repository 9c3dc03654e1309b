/** CompiledModel.symbolicForms: the readable symbolic form by default, with the reason; MASD's quantities on request. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile, masdTableToJsonText, masdTableToLatex, masdTableToText } from '../src/index';
import { rrcLadder } from '@sysgraph/description/generators';

const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));

describe('CompiledModel.symbolicForms', () => {
  it('the 15-section R–R–C ladder: structured by default, with the reason', () => {
    const f = compile(JSON.stringify(rrcLadder(15, { output: false }))).symbolicForms();
    expect(f.form).toBe('structured');
    expect(f.structured!.states).toHaveLength(15);
    expect(f.notes.join(' ')).toMatch(/too costly/);
  });

  it('the 40-section R–R–C ladder in the masd form: accepted, named products of readable size (text, LaTeX, JSON)', () => {
    const f = compile(JSON.stringify(rrcLadder(40))).symbolicForms({ form: 'masd' });
    expect(f.form).toBe('masd');
    const t = f.masd!;
    const byName = new Map(t.quantities.map((q) => [q.name, q]));
    // The inverses stay named: y = B3·(T12 − F_RC) with B3 = (F_RCᵀ + T1)·R_loop⁻¹, R_loop = R + T5 expanded.
    expect(byName.get('y')!.expanded).toBe(false);
    expect(byName.get('B3')!.definition).toBe('(F_RCᵀ + T1)·R_loop⁻¹');
    expect(byName.get('R_loop')!.expanded).toBe(true);
    expect(byName.get('C')!.expanded).toBe(true);
    const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
    const text = masdTableToText(t);
    const latex = masdTableToLatex(t);
    const json = masdTableToJsonText(t);
    expect(JSON.parse(json).quantities).toHaveLength(t.quantities.length);
    // Upper bounds (measured: about 52 kB, 110 kB and 150 kB); the expanded form is refused long before 40 sections.
    expect(bytes(text)).toBeLessThan(70_000);
    expect(bytes(latex)).toBeLessThan(150_000);
    expect(bytes(json)).toBeLessThan(200_000);
    expect(text).toContain('\ny (22) = B3·(T12 − F_RC)');
  });

  it('masd-4-1: MASD\'s quantities with their equation numbers', () => {
    const f = compile(readFileSync(`${examples}masd-4-1.json`, 'utf8')).symbolicForms({ form: 'masd' });
    const T1 = f.masd!.quantities.find((q) => q.name === 'T1')!;
    expect(T1.equation).toBe('(10)');
    expect(f.masd!.symbolic).toBe(true);
  });
});
