/**
 * MASD's named quantities as printed (masdTable → JSON) against the general formulation: A rebuilt here from
 * the printed C (6), L (7), y, h, k, z (22–25) by (27), A = diag(C, L)⁻¹·[[y, h], [k, z]], with an independent
 * elimination, equals the general formulation's A on the examples where MASD applies and on seeded random
 * networks; the symbolic table evaluated equals the numeric one; C (6) is the capacitances where no capacitor
 * loop exists; every quantity carries the paper's equation number.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isSysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import type { SystemDescription } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, masdIntermediates, masdTable, masdTableToJson, masdTableToLatex, numberCells, numericBackend, symbolicBackend } from '../src/index';
import { familyOfSeed, networkToDescription, randomNetwork } from './support/index';
import { relativeError } from './support/engine';
import { solve } from './support/dense-solve';
import type { Mat } from './support/dense-solve';

const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));

interface Q { name: string; equation: string; matrix: number[][] }

function printed(desc: SystemDescription): Map<string, Q> {
  const be = numericBackend(desc.parameters);
  const json = masdTableToJson(masdTable(desc.name, analyzeStructure(desc), be, numberCells)) as { quantities: Q[] };
  return new Map(json.quantities.map((q) => [q.name, q]));
}

/** (27) from the printed quantities. */
function rebuiltA(q: Map<string, Q>): Mat {
  const get = (n: string) => q.get(n)!.matrix;
  const C = get('C');
  const L = get('L');
  const top = get('y').map((row, i) => [...row, ...(get('h')[i] ?? [])]);
  const bottom = get('k').map((row, i) => [...row, ...(get('z')[i] ?? [])]);
  return [...(C.length ? solve(C, top) : []), ...(L.length ? solve(L, bottom) : [])];
}

function checkAgainstGeneral(desc: SystemDescription): number {
  const A = formulate(analyzeStructure(desc), numericBackend(desc.parameters)).A as Mat;
  return relativeError(rebuiltA(printed(desc)), A);
}

describe('MASD intermediates as printed', () => {
  for (const file of ['masd-4-1.json', 'rlc-series.json', 'two-mass.json', 'mass-spring-damper.json', 'engineer-in-a-box-rlc.json']) {
    it(`${file}: A from the printed C, L, y, h, k, z equals the general formulation`, () => {
      expect(checkAgainstGeneral(parseSystem(readFileSync(`${examples}${file}`, 'utf8')))).toBeLessThan(1e-10);
    });
  }

  it('the same on seeded random networks where MASD applies', () => {
    let compared = 0;
    for (let seed = 0; seed < 120; seed++) {
      const desc = parseSystem(networkToDescription(randomNetwork(seed, familyOfSeed(seed)), 'oracle-network', 'value'));
      try {
        formulate(analyzeStructure(desc), numericBackend(desc.parameters));
        printed(desc);
      } catch (e) {
        if (isSysgraphError(e)) continue;
        throw e;
      }
      const err = checkAgainstGeneral(desc);
      if (!(err < 1e-8)) throw new Error(`seed ${seed}: ${err}`);
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('masd-4-1: the symbolic table evaluated equals the numeric one; C (6) holds the masses M1, M2', () => {
    const desc = parseSystem(readFileSync(`${examples}masd-4-1.json`, 'utf8'));
    const { backend, cells } = symbolicBackend(desc);
    const sym = masdTable(desc.name, analyzeStructure(desc), backend, cells);
    const num = printed(desc);
    for (const q of sym.quantities) {
      expect(q.expanded).toBe(true);
      const values = q.cells.map((row) => row.map((c) => c.value));
      expect(relativeError(values, num.get(q.name)!.matrix)).toBeLessThan(1e-12);
    }
    const C = sym.quantities.find((q) => q.name === 'C')!;
    expect(C.cells.map((row) => row.map((c) => c.text))).toEqual([['M1', '0'], ['0', 'M2']]);
    expect(C.equation).toBe('(6)');
    const eq = new Map(sym.quantities.map((q) => [q.name, q.equation]));
    for (let k = 1; k <= 12; k++) expect(eq.get(`T${k}`)).toBe(`(${9 + k})`);
    expect([eq.get('L'), eq.get('R'), eq.get('G'), eq.get('y'), eq.get('z')]).toEqual(['(7)', '(8)', '(9)', '(22)', '(25)']);
    const latex = masdTableToLatex(sym);
    expect(latex).toContain('\\tag{21}');
    expect(latex).toContain('\\cos\\left(\\alpha\\right)');
  });
});
