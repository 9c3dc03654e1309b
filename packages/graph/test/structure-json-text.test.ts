/**
 * writeStructureJson against the native JSON.stringify of structureToJson's value (the oracle: the public value
 * and V8's serialiser, not the writer's own code): the same text byte for byte on every example, on seeded random
 * networks with transformers and gyrators, on ids and node names that need escaping, and on ladders long enough
 * that the branch records and F's triplets span several pieces.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure, structureToJson, writeStructureJson } from '../src/index';
import type { Structure } from '../src/index';
import { randomSystem } from './support/random-graph';

const dir = fileURLToPath(new URL('../../../examples/', import.meta.url));
const names = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'index.json');

function text(s: Structure, omitted?: string): { joined: string; pieces: number } {
  const pieces: string[] = [];
  writeStructureJson(s, (p) => pieces.push(p), omitted);
  return { joined: pieces.join(''), pieces: pieces.length };
}

function expectSame(s: Structure): void {
  expect(text(s).joined).toBe(JSON.stringify(structureToJson(s)));
  const omitted = 'the derivation is left out above 2000 branches (this network has 5); --derivation writes it';
  expect(text(s, omitted).joined).toBe(JSON.stringify({ ...structureToJson(s), derivationOmitted: omitted }));
}

/** A ladder of n sections (series resistor, capacitor to ground), a source at its head. */
function ladder(n: number): Record<string, unknown> {
  const elements: Record<string, unknown>[] = [{ id: 'Vs', kind: 'voltage-source', from: 'n0', to: 'g', value: 1 }];
  for (let k = 1; k <= n; k++) {
    elements.push({ id: `R${k}`, kind: 'resistor', from: `n${k - 1}`, to: `n${k}`, value: 1 });
    elements.push({ id: `C${k}`, kind: 'capacitor', from: `n${k}`, to: 'g', value: 1e-6 });
    if (k % 3 === 0) elements.push({ id: `L${k}`, kind: 'inductor', from: `n${k}`, to: 'g', value: 1e-3 });
  }
  return { name: 'ladder', elements };
}

describe('writeStructureJson: the text of structureToJson', () => {
  for (const f of names) {
    it(f, () => expectSame(analyzeStructure(parseSystem(readFileSync(`${dir}${f}`, 'utf8')))));
  }

  it('seeded random networks with two-ports', () => {
    let ports = 0;
    let networks = 0;
    for (let seed = 1; seed <= 120; seed++) {
      let s: Structure;
      try {
        s = analyzeStructure(parseSystem(randomSystem(seed, { nodes: [3, 9], extraBranches: [2, 10], twoPorts: [0, 2] })));
      } catch {
        continue; // a source loop or cut set: no structure to write
      }
      networks++;
      ports += s.graph.twoPorts.length;
      expectSame(s);
    }
    expect(networks).toBeGreaterThan(40);
    expect(ports).toBeGreaterThan(0);
  });

  it('ids, node names and the name that need escaping', () => {
    const s = analyzeStructure(
      parseSystem({
        name: 'a "quoted"\\ name\u2028',
        elements: [
          { id: 'V\u00e91', kind: 'voltage-source', from: 'n\\0"', to: 'g\u00e9', value: 1 },
          { id: 'R_\u03b1', kind: 'resistor', from: 'n\\0"', to: 'm\u{1F600}\u0001', value: 2 },
          { id: 'C_2', kind: 'capacitor', from: 'm\u{1F600}\u0001', to: 'g\u00e9', value: 3 },
        ],
      }),
    );
    expectSame(s);
    expect(text(s).joined).toContain('"n\\\\0\\""');
  });

  it('a ladder long enough for several pieces of branches and triplets', () => {
    const s = analyzeStructure(parseSystem(ladder(5000)));
    expect(s.loop.F.rowPtr[s.loop.F.rows]).toBeGreaterThan(8192);
    const { pieces } = text(s);
    expect(pieces).toBeGreaterThan(8);
    expectSame(s);
  });
});
