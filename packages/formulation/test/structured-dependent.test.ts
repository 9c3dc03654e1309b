/**
 * The structured form with dependent storage (capacitor loops, inductor cut sets): the printed blocks, evaluated
 * at the parameter values and multiplied out by one monolithic dense solve (support/structured-multiply.ts),
 * equal the numeric formulation's A, B, C, D, Bd and output E on motor-pump, cellier-gear, motor-pump's closed
 * form and seeded random networks with dependent storage (a capacitor across a source, capacitors in parallel,
 * inductors in series); E stays block-diagonal (no capacitor–inductor coupling, capacitor rows diagonal).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isSysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import type { SystemDescription } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, numericBackend, structuredForm, structuredTable, structuredToJson, structuredToLatex, structuredToPython, structuredToText, symbolicBackend } from '../src/index';
import type { StructuredTable } from '../src/index';
import { relativeError } from './support/engine';
import { mulberry32 } from './support/prng';
import { multiplyOut } from './support/structured-multiply';
import type { Mat } from './support/dense-solve';

const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));

function symbolicStructured(desc: SystemDescription): StructuredTable {
  const { backend, cells } = symbolicBackend(desc);
  return structuredTable(desc.name, structuredForm(analyzeStructure(desc), backend), backend, cells, desc.parameters);
}

function worstAgainstNumeric(desc: SystemDescription, t: StructuredTable): number {
  const num = formulate(analyzeStructure(desc), numericBackend(desc.parameters));
  const got = multiplyOut(t);
  const pairs: [Mat, Mat][] = [[got.A, num.A as Mat], [got.B, num.B as Mat], [got.C, num.C as Mat], [got.D, num.D as Mat], [got.Bd, num.Bd as Mat], [got.Ey, num.E as Mat]];
  return Math.max(...pairs.map(([a, b]) => relativeError(a, b)));
}

/** E couples no capacitor row with an inductor column (or back), and its capacitor rows are diagonal. */
function expectBlockDiagonalE(t: StructuredTable): void {
  const isCap = (k: number) => t.states[k].startsWith('v_');
  for (const e of t.blocks.E.entries) {
    expect(isCap(e.i)).toBe(isCap(e.j));
    if (isCap(e.i)) expect(e.i).toBe(e.j);
  }
}

/**
 * A seeded ladder from a source Vs: per section a series R, C or L (two inductors in series through an inner
 * node: an inductor cut set; a series C next to a shunt C from the source: a capacitor–source loop, so Bd ≠ 0), a shunt C (sometimes a second C in parallel: a capacitor loop) and sometimes
 * a shunt R; sometimes a capacitor straight across Vs (a capacitor–source loop: an input derivative). Every
 * value is a parameter.
 */
function dependentLadder(seed: number): SystemDescription {
  const r = mulberry32(seed);
  const parameters: Record<string, number> = {};
  const elements: Record<string, unknown>[] = [{ id: 'Vs', kind: 'voltage-source', from: 'n0', to: 'g' }];
  const add = (id: string, kind: string, from: string, to: string) => {
    parameters[`p_${id}`] = r.uniform(0.5, 2);
    elements.push({ id, kind, from, to, value: `p_${id}` });
  };
  if (r.chance(0.5)) add('Cs', 'capacitor', 'n0', 'g');
  const sections = r.int(1, 4);
  for (let k = 1; k <= sections; k++) {
    const a = `n${k - 1}`;
    const b = `n${k}`;
    const series = r.pick(['R', 'L', 'LL', 'C'] as const);
    if (series === 'R') add(`R${k}`, 'resistor', a, b);
    else if (series === 'C') add(`Cser${k}`, 'capacitor', a, b);
    else if (series === 'L') add(`L${k}`, 'inductor', a, b);
    else {
      add(`La${k}`, 'inductor', a, `m${k}`);
      add(`Lb${k}`, 'inductor', `m${k}`, b);
    }
    add(`C${k}`, 'capacitor', b, 'g');
    if (r.chance(0.5)) add(`Cp${k}`, 'capacitor', b, 'g');
    if (r.chance(0.6) || k === sections) add(`G${k}`, 'resistor', b, 'g');
  }
  return parseSystem({
    name: `dependent-ladder-${seed}`,
    parameters,
    elements,
    outputs: [
      { element: `C${sections}`, variable: 'across' },
      { element: 'Vs', variable: 'through' },
    ],
    ground: 'g',
  });
}

describe('structured form with dependent storage', () => {
  for (const [file, dependent] of [['motor-pump.json', ['L']], ['cellier-gear.json', ['m']]] as const) {
    it(`${file}: the dependent storage as constraint rows; multiplied out, equals the numeric model`, () => {
      const desc = parseSystem(readFileSync(`${examples}${file}`, 'utf8'));
      const t = symbolicStructured(desc);
      expect(t.dependent).toEqual(dependent);
      expectBlockDiagonalE(t);
      // Every entry small: a parameter, its reciprocal, a shared name or ±1.
      for (const b of Object.values(t.blocks)) for (const e of b.entries) expect(e.text).toMatch(/^-?(1\/)?[A-Za-z0-9_]+$/);
      expect(worstAgainstNumeric(desc, t)).toBeLessThan(1e-10);
      expect(structuredToText(t)).toContain(`Dependent storage ${dependent[0]}`);
      expect(structuredToLatex(t)).toContain('\\dot{');
      const json = structuredToJson(t) as { dependent: string[]; blocks: Record<string, { entries: unknown[] }> };
      expect(json.dependent).toEqual(dependent);
      expect(json.blocks.Nd.entries.length).toBe(1);
    });
  }

  it("motor-pump by hand: tau' = [kt Kv Vs − kt (Kv² R + 1/(Rf D²)) tau] / (1 + kt Kv² L)", () => {
    const desc = parseSystem(readFileSync(`${examples}motor-pump.json`, 'utf8'));
    const p = (k: string) => desc.parameters.get(k)!;
    const [R, L, Kv, kt, D, Rf] = ['R', 'L', 'Kv', 'kt', 'D', 'Rf'].map(p);
    const den = 1 + kt * Kv * Kv * L;
    const got = multiplyOut(symbolicStructured(desc));
    expect(got.A[0][0]).toBeCloseTo((-kt * (Kv * Kv * R + 1 / (Rf * D * D))) / den, 12);
    expect(got.B[0][0]).toBeCloseTo((kt * Kv) / den, 12);
  });

  it('equals the numeric model on seeded ladders with capacitor loops, inductor cut sets and source-tied capacitors', () => {
    let compared = 0;
    let withDerivative = 0;
    let withOutputDerivative = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const desc = dependentLadder(seed);
      let num;
      try {
        num = formulate(analyzeStructure(desc), numericBackend(desc.parameters));
      } catch (e) {
        if (isSysgraphError(e)) continue;
        throw e;
      }
      const t = symbolicStructured(desc);
      if (t.dependent.length === 0) continue;
      expectBlockDiagonalE(t);
      const err = worstAgainstNumeric(desc, t);
      if (!(err < 1e-9)) throw new Error(`seed ${seed}: structured vs numeric ${err}`);
      compared++;
      if ((num.Bd as Mat).some((row) => row.some((x) => x !== 0))) withDerivative++;
      if ((num.E as Mat).some((row) => row.some((x) => x !== 0))) withOutputDerivative++;
    }
    expect(compared).toBeGreaterThan(30);
    expect(withDerivative).toBeGreaterThan(3);
    expect(withOutputDerivative).toBeGreaterThan(3);
  });

  it('a wrong block is caught: the check fails when a dependent capacitance is changed', () => {
    const desc = dependentLadder(3);
    const t = symbolicStructured(desc);
    const Nd = t.blocks.Nd;
    expect(Nd.entries.length).toBeGreaterThan(0);
    const bent: StructuredTable = { ...t, blocks: { ...t.blocks, Nd: { ...Nd, entries: Nd.entries.map((e) => ({ ...e, value: e.value * 1.5 })) } } };
    expect(worstAgainstNumeric(desc, bent)).toBeGreaterThan(1e-3);
  });

  const numpy = spawnSync('python3', ['-c', 'import numpy'], { encoding: 'utf8' }).status === 0;
  it.skipIf(!numpy)('the Python export, executed, builds A, B, Bd, C, D, Ey of a capacitor–source loop and an inductor cut set', () => {
    const desc = parseSystem({
      name: 'cap-loop', parameters: { R: 2, Ca: 0.5, Cb: 0.3, L1: 0.4, L2: 0.7 },
      elements: [
        { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g' },
        { id: 'Ca', kind: 'capacitor', from: 'a', to: 'b', value: 'Ca' },
        { id: 'Cb', kind: 'capacitor', from: 'b', to: 'g', value: 'Cb' },
        { id: 'L1', kind: 'inductor', from: 'b', to: 'c', value: 'L1' },
        { id: 'L2', kind: 'inductor', from: 'c', to: 'd', value: 'L2' },
        { id: 'R1', kind: 'resistor', from: 'd', to: 'g', value: 'R' },
      ],
      outputs: [{ element: 'Ca', variable: 'through' }, { element: 'R1', variable: 'across' }],
      ground: 'g',
    });
    const code = `${structuredToPython(symbolicStructured(desc))}\nimport json\nprint(json.dumps({k: globals()[k].tolist() for k in ['A', 'B', 'Bd', 'C', 'D', 'Ey']}))`;
    const run = spawnSync('python3', ['-'], { input: code, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const got = JSON.parse(run.stdout) as Record<string, Mat>;
    const num = formulate(analyzeStructure(desc), numericBackend(desc.parameters));
    expect((num.Bd as Mat)[0][0]).not.toBe(0);
    for (const [k, ref] of [['A', num.A], ['B', num.B], ['Bd', num.Bd], ['C', num.C], ['D', num.D], ['Ey', num.E]] as const) {
      expect(relativeError(got[k], ref as Mat), k).toBeLessThan(1e-12);
    }
  });
});
