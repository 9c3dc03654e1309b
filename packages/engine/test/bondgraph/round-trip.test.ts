/**
 * description → bond graph → description: random series–parallel networks of R, L, C (electrical) and of
 * dampers, springs and masses (translational, the F analogy) give equal transfer functions at several s; and the
 * two-ports: the DC motor's linear graph exported and read back. fast-check with a fixed seed.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { bondGraphToDescription, bondGraphToJson, descriptionToBondGraph, readBondGraph } from '@sysgraph/bondgraph';
import { parseSystem } from '@sysgraph/description';
import { describe, expect, it } from 'vitest';
import { analyze, compile } from '../../src/index';
import type { CompiledModel } from '../../src/index';

type Net = { type: 'A' | 'T' | 'D'; value: number } | { join: 'series' | 'parallel'; a: Net; b: Net };

const leaf = fc.record({ type: fc.constantFrom<'A' | 'T' | 'D'>('A', 'T', 'D'), value: fc.integer({ min: 1, max: 40 }).map((x) => x / 10) });
const net: fc.Arbitrary<Net> = fc.letrec<{ net: Net }>((tie) => ({
  net: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.record({ join: fc.constantFrom<'series' | 'parallel'>('series', 'parallel'), a: tie('net'), b: tie('net') })),
})).net;

const KINDS = {
  electrical: { A: 'capacitor', T: 'inductor', D: 'resistor', source: 'voltage-source', guard: 'resistor' },
  translational: { A: 'mass', T: 'spring', D: 'damper', source: 'force-source', guard: 'damper' },
  // a velocity source (the F analogy's across source: an Sf) behind a damper in series
  'translational-velocity': { A: 'mass', T: 'spring', D: 'damper', source: 'velocity-source', guard: 'damper' },
} as const;

/** The network between nodes a and g, with a guard (a series resistor, or a damper across the force source). */
function describe_(n: Net, domain: keyof typeof KINDS) {
  const k = KINDS[domain];
  const elements: Record<string, unknown>[] = [];
  const outputs: Record<string, unknown>[] = [];
  let nodes = 0;
  let count = 0;
  const place = (x: Net, from: string, to: string): void => {
    if ('type' in x) {
      const id = `${x.type}${++count}`;
      elements.push({ id, kind: k[x.type], from, to, value: x.value });
      if (x.type !== 'D') outputs.push({ element: id, variable: x.type === 'A' ? 'across' : 'through' });
    } else if (x.join === 'series') {
      const mid = `n${++nodes}`;
      place(x.a, from, mid);
      place(x.b, mid, to);
    } else {
      place(x.a, from, to);
      place(x.b, from, to);
    }
  };
  if (domain !== 'translational') {
    elements.push({ id: 'src', kind: k.source, from: 's', to: 'g' }, { id: 'guard', kind: k.guard, from: 's', to: 'a', value: 0.7 });
  } else {
    elements.push({ id: 'src', kind: k.source, from: 'g', to: 'a' }, { id: 'guard', kind: k.guard, from: 'a', to: 'g', value: 0.7 });
  }
  place(n, 'a', 'g');
  outputs.push({ element: 'guard', variable: 'through' }, { element: 'guard', variable: 'across' });
  return { name: 'random', elements, outputs, ground: 'g' };
}

const POINTS = [
  { re: 0.37, im: 0.11 },
  { re: 0.05, im: 1.9 },
  { re: 2.3, im: -0.7 },
];

function expectSameTransfer(a: CompiledModel, b: CompiledModel): void {
  expect(b.outputNames).toEqual(a.outputNames);
  expect(b.inputNames).toEqual(a.inputNames);
  for (const s of POINTS) {
    const ha = analyze(a, { at: [s] }).H![0].value;
    const hb = analyze(b, { at: [s] }).H![0].value;
    ha.forEach((row, i) =>
      row.forEach((x, j) => {
        const scale = Math.max(1, Math.hypot(x.re, x.im));
        expect(Math.hypot(x.re - hb[i][j].re, x.im - hb[i][j].im) / scale).toBeLessThan(1e-9);
      }),
    );
  }
}

/** Exported to bond-graph JSON text and read back: the text, not the object, is what a user would keep. */
const roundTrip = (desc: ReturnType<typeof parseSystem>) => bondGraphToDescription(readBondGraph(bondGraphToJson(descriptionToBondGraph(desc))));

describe('description → bond graph → description', () => {
  for (const domain of ['electrical', 'translational', 'translational-velocity'] as const) {
    it(`random series–parallel ${domain} networks keep their transfer functions`, () => {
      fc.assert(
        fc.property(net, (n) => {
          const desc = parseSystem(describe_(n, domain));
          const back = roundTrip(desc);
          expectSameTransfer(compile({ description: desc }), compile({ description: back }));
        }),
        { seed: domain === 'electrical' ? 16 : domain === 'translational' ? 61 : 116, numRuns: 40 },
      );
    });
  }

  it('the DC motor with a load (a transformer between domains) and the motor–pump (a gyrator between domains)', () => {
    for (const file of ['bondgraph/dc-motor.json', 'motor-pump.json']) {
      const path = fileURLToPath(new URL(`../../../../examples/${file}`, import.meta.url));
      const desc = compile({ text: readFileSync(path, 'utf8'), path }).description;
      const bg = descriptionToBondGraph(desc);
      expect(bg.elements.some((e) => e.kind === 'GY' || e.kind === 'TF')).toBe(true);
      expectSameTransfer(compile({ description: desc }), compile({ description: roundTrip(desc) }));
    }
  });

  it('what has no bond graph here is refused, naming the element', () => {
    const desc = parseSystem({
      elements: [
        { id: 'V', kind: 'voltage-source', from: 'a', to: 'g' },
        { id: 'L1', kind: 'inductor', from: 'a', to: 'g', value: 1 },
        { id: 'L2', kind: 'inductor', from: 'a', to: 'g', value: 1 },
        { id: 'M', kind: 'mutual-inductance', between: ['L1', 'L2'], value: 0.5 },
      ],
    });
    expect(() => descriptionToBondGraph(desc)).toThrow(expect.objectContaining({ code: 'unsupported', element: 'M' }));
  });
});
