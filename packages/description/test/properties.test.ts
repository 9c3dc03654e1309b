import { SysgraphError } from '@sysgraph/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { descriptionToJSON, evaluateExpression } from '../src/index';
import type { SystemDescription } from '../src/index';
import { parse, parser } from './helpers';

const ONE_PORT_KINDS = ['capacitor', 'mass', 'inertia', 'inductor', 'spring', 'torsional-spring', 'resistor', 'damper', 'rotational-damper', 'fluid-resistor', 'a-type', 't-type', 'd-type'];
const T_KINDS = new Set(['inductor', 'spring', 'torsional-spring', 't-type']);
/** Kinds whose generalised value is the reciprocal of the user's (formulation.md section 1). */
const RECIPROCAL = new Set(['spring', 'torsional-spring', 'damper', 'rotational-damper']);
const SOURCE_KINDS = ['voltage-source', 'current-source', 'force-source', 'across-source', 'through-source'];
const PARAMS = ['m', 'g', 'N', 'J', 'C', 'L', 'e', 'i', 'E', 'pi', 'k1'];

type Raw = { parameters: Record<string, number | null>; elements: Record<string, unknown>[]; mutuals: Record<string, unknown>[]; outputs: Record<string, unknown>[] };

/** A random valid description: every node joined to g, no dangling node, positive values, small couplings. */
const validDescription: fc.Arbitrary<Raw> = fc
  .record({
    nodeCount: fc.integer({ min: 1, max: 6 }),
    values: fc.array(fc.double({ min: 0.1, max: 100, noNaN: true }), { minLength: PARAMS.length, maxLength: PARAMS.length }),
    symbolic: fc.array(fc.boolean(), { minLength: PARAMS.length, maxLength: PARAMS.length }),
    extra: fc.array(fc.record({ a: fc.nat(), b: fc.nat(), kind: fc.nat(), value: fc.nat(), source: fc.boolean() }), { maxLength: 8 }),
    parents: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
    kinds: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
    twoPort: fc.option(fc.record({ a: fc.nat(), b: fc.nat(), gyrator: fc.boolean(), ratio: fc.constantFrom(-2, 0.5, 'k1', '-1 / m') })),
    couplings: fc.array(fc.record({ a: fc.nat(), b: fc.nat(), k: fc.double({ min: -0.3, max: 0.3, noNaN: true }) }), { maxLength: 3 }),
    outputs: fc.array(fc.record({ which: fc.nat(), across: fc.boolean(), node: fc.boolean() }), { maxLength: 4 }),
  })
  .map((r) => {
    const nodes = ['g', ...Array.from({ length: r.nodeCount }, (_, k) => `n${k}`)];
    const parameters: Record<string, number | null> = {};
    PARAMS.forEach((p, k) => (parameters[p] = r.symbolic[k] && p !== 'k1' ? null : r.values[k]));
    const valueOf = (k: number): number | string => {
      const options: (number | string)[] = [1.5, 250, 3, 'k1', 'm', '2 * g', 'sqrt(L) + e', 'N / J', 'pi * i'];
      return options[k % options.length];
    };
    const elements: Record<string, unknown>[] = [];
    let id = 0;
    // A random spanning tree to g (each node k ≥ 1 to an earlier node), so the graph is connected.
    for (let k = 1; k < nodes.length; k++) {
      const kind = ONE_PORT_KINDS[r.kinds[k - 1] % ONE_PORT_KINDS.length];
      elements.push({ id: `X${id++}`, kind, from: nodes[k], to: nodes[r.parents[k - 1] % k], value: valueOf(r.kinds[k - 1]) });
    }
    for (const x of r.extra) {
      const a = nodes[x.a % nodes.length];
      const b = nodes[x.b % nodes.length];
      if (a === b) continue;
      if (x.source) elements.push({ id: `S${id++}`, kind: SOURCE_KINDS[x.kind % SOURCE_KINDS.length], from: a, to: b, ...(x.value % 3 === 0 ? { value: 5 } : {}) });
      else elements.push({ id: `X${id++}`, kind: ONE_PORT_KINDS[x.kind % ONE_PORT_KINDS.length], from: a, to: b, value: valueOf(x.value) });
    }
    if (r.twoPort !== null && nodes.length > 2) {
      const a = 1 + (r.twoPort.a % (nodes.length - 1));
      const b = 1 + (r.twoPort.b % (nodes.length - 1));
      if (a !== b) {
        elements.push({
          id: 'TP',
          kind: r.twoPort.gyrator ? 'gyrator' : 'transformer',
          ports: [{ from: nodes[a], to: 'g' }, { from: nodes[b], to: 'g' }],
          ratio: r.twoPort.ratio,
        });
      }
    }
    // No dangling node: a node touched once gets a resistor to another node.
    const count = new Map<string, number>();
    const touch = (n: unknown) => count.set(n as string, (count.get(n as string) ?? 0) + 1);
    for (const e of elements) {
      if (Array.isArray(e.ports)) for (const p of e.ports as { from: string; to: string }[]) (touch(p.from), touch(p.to));
      else (touch(e.from), touch(e.to));
    }
    for (const n of nodes) {
      if (count.get(n) === 1) elements.push({ id: `X${id++}`, kind: 'resistor', from: n, to: n === 'g' ? nodes[1] : 'g', value: 2 });
    }
    const tTypes = elements.filter((e) => T_KINDS.has(e.kind as string)).map((e) => e.id as string);
    const mutuals: Record<string, unknown>[] = [];
    const pairs = new Set<string>();
    for (const c of r.couplings) {
      if (tTypes.length < 2) break;
      const a = tTypes[c.a % tTypes.length];
      const b = tTypes[c.b % tTypes.length];
      const key = [a, b].sort().join();
      if (a === b || pairs.has(key)) continue;
      pairs.add(key);
      mutuals.push({ id: `M${mutuals.length}`, between: [a, b], coupling: c.k });
    }
    const branchIds = elements.filter((e) => !Array.isArray(e.ports)).map((e) => e.id as string);
    const outputs: Record<string, unknown>[] = [];
    const seen = new Set<string>();
    for (const o of r.outputs) {
      const spec = o.node ? { node: nodes[o.which % nodes.length] } : { element: branchIds[o.which % branchIds.length], variable: o.across ? 'across' : 'through' };
      const key = JSON.stringify(spec);
      if (!seen.has(key) && (o.node || branchIds.length > 0)) (seen.add(key), outputs.push(spec));
    }
    return { parameters, elements, mutuals, outputs };
  });

/** A description as plain comparable data (expressions by text). */
function plain(d: SystemDescription): unknown {
  const ex = (e: { text: string } | undefined) => e?.text;
  return {
    parameters: [...d.parameters],
    oneports: d.oneports.map((e) => ({ ...e, value: ex(e.value), userValue: ex(e.userValue) })),
    sources: d.sources.map((s) => ({ ...s, constant: ex(s.constant) })),
    twoPorts: d.twoPorts.map((t) => ({ ...t, ratio: ex(t.ratio) })),
    mutuals: d.mutuals.map((m) => ({ ...m, value: ex(m.value) })),
    outputs: d.outputs,
    grounds: d.grounds,
    nodes: d.nodes,
  };
}

describe('properties (seeded)', () => {
  it('random valid descriptions parse, keep their elements, and round-trip through descriptionToJSON', () => {
    fc.assert(
      fc.property(validDescription, (raw) => {
        const d = parse(raw);
        const branches = raw.elements.filter((e) => !Array.isArray(e.ports));
        expect([...d.oneports, ...d.sources].map((e) => e.id).sort()).toEqual(branches.map((e) => e.id as string).sort());
        // Generalised values against the kind's law, evaluated independently of the parser's mapping.
        for (const e of d.oneports) {
          const r = raw.elements.find((x) => x.id === e.id) as Record<string, unknown>;
          expect(e.from).toBe(r.from);
          expect(e.to).toBe(r.to);
          if (e.userValue.parameters.every((p) => d.parameters.get(p) !== null)) {
            const user = evaluateExpression(e.userValue, d.parameters);
            const general = evaluateExpression(e.value, d.parameters);
            expect(general).toBeCloseTo(RECIPROCAL.has(e.kind) ? 1 / user : user, 12);
          }
        }
        expect(d.grounds).toEqual(['g']);
        const again = parse(descriptionToJSON(d));
        expect(plain(again)).toEqual(plain(d));
      }),
      { seed: 4242, numRuns: 150 },
    );
  });

  it('the order of the input elements changes nothing but order', () => {
    const withPermutation = validDescription.chain((raw) =>
      fc.shuffledSubarray(raw.elements, { minLength: raw.elements.length }).map((elements) => ({ raw, shuffled: { ...raw, elements } })),
    );
    const byId = <T extends { id: string }>(list: readonly T[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
    fc.assert(
      fc.property(withPermutation, ({ raw, shuffled }) => {
        const a = plain(parse(raw)) as Record<string, unknown[]>;
        const b = plain(parse(shuffled)) as Record<string, unknown[]>;
        for (const key of ['oneports', 'sources', 'twoPorts']) {
          expect(byId(b[key] as { id: string }[])).toEqual(byId(a[key] as { id: string }[]));
        }
        expect(b.mutuals).toEqual(a.mutuals);
        expect(b.outputs).toEqual(a.outputs);
        expect(b.grounds).toEqual(a.grounds);
        expect(b.parameters).toEqual(a.parameters);
        expect([...b.nodes].sort()).toEqual([...a.nodes].sort());
      }),
      { seed: 777, numRuns: 100 },
    );
  });

  const onlySysgraphErrors = (input: unknown) => {
    try {
      parser.parse(input);
    } catch (e) {
      if (!(e instanceof SysgraphError)) throw e;
    }
  };

  it('random JSON values never throw anything but SysgraphError', () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 6 }), onlySysgraphErrors), { seed: 1, numRuns: 400 });
    fc.assert(fc.property(fc.string({ maxLength: 200 }), onlySysgraphErrors), { seed: 2, numRuns: 300 });
  });

  it('valid descriptions with random fields replaced by random JSON never throw anything but SysgraphError', () => {
    const FIELDS = ['id', 'kind', 'from', 'to', 'value', 'domain', 'input', 'ports', 'ratio', 'between', 'coupling', 'label'];
    const mutated = fc
      .tuple(
        validDescription,
        fc.array(
          fc.record({
            where: fc.constantFrom('element', 'parameter', 'output', 'top', 'mutual'),
            index: fc.nat(),
            field: fc.constantFrom(...FIELDS),
            value: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('g', 'n0', 'k1', 'm', 'X0', 'constructor', '__proto__', '1/0', 'pi', '-1')),
          }),
          { minLength: 1, maxLength: 4 },
        ),
      )
      .map(([raw, edits]) => {
        const doc = JSON.parse(JSON.stringify(raw)) as Record<string, unknown> & Raw;
        const setIn = (list: unknown, index: number, field: string, value: unknown) => {
          if (!Array.isArray(list) || list.length === 0) return;
          const target = list[index % list.length] as unknown;
          if (target !== null && typeof target === 'object') (target as Record<string, unknown>)[field] = value;
        };
        for (const ed of edits) {
          if (ed.where === 'element') setIn(doc.elements, ed.index, ed.field, ed.value);
          if (ed.where === 'mutual') setIn(doc.mutuals, ed.index, ed.field, ed.value);
          if (ed.where === 'output') setIn(doc.outputs, ed.index, ed.field === 'to' ? 'node' : ed.field, ed.value);
          if (ed.where === 'parameter') (doc.parameters as Record<string, unknown>)[PARAMS[ed.index % PARAMS.length]] = ed.value;
          if (ed.where === 'top') doc[['ground', 'name', 'outputs', 'mutuals', 'twoPorts'][ed.index % 5]] = ed.value;
        }
        return doc;
      });
    fc.assert(fc.property(mutated, onlySysgraphErrors), { seed: 3, numRuns: 400 });
    fc.assert(fc.property(mutated, (doc) => onlySysgraphErrors(JSON.stringify(doc))), { seed: 4, numRuns: 100 });
  });
});
