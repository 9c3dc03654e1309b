/**
 * The structured form (static network kept whole) against independent references: its blocks, evaluated at the
 * parameter values and multiplied out here by a plain Gaussian elimination (not the library's), equal the
 * numeric model on seeded random networks (every value a parameter) and on the examples; the one-section R–R–C
 * ladder against its closed form; the printed size of the 30-section ladder; shared subexpressions.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isSysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import type { SystemDescription } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, numericBackend, structuredForm, structuredTable, structuredToText, structuredToLatex, symbolicBackend } from '../src/index';
import type { StructuredTable } from '../src/index';
import { familyOfSeed, networkToDescription, randomNetwork } from './support/index';
import { relativeError } from './support/engine';
import { rrcLadder } from '@sysgraph/description/generators';

const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));

import type { Mat } from './support/dense-solve';
import { multiplyOut } from './support/structured-multiply';

function symbolicStructured(desc: SystemDescription, keep?: readonly string[]): StructuredTable {
  const s = analyzeStructure(desc);
  const { backend, cells } = symbolicBackend(desc, { keep });
  return structuredTable(desc.name, structuredForm(s, backend), backend, cells, desc.parameters);
}

function worstAgainstNumeric(desc: SystemDescription, t: StructuredTable): number {
  const num = formulate(analyzeStructure(desc), numericBackend(desc.parameters));
  const got = multiplyOut(t);
  return Math.max(...(['A', 'B', 'C', 'D'] as const).map((k) => relativeError(got[k], num[k] as Mat)));
}

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

describe('structured form', () => {
  it('equals the numeric model on seeded random networks, every value a parameter', () => {
    let compared = 0;
    let dependent = 0;
    for (let seed = 0; seed < 120; seed++) {
      const desc = parseSystem(parametrise(networkToDescription(randomNetwork(seed, familyOfSeed(seed)), 'oracle-network', 'value')));
      try {
        formulate(analyzeStructure(desc), numericBackend(desc.parameters));
      } catch (e) {
        if (isSysgraphError(e)) continue;
        throw e;
      }
      const t = symbolicStructured(desc);
      // Dependent storage (capacitor loops, inductor cut sets) as constraint rows: structured-dependent.test.ts.
      if (t.dependent.length > 0) dependent++;
      const err = worstAgainstNumeric(desc, t);
      if (!(err < 1e-8)) throw new Error(`seed ${seed}: structured vs numeric ${err}`);
      compared++;
    }
    expect(compared).toBeGreaterThan(40);
    expect(dependent).toBeGreaterThan(0);
  });

  for (const file of ['rlc-series.json', 'masd-4-1.json', 'two-mass.json', 'mass-spring-damper.json', 'cellier-algebraic-loop.json']) {
    it(`${file}: multiplied out, equals the numeric model`, () => {
      const desc = parseSystem(readFileSync(`${examples}${file}`, 'utf8'));
      expect(worstAgainstNumeric(desc, symbolicStructured(desc))).toBeLessThan(1e-10);
    });
  }

  it('one R–R–C section: v_C1\' = (Vs − v_C1)/((Ra1 + Rb1)·C1), by hand', () => {
    const desc = parseSystem(rrcLadder(1));
    const t = symbolicStructured(desc);
    const got = multiplyOut(t);
    const p = (k: string) => desc.parameters.get(k)!;
    const tau = (p('Ra1') + p('Rb1')) * p('C1');
    expect(got.A[0][0]).toBeCloseTo(-1 / tau, 12);
    expect(got.B[0][0]).toBeCloseTo(1 / tau, 12);
  });

  for (const N of [6, 15, 30]) {
    it(`R–R–C ladder of ${N} sections: small blocks, equal to the numeric model`, () => {
      const desc = parseSystem(rrcLadder(N));
      const t = symbolicStructured(desc);
      expect(t.states.length).toBe(N);
      // Every entry is one parameter, its reciprocal or ±1: nothing was eliminated into a rational entry.
      for (const b of Object.values(t.blocks)) for (const e of b.entries) expect(e.text).toMatch(/^-?(1\/)?[A-Za-z0-9_]+$/);
      expect(worstAgainstNumeric(desc, t)).toBeLessThan(1e-9);
      const text = structuredToText(t);
      if (N === 30) expect(text.length).toBeLessThan(50_000);
      expect(structuredToLatex(t).length).toBeLessThan(4 * text.length);
    });
  }

  it('names a repeated compound entry once (w1, skipping a parameter called w1) and keeps its value', () => {
    const desc = parseSystem({
      name: 'shared', parameters: { R: 2, C: 0.5, w1: 3 },
      elements: [
        { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g' },
        { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R + w1' },
        { id: 'R2', kind: 'resistor', from: 'b', to: 'c', value: 'R + w1' },
        { id: 'C1', kind: 'capacitor', from: 'c', to: 'g', value: 'C' },
      ],
      ground: 'g',
    });
    const t = symbolicStructured(desc);
    expect(t.shared.length).toBeGreaterThan(0);
    expect(t.shared[0].name).toBe('w2');
    expect(t.shared[0].text).toMatch(/R \+ w1|w1 \+ R/);
    expect(structuredToText(t)).toContain(`${t.shared[0].name} = `);
    expect(worstAgainstNumeric(desc, t)).toBeLessThan(1e-12);
  });

  it('keeps only the named parameters symbolic: the others are numbers', () => {
    const desc = parseSystem(rrcLadder(6));
    const t = symbolicStructured(desc, ['Ra1', 'C6']);
    const texts = Object.values(t.blocks).flatMap((b) => b.entries.map((e) => e.text));
    expect(texts.some((x) => x.includes('Ra1'))).toBe(true);
    expect(texts.some((x) => /Ra2|Rb3|C2/.test(x))).toBe(false);
    expect(worstAgainstNumeric(desc, t)).toBeLessThan(1e-9);
  });
});
