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

  it('names the element whose value is not rational (masd-4-1 has a cos() in a ratio)', () => {
    const desc = load('masd-4-1.json');
    try {
      formulate(analyzeStructure(desc), symbolicBackend(desc).backend);
      expect.unreachable();
    } catch (e) {
      expect(e).toMatchObject({ code: 'unsupported' });
      expect((e as { element?: string }).element).toBeTruthy();
    }
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
