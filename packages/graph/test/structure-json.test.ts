/**
 * structureToJson's branch list against the branch records (BranchInfo, made by branchInfos, which the stages and
 * the text reports use): the JSON writes the same id, element, kind, class, domain and terminals for every branch
 * of every example, two-port ports included (motor-pump, cellier-gear: transformers and gyrators).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure, structureToJson } from '../src/index';

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
      expect(json.branches).toEqual(expected);
      // the same key order as before (the text of the JSON)
      expect(JSON.stringify(json.branches)).toBe(JSON.stringify(expected));
    });
  }
});
