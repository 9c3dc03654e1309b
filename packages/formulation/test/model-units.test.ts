// modelUnits against a table of every element by id (the reference: two-ports, then sources, then one-ports, as a
// Map) on seeded random descriptions of several domains, states and outputs naming one-ports, sources, two-ports
// and unknown elements; and the network model's state domains against the same table on the examples.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DOMAINS, DOMAIN_VARIABLES } from '@sysgraph/core';
import type { Domain } from '@sysgraph/core';
import { parseSystem, readSpiceNetlist } from '@sysgraph/description';
import type { SystemDescription } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { modelUnits, networkModel } from '../src';

const QUANTITIES = ['across', 'through', 'charge', 'flux'] as const;

function referenceUnits(desc: SystemDescription, states: readonly { element: string; quantity: string }[]) {
  const table = new Map<string, Domain | readonly [Domain, Domain]>();
  for (const e of desc.twoPorts) table.set(e.id, [e.domain1, e.domain2]);
  for (const e of desc.sources) table.set(e.id, e.domain);
  for (const e of desc.oneports) table.set(e.id, e.domain);
  const domain = (id: string, port?: 1 | 2): Domain => {
    const d = table.get(id);
    return d === undefined ? 'generic' : typeof d === 'string' ? d : d[port === 2 ? 1 : 0];
  };
  const unit = (d: Domain, v: string) => (v === 'across' ? DOMAIN_VARIABLES[d].acrossUnit : v === 'through' ? DOMAIN_VARIABLES[d].throughUnit : '');
  const atNode = (node: string): Domain => [...desc.oneports, ...desc.sources].find((e) => e.from === node || e.to === node)?.domain ?? 'generic';
  return {
    states: states.map((x) => unit(domain(x.element), x.quantity)),
    outputs: desc.outputs.map((o) => (o.kind === 'node' ? DOMAIN_VARIABLES[atNode(o.node)].acrossUnit : unit(domain(o.element, o.port), o.variable))),
  };
}

const domain = fc.constantFrom(...DOMAINS);
const network = fc
  .record({
    oneports: fc.array(domain, { minLength: 0, maxLength: 30 }),
    sources: fc.array(domain, { maxLength: 4 }),
    twoPorts: fc.array(fc.tuple(domain, domain), { maxLength: 3 }),
    nodes: fc.integer({ min: 2, max: 8 }),
    seed: fc.integer(),
  })
  .chain((n) => {
    const ids = [...n.oneports.map((_, k) => `x${k}`), ...n.sources.map((_, k) => `s${k}`), ...n.twoPorts.map((_, k) => `t${k}`), 'missing'];
    const state = fc.record({ element: fc.constantFrom(...ids), quantity: fc.constantFrom(...QUANTITIES) });
    const terminal = fc.integer({ min: 0, max: n.nodes - 1 });
    return fc.record({
      n: fc.constant(n),
      ends: fc.array(fc.tuple(terminal, terminal), { minLength: n.oneports.length + n.sources.length, maxLength: n.oneports.length + n.sources.length }),
      // states along the one-ports or in any order
      ordered: fc.boolean(),
      states: fc.array(state, { maxLength: 40 }),
      outputs: fc.array(fc.oneof(fc.record({ kind: fc.constant('node' as const), node: terminal.map((k) => `n${k}`) }), fc.record({ kind: fc.constant('branch' as const), element: fc.constantFrom(...ids), variable: fc.constantFrom('across', 'through'), port: fc.constantFrom(1, 2) })), { maxLength: 6 }),
    });
  });

describe('modelUnits', () => {
  it('gives the units of a table of every element by id, states in any order', () => {
    fc.assert(
      fc.property(network, ({ n, ends, ordered, states, outputs }) => {
        const oneports = n.oneports.map((d, k) => ({ id: `x${k}`, domain: d, from: `n${ends[k][0]}`, to: `n${ends[k][1]}` }));
        const sources = n.sources.map((d, k) => ({ id: `s${k}`, domain: d, from: `n${ends[oneports.length + k][0]}`, to: `n${ends[oneports.length + k][1]}` }));
        const twoPorts = n.twoPorts.map(([d1, d2], k) => ({ id: `t${k}`, domain1: d1, domain2: d2 }));
        const desc = { oneports, sources, twoPorts, outputs: outputs.map((o, k) => ({ name: `y${k}`, ...o })) } as unknown as SystemDescription;
        const asked = ordered ? oneports.filter((_, k) => k % 2 === 0).map((e, k) => ({ element: e.id, quantity: QUANTITIES[k % 4] })) : states;
        expect(modelUnits(desc, asked)).toEqual(referenceUnits(desc, asked));
      }),
      { seed: 1301, numRuns: 300 },
    );
  });

  it('takes the states\' domains when given, and makes the table only for outputs that name an element', () => {
    const oneports = Array.from({ length: 3000 }, (_, k) => ({ id: `${'RCD'[k % 3]}${(k / 3) | 0}`, domain: (k % 3 === 1 ? 'electrical' : 'rotational') as Domain, from: `n${k}`, to: `n${k + 1}` }));
    const desc = {
      oneports,
      sources: [],
      twoPorts: [],
      outputs: [{ name: 'v', kind: 'node', node: 'n5' }, { name: 'i', kind: 'branch', element: 'R7', variable: 'through' }],
    } as unknown as SystemDescription;
    const states = oneports.filter((_, k) => k % 3 === 1).map((e) => ({ element: e.id, quantity: 'across' }));
    const given = modelUnits(desc, states, states.map(() => 'electrical'));
    expect(given).toEqual(referenceUnits(desc, states));
    // n5: first at C1 (n4 → n5, electrical); R7: rotational
    expect(given.outputs).toEqual([DOMAIN_VARIABLES.electrical.acrossUnit, DOMAIN_VARIABLES.rotational.throughUnit]);
  });
});

describe('the network model\'s state domains', () => {
  const byId = (desc: SystemDescription) => new Map<string, Domain>([...desc.sources, ...desc.oneports].map((e) => [e.id, e.domain]));
  const check = (desc: SystemDescription) => {
    const r = networkModel(analyzeStructure(desc));
    const table = byId(desc);
    expect(r.stateDomains).toEqual(r.states.map((x) => table.get(x.element)));
    expect(modelUnits(desc, r.states, r.stateDomains)).toEqual(referenceUnits(desc, r.states));
  };
  for (const name of ['diode-rc', 'hardening-spring-mass', 'masd-4-2-reservoirs', 'rlc-time-varying-capacitor']) {
    it(`${name}: the domain of each state's element`, () => {
      check(parseSystem(JSON.parse(readFileSync(new URL(`../../../examples/nonlinear/${name}.json`, import.meta.url), 'utf8'))));
    });
  }
  it('a diode ladder netlist (states in the ids\' code-unit order, not the netlist\'s)', () => {
    const lines = ['* ladder', 'V1 n0 0 PWL(0 0 1u 5)'];
    for (let k = 1; k <= 120; k++) lines.push(`R${k} n${k - 1} n${k} 1k`, `C${k} n${k} 0 1n`, `D${k} n${k} 0 dm`);
    lines.push('.model dm D(IS=1e-12 N=1)', '.tran 1n 2u', '.end');
    check(readSpiceNetlist(lines.join('\n') + '\n').description);
  });
});
