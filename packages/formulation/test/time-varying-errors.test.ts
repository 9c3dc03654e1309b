/**
 * Typed errors of the time-varying model: what it does not cover (laws, a varying resistance or ratio where a
 * capacitor loop or inductor cutset couples through the static network), values that leave their domain at some
 * time (found when the model is evaluated there: a sign change of an arbitrary expression of t cannot be decided
 * in general before simulating), missing parameter values and bad options.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { simulate } from '@sysgraph/simulate';
import { createTimeMath, formulate, numericBackend, timeVaryingModel, timeVaryingSymbolic } from '../src/index';

const math = createTimeMath();
const read = (path: string) => JSON.parse(readFileSync(fileURLToPath(new URL(`../../../examples/${path}.json`, import.meta.url)), 'utf8'));
const structureOf = (json: unknown) => analyzeStructure(parseSystem(json));

function caught(f: () => unknown): SysgraphError {
  try {
    f();
  } catch (e) {
    if (e instanceof SysgraphError) return e;
    throw e;
  }
  throw new Error('expected a SysgraphError');
}

const rlc = (capacitance: string, parameters: Record<string, number | null> = { C0: 0.2 }) => ({
  name: 'rlc',
  parameters,
  elements: [
    { id: 'V', kind: 'voltage-source', from: 'a', to: 'g' },
    { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 1 },
    { id: 'L1', kind: 'inductor', from: 'b', to: 'c', value: 0.5 },
    { id: 'C1', kind: 'capacitor', from: 'c', to: 'g', value: capacitance },
  ],
});

describe('time-varying model: typed errors', () => {
  it('a one-port given by a law is unsupported (the nonlinear model handles laws), naming it', () => {
    const e = caught(() => timeVaryingModel(structureOf(read('nonlinear/rlc-time-varying-capacitor')), { math }));
    expect(e.code).toBe('unsupported');
    expect(e.element).toBe('C1');
    expect(e.field).toBe('law');
  });

  it('a time-varying gear ratio where a displaced inertia couples through it is unsupported (Cellier gear, F_Sθ ≠ 0)', () => {
    const json = read('cellier-gear');
    type El = { id: string; kind: string; value?: unknown; ratio?: unknown };
    const gear = (json.elements as El[]).find((e) => e.kind === 'transformer')!;
    const varying = { ...json, elements: (json.elements as El[]).map((e) => (e === gear ? { ...e, ratio: `(${String(e.ratio)}) * (1 + 0.1 * sin(t))` } : e)) };
    const s = structureOf(varying);
    expect(s.partition.groups.S.length).toBe(1);
    const e = caught(() => timeVaryingModel(s, { math }));
    expect(e.code).toBe('unsupported');
    expect(e.element).toBe(gear.id);
    expect(e.field).toBe('ratio');
    const displaced = s.graph.branches[s.partition.groups.S[0]].id;
    expect(e.elements).toContain(displaced);
    expect(caught(() => timeVaryingSymbolic(s)).code).toBe('unsupported');
    // The same gear with time-varying inertias is supported.
    const inertias = { ...json, elements: (json.elements as El[]).map((el) => (el.kind === 'inertia' || el.kind === 'mass' ? { ...el, value: `(${String(el.value)}) * (1 + 0.1 * sin(t))` } : el)) };
    expect(() => timeVaryingModel(structureOf(inertias), { math })).not.toThrow();
  });

  it('a capacitance that becomes negative is reported where the model is evaluated, naming the element and field', () => {
    const tv = timeVaryingModel(structureOf(rlc('C0 * cos(t)')), { math });
    expect(() => tv.at(1)).not.toThrow();
    const e = caught(() => tv.at(2));
    expect(e.code).toBe('non-positive-value');
    expect(e.element).toBe('C1');
    expect(e.field).toBe('value');
    // During a simulation that reaches t = π/2.
    const s = caught(() => simulate(tv.model, { tEnd: 3, solver: 'dopri5', inputs: { V: 'step(1)' } }));
    expect(s.element).toBe('C1');
  });

  it('a capacitance that is negative at the reference time is refused when the model is built', () => {
    const e = caught(() => timeVaryingModel(structureOf(rlc('C0 * cos(t)')), { math, referenceTime: 2 }));
    expect(e.code).toBe('non-positive-value');
    expect(e.element).toBe('C1');
  });

  it('parameters without values are listed', () => {
    const e = caught(() => timeVaryingModel(structureOf(rlc('C0 * (1 + a * sin(t))', { C0: 0.2, a: null })), { math }));
    expect(e.code).toBe('missing-parameter-value');
    expect(e.elements).toEqual(['a']);
  });

  it('bad options', () => {
    const s = structureOf(rlc('C0 * (2 + sin(t))'));
    expect(caught(() => timeVaryingModel(s, { math, form: 'b2' as never })).code).toBe('bad-option');
    expect(caught(() => timeVaryingModel(s, { math, storageLaw: 'other' as never })).code).toBe('bad-option');
    expect(caught(() => timeVaryingModel(s, { math }).at(Number.NaN)).code).toBe('bad-value');
  });

  it('the linear formulation refuses a value in t (it needs a time), which is what the time-varying model is for', () => {
    const d = parseSystem(rlc('C0 * (2 + sin(t))'));
    const e = caught(() => formulate(analyzeStructure(d), numericBackend(d.parameters)));
    expect(e.code).toBe('missing-parameter-value');
    expect(e.element).toBe('C1');
  });
});
