/**
 * The branch records of LinearGraph (made on first use, branch-info.ts) against the description they are read
 * from: ids, domains and classes agree with the typed arrays, the records follow the graph's numbering
 * (one-ports, sources, then two ports per two-port), and a repeated two-port id names the two-port.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSystem } from '@sysgraph/description';
import type { BranchClass } from '@sysgraph/core';
import { buildLinearGraph, branchDomain, classCode, CLASS_CODE, CLASS_OF_CODE } from '../src/index';

const dir = fileURLToPath(new URL('../../../examples/', import.meta.url));

describe('branch records', () => {
  it('classCode agrees with CLASS_CODE for every class', () => {
    for (const c of CLASS_OF_CODE) expect(classCode(c as BranchClass)).toBe(CLASS_CODE[c as BranchClass]);
  });

  it('agree with the typed arrays, ids and domains of a multi-domain system with two-ports', () => {
    const desc = parseSystem(readFileSync(`${dir}motor-pump.json`, 'utf8'));
    const lg = buildLinearGraph(desc);
    const B = lg.ids.length;
    expect(lg.branches.length).toBe(B);
    expect(lg.branches).toBe(lg.branches); // made once
    for (let k = 0; k < B; k++) {
      const b = lg.branches[k];
      expect(b.index).toBe(k);
      expect(b.id).toBe(lg.ids[k]);
      expect(b.from).toBe(lg.from[k]);
      expect(b.to).toBe(lg.to[k]);
      expect(CLASS_CODE[b.cls]).toBe(lg.cls[k]);
      expect(lg.domainOf(k)).toBe(b.domain);
      expect(branchDomain(desc, k)).toBe(b.domain);
    }
    const P = desc.oneports.length;
    const S = desc.sources.length;
    desc.oneports.forEach((e, k) => expect(lg.branches[k]).toEqual({ index: k, id: e.id, element: e.id, port: undefined, cls: e.type, kind: e.kind, domain: e.domain, from: lg.nodeIndex.get(e.from), to: lg.nodeIndex.get(e.to) }));
    desc.sources.forEach((s, j) => expect(lg.branches[P + j]).toMatchObject({ id: s.id, element: s.id, cls: s.type, kind: s.kind, domain: s.domain }));
    desc.twoPorts.forEach((tp, j) => {
      for (const port of [1, 2] as const) {
        expect(lg.branches[P + S + 2 * j + port - 1]).toEqual({
          index: P + S + 2 * j + port - 1,
          id: `${tp.id}.${port}`,
          element: tp.id,
          port,
          cls: tp.kind === 'transformer' ? 'TF' : 'GY',
          kind: tp.kind,
          domain: port === 1 ? tp.domain1 : tp.domain2,
          from: lg.nodeIndex.get(tp.ports[port - 1].from),
          to: lg.nodeIndex.get(tp.ports[port - 1].to),
        });
      }
    });
    expect(desc.twoPorts.length).toBeGreaterThan(1);
  });

  it('a two-port id used twice is a duplicate-id error naming the two-port', () => {
    const desc = parseSystem({
      elements: [
        { id: 'R1', kind: 'resistor', from: 'a', to: 'g', value: 1 },
        { id: 'R2', kind: 'resistor', from: 'b', to: 'g', value: 1 },
        { id: 'T', kind: 'transformer', ports: [{ from: 'a', to: 'g' }, { from: 'b', to: 'g' }], ratio: 2 },
      ],
    });
    const twice = { ...desc, twoPorts: [desc.twoPorts[0], desc.twoPorts[0]], branchNumbering: undefined };
    expect(() => buildLinearGraph(twice)).toThrow(expect.objectContaining({ code: 'duplicate-id', element: 'T' }));
  });
});
