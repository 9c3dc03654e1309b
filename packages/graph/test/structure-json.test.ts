/**
 * structureToJson's branch list against the branch records (BranchInfo, made by branchInfos, which the stages and
 * the text reports use): the JSON writes the same id, element, kind, class, domain and terminals for every branch
 * of every example, two-port ports included (motor-pump, cellier-gear: transformers and gyrators).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure, JsonRows, structureToJson } from '../src/index';
import { rrcLadder } from '@sysgraph/description/generators';

const dir = fileURLToPath(new URL('../../../examples/', import.meta.url));
const names = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'index.json');

describe('structureToJson: branches', () => {
  it('covers examples with two-ports', () => {
    const ports = names.filter((f) => analyzeStructure(parseSystem(readFileSync(`${dir}${f}`, 'utf8'))).graph.twoPorts.length > 0);
    expect(ports.length).toBeGreaterThan(0);
  });

  for (const f of names) {
    it(f, () => {
      const s = analyzeStructure(parseSystem(readFileSync(`${dir}${f}`, 'utf8')));
      const lg = s.graph;
      const expected = lg.branches.map((b) => ({ id: b.id, element: b.element, kind: b.kind, type: b.cls, domain: b.domain, from: lg.nodeNames[b.from], to: lg.nodeNames[b.to] }));
      const json = structureToJson(s);
      expect((json.branches as JsonRows<unknown>).toJSON()).toEqual(expected);
      // the same key order as before (the text of the JSON)
      expect(JSON.stringify(json.branches)).toBe(JSON.stringify(expected));
    });
  }
});

describe('structureToJson: rows made a slice at a time', () => {
  /** The records of every slice [from, to) against the same members of the whole list, and F's triplets against CSR. */
  const checkSlices = (name: string, rows: JsonRows<unknown>, whole: unknown[]) => {
    expect(rows.length, name).toBe(whole.length);
    const cuts = [0, 1, 2, 3, 5, 8, 13, rows.length >> 1, rows.length - 1, rows.length].filter((c) => c >= 0 && c <= rows.length);
    for (const from of cuts) for (const to of cuts) if (from <= to) expect(rows.rows(from, to), `${name} ${from}..${to}`).toEqual(whole.slice(from, to));
  };

  const files = [...names.map((f) => readFileSync(`${dir}${f}`, 'utf8')), JSON.stringify(rrcLadder(40))];
  for (const text of files) {
    const s = analyzeStructure(parseSystem(text));
    it(s.description.name, () => {
      const lg = s.graph;
      const json = structureToJson(s);
      const branches = lg.branches.map((b) => ({ id: b.id, element: b.element, kind: b.kind, type: b.cls, domain: b.domain, from: lg.nodeNames[b.from], to: lg.nodeNames[b.to] }));
      checkSlices('branches', json.branches as JsonRows<unknown>, branches);
      const F = s.loop.F;
      const triplets: number[][] = [];
      for (let i = 0; i < F.rows; i++) for (let p = F.rowPtr[i]; p < F.rowPtr[i + 1]; p++) triplets.push([i, F.colIdx[p], F.values[p]]);
      checkSlices('F', (json.F as { nonzeros: JsonRows<unknown> }).nonzeros, triplets);
    });
  }
});
