/**
 * The symbolic backend against the numeric one (itself checked against the tableau oracle): every entry of
 * A, B, C, D, E and Bd, evaluated at the parameter values, equals the numeric model; mixed models; the cost guard.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isSysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, numericBackend, symbolicBackend } from '../src/index';
import { familyOfSeed, networkToDescription, randomNetwork } from './support/index';
import { relativeError } from './support/engine';

const KEYS = ['A', 'B', 'C', 'D', 'E', 'Bd'] as const;
const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));
const load = (file: string) => parseSystem(readFileSync(`${examples}${file}`, 'utf8'));

/** Every numeric value of a description turned into a parameter, so the symbolic model is fully symbolic. */
function parametrise(user: ReturnType<typeof networkToDescription>): Record<string, unknown> {
  const parameters: Record<string, number> = {};
  const elements = user.elements.map((e) => {
    if (e.value === undefined) return e;
    parameters[`p_${e.id}`] = e.value;
    return { ...e, value: `p_${e.id}` };
  });
  const twoPorts = user.twoPorts.map((t) => {
    parameters[`n_${t.id}`] = t.ratio;
    return { ...t, ratio: `n_${t.id}` };
  });
  return { ...user, parameters, elements, twoPorts };
}

function compareBackends(desc: ReturnType<typeof parseSystem>): number {
  const s = analyzeStructure(desc);
  const num = formulate(s, numericBackend(desc.parameters));
  const sym = symbolicBackend(desc);
  const ss = formulate(s, sym.backend);
  expect(ss.states).toEqual(num.states);
  let worst = 0;
  for (const k of KEYS) worst = Math.max(worst, relativeError(ss[k].map((r) => r.map(sym.evaluate)), num[k]));
  return worst;
}

describe('symbolic backend', () => {
  for (const file of ['motor-pump.json', 'rlc-series.json', 'cellier-gear.json', 'mass-spring-damper.json', 'two-mass.json']) {
    it(`${file}: evaluated symbolic model equals the numeric one`, () => {
      expect(compareBackends(load(file))).toBeLessThan(1e-10);
    });
  }

  it('agrees with the numeric model on 150 seeded random networks, every value a parameter', () => {
    let compared = 0;
    for (let seed = 0; seed < 150; seed++) {
      const desc = parseSystem(parametrise(networkToDescription(randomNetwork(seed, familyOfSeed(seed)), 'oracle-network', 'value')));
      try {
        analyzeStructure(desc);
        formulate(analyzeStructure(desc), numericBackend(desc.parameters));
      } catch (e) {
        if (isSysgraphError(e)) continue;
        throw e;
      }
      const err = compareBackends(desc);
      if (err > 1e-8) throw new Error(`seed ${seed}: symbolic vs numeric ${err}`);
      compared++;
    }
    expect(compared).toBeGreaterThan(120);
  });

  it('masd-4-1 as shipped: cos(alpha) is an opaque atom, printed as written, and the model equals the numeric one', () => {
    const desc = load('masd-4-1.json');
    expect(compareBackends(desc)).toBeLessThan(1e-10);
    const sym = symbolicBackend(desc);
    const ss = formulate(analyzeStructure(desc), sym.backend);
    const texts = ss.A.flat().map((x) => sym.cells.cell(x).text);
    expect(texts.some((t) => t.includes('cos(alpha)'))).toBe(true);
    expect(texts.some((t) => /cosalpha/.test(t))).toBe(false);
    // v_Cg1' gets −i_T1.1/M1 with i_T1.1 = −i_T1.2/n1 and i_Kg3 through T2 (ratio 2 cos(alpha)): by hand,
    // the coefficient of i_Kg3 in v_Cg1' is −1/(2·M1·n1·cos(alpha)).
    const p = (k: string) => desc.parameters.get(k)!;
    const j = ss.states.indexOf('i_Kg3');
    expect(sym.evaluate(ss.A[0][j])).toBeCloseTo(-1 / (2 * p('M1') * p('n1') * Math.cos(p('alpha'))), 12);
  });

  it('sqrt and exp of parameters are atoms too; an atom of numbers only is its value', () => {
    const desc = parseSystem(JSON.stringify({
      name: 'atoms', parameters: { k1: 2, k2: 8, a: 0.5 },
      elements: [
        { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g' },
        { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'sqrt(k1*k2) + exp(-a)' },
        { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 'sqrt(4)' },
      ],
      ground: 'g',
    }));
    const sym = symbolicBackend(desc);
    const ss = formulate(analyzeStructure(desc), sym.backend);
    const a = sym.cells.cell(ss.A[0][0]);
    expect(a.text).toContain('sqrt(k1*k2)');
    expect(a.text).toContain('exp(-a)');
    expect(a.latex).toContain('\\sqrt');
    // a = −1/(R C) with R = sqrt(16) + e^−0.5 and C = 2, by hand.
    expect(a.value).toBeCloseTo(-1 / ((4 + Math.exp(-0.5)) * 2), 12);
  });

  it('keeps only the named parameters symbolic in a mixed model', () => {
    const desc = load('motor-pump.json');
    const s = analyzeStructure(desc);
    const mixed = symbolicBackend(desc, { keep: ['kt', 'L'] });
    const ss = formulate(s, mixed.backend);
    expect([...mixed.variables.toArray()].sort()).toEqual(['L', 'kt']);
    const num = formulate(s, numericBackend(desc.parameters));
    expect(relativeError(ss.A.map((r) => r.map(mixed.evaluate)), num.A)).toBeLessThan(1e-12);
  });

  it('refuses, before starting, a symbolic elimination that would swell', () => {
    // A complete graph of 9 nodes of resistors, each its own parameter, behind a source and a capacitor.
    const elements: Record<string, unknown>[] = [{ id: 'Vs', kind: 'voltage-source', from: 'n0', to: 'g' }, { id: 'C1', kind: 'capacitor', from: 'n8', to: 'g', value: 'c' }];
    const parameters: Record<string, number> = { c: 1 };
    for (let a = 0; a < 9; a++) for (let b = a + 1; b < 9; b++) {
      parameters[`r${a}_${b}`] = 1 + (a * 9 + b) / 100;
      elements.push({ id: `R${a}_${b}`, kind: 'resistor', from: `n${a}`, to: `n${b}`, value: `r${a}_${b}` });
    }
    const desc = parseSystem({ name: 'mesh', parameters, elements, ground: 'g' });
    const s = analyzeStructure(desc);
    expect(() => formulate(s, symbolicBackend(desc).backend)).toThrowError(expect.objectContaining({ code: 'symbolic-too-costly' }));
  });
});
