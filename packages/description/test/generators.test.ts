/**
 * The generators of standard test networks (the subpath export @sysgraph/description/generators): the R–R–C
 * ladder has the topology of its definition (3N + 1 branches: Vs, Ra_k n_{k−1} → n_k, Rb_k n_k → m_k, C_k m_k → g;
 * 2N + 2 nodes), one parameter per element with the stated values, its output or none, and refuses a bad size
 * with a typed error.
 */
import { describe, expect, it } from 'vitest';
import { SysgraphError } from '@sysgraph/core';
import { parseSystem } from '../src/index';
import { rrcLadder } from '../src/generators/index';

describe('rrcLadder', () => {
  for (const N of [1, 4, 30]) {
    it(`${N} sections: the branches and values of its definition, and it parses`, () => {
      const raw = rrcLadder(N);
      const elements = raw.elements!;
      expect(elements).toHaveLength(3 * N + 1);
      const nodes = new Set(elements.flatMap((e) => [e.from, e.to]));
      expect(nodes.size).toBe(2 * N + 2);
      for (let k = 1; k <= N; k++) {
        expect(elements.find((e) => e.id === `Ra${k}`)).toMatchObject({ kind: 'resistor', from: `n${k - 1}`, to: `n${k}`, value: `Ra${k}` });
        expect(elements.find((e) => e.id === `Rb${k}`)).toMatchObject({ kind: 'resistor', from: `n${k}`, to: `m${k}`, value: `Rb${k}` });
        expect(elements.find((e) => e.id === `C${k}`)).toMatchObject({ kind: 'capacitor', from: `m${k}`, to: 'g', value: `C${k}` });
      }
      const desc = parseSystem(raw);
      expect(desc.parameters.get(`Ra${N}`)).toBeCloseTo(1 + N / 10, 15);
      expect(desc.parameters.get(`Rb${N}`)).toBeCloseTo(2 + N / 13, 15);
      expect(desc.parameters.get(`C${N}`)).toBeCloseTo(1 + N / 7, 15);
      expect(raw.outputs).toEqual([{ name: `v_C${N}`, element: `C${N}`, variable: 'across' }]);
    });
  }

  it('output: false declares no output', () => {
    expect(rrcLadder(3, { output: false }).outputs).toBeUndefined();
  });

  it('a size that is not a positive integer is a typed error naming the field', () => {
    for (const N of [0, -2, 1.5, Number.NaN]) {
      try {
        rrcLadder(N);
        throw new Error('expected a throw');
      } catch (e) {
        expect(e).toBeInstanceOf(SysgraphError);
        expect((e as SysgraphError).field).toBe('N');
      }
    }
  });
});
