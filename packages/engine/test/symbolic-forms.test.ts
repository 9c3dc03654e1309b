/** CompiledModel.symbolicForms: the readable symbolic form by default, with the reason; MASD's quantities on request. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile } from '../src/index';

const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));

function rrcLadder(N: number): Record<string, unknown> {
  const parameters: Record<string, number> = {};
  const elements: Record<string, unknown>[] = [{ id: 'Vs', kind: 'voltage-source', from: 'n0', to: 'g' }];
  for (let k = 1; k <= N; k++) {
    Object.assign(parameters, { [`Ra${k}`]: 1 + k / 10, [`Rb${k}`]: 2 + k / 13, [`C${k}`]: 1 + k / 7 });
    elements.push(
      { id: `Ra${k}`, kind: 'resistor', from: `n${k - 1}`, to: `n${k}`, value: `Ra${k}` },
      { id: `Rb${k}`, kind: 'resistor', from: `n${k}`, to: `m${k}`, value: `Rb${k}` },
      { id: `C${k}`, kind: 'capacitor', from: `m${k}`, to: 'g', value: `C${k}` },
    );
  }
  return { name: `rrc-ladder-${N}`, parameters, elements, ground: 'g' };
}

describe('CompiledModel.symbolicForms', () => {
  it('the 15-section R–R–C ladder: structured by default, with the reason', () => {
    const f = compile(JSON.stringify(rrcLadder(15))).symbolicForms();
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
