/**
 * Time-varying model with values that do not change (formulation.md section 11 reduces to section 5): at any t it
 * equals the linear formulation (A, B, C, D, E, Bd) — in the across-through form after undoing the state
 * redefinition x̃ = x − Bd u, in the charge-flux form after the change of state p = E x̃ (E the generalised mass).
 * Each description is run three ways: as given (no t), with every value stamped "(value)*(1 + 0*t)" (which
 * forces the per-time kernels: value closures, rates, the re-solved static network), and with storage values only
 * stamped where a time-varying resistance or ratio is unsupported (S or Γ coupled through the static network).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { SysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { formulate, numericBackend, createTimeMath, timeVaryingModel } from '../src/index';
import type { Dense, StateSpace, TimeVaryingForm, TimeVaryingModel } from '../src/index';
import { familyOfSeed, networkToDescription, randomNetwork } from './support/index';
import { relativeError } from './support/engine';

/** One mathjs instance for every model of this file (creating one costs ~0.4 s). */
const math = createTimeMath();

type M = number[][];
const mul = (a: M, b: M, cols: number): M => a.map((row) => Array.from({ length: cols }, (_, j) => row.reduce((s, x, k) => s + x * b[k][j], 0)));
const sub = (a: M, b: M): M => a.map((row, i) => row.map((x, j) => x - b[i][j]));
const cols = (a: M, fallback: number) => (a.length > 0 ? a[0].length : fallback);

type Json = Record<string, unknown> & { elements: { id: string; kind: string; value?: unknown }[]; twoPorts?: { ratio: unknown }[]; mutuals?: { value?: unknown; coupling?: unknown }[] };

/** The description with values wrapped in "(value)*(1 + 0*t)": storage values, or every value. */
function stamp(json: Json, which: 'storage' | 'all'): Json {
  const desc = parseSystem(json);
  const type = new Map(desc.oneports.map((e) => [e.id, e.type]));
  const wrap = (v: unknown) => `(${String(v)})*(1 + 0*t)`;
  return {
    ...json,
    elements: json.elements.map((e) => {
      const ty = type.get(e.id);
      const storage = ty === 'A' || ty === 'T';
      return e.value !== undefined && ty !== undefined && (storage || which === 'all') ? { ...e, value: wrap(e.value) } : e;
    }),
    twoPorts: which === 'all' ? json.twoPorts?.map((t) => ({ ...t, ratio: wrap(t.ratio) })) : json.twoPorts,
    // a coupling factor k stays constant: M = k·√(L_a(t) L_b(t)) varies through the wrapped inductances
    mutuals: json.mutuals?.map((m) => (m.value !== undefined ? { ...m, value: wrap(m.value) } : m)),
  };
}

/** Compares the time-varying model at the times `times` with the linear formulation `lin`. */
function expectEqualToLinear(json: Json, lin: StateSpace<Dense<number>>, form: TimeVaryingForm, times: readonly number[], tol = 1e-9): void {
  const tv = timeVaryingModel(analyzeStructure(parseSystem(json)), { math, form });
  for (const t of times) expectAt(tv, lin, form, t, tol);
}

function expectAt(tv: TimeVaryingModel, lin: StateSpace<Dense<number>>, form: TimeVaryingForm, t: number, tol: number): void {
  const at = tv.at(t);
  const n = lin.states.length;
  const m = lin.inputs.length;
  expect(tv.physicalStates).toEqual(lin.states);
  expect(tv.inputs).toEqual(lin.inputs);
  expect(tv.outputs).toEqual(lin.outputs);
  const { A, B, C, D, E, Bd } = lin;
  if (form === 'across-through') {
    expect(relativeError(at.A, A)).toBeLessThan(tol);
    expect(relativeError(at.B, sub(B, mul(A, Bd, m)))).toBeLessThan(tol);
    expect(relativeError(at.Bd, Bd)).toBeLessThan(tol);
    expect(relativeError(at.C, C)).toBeLessThan(tol);
    expect(relativeError(at.D, sub(D, mul(C, Bd, m)))).toBeLessThan(tol);
  } else {
    // p = E x̃:  A_p E = E A,  B_p = E B,  C_p E = C,  D_p = D.
    const Em = lin.descriptor.E;
    expect(relativeError(mul(at.A, Em, n), mul(Em, A, n))).toBeLessThan(tol);
    expect(relativeError(at.B, mul(Em, B, m))).toBeLessThan(tol);
    expect(at.Bd.every((row) => row.every((x) => x === 0))).toBe(true);
    expect(relativeError(mul(at.C, Em, n), C)).toBeLessThan(tol);
    expect(relativeError(at.D, D)).toBeLessThan(tol);
  }
  expect(relativeError(at.E, E)).toBeLessThan(tol);
  expect(cols(at.B, m)).toBe(m);
}

function runAllWays(json: Json, label: string): string[] {
  let lin: StateSpace<Dense<number>>;
  try {
    const d = parseSystem(json);
    lin = formulate(analyzeStructure(d), numericBackend(d.parameters));
  } catch (e) {
    // The linear formulation refuses it: so must the time-varying model, with the same code.
    const code = (e as SysgraphError).code;
    expect(() => timeVaryingModel(analyzeStructure(parseSystem(json)), { math })).toThrow(SysgraphError);
    return [`${label}: refused (${code})`];
  }
  const ways: string[] = [];
  const times = [0, 1.3];
  {
    for (const form of ['charge-flux', 'across-through'] as const) {
      expectEqualToLinear(json, lin, form, times);
      expectEqualToLinear(stamp(json, 'storage'), lin, form, times);
      try {
        expectEqualToLinear(stamp(json, 'all'), lin, form, times);
        ways.push('all');
      } catch (e) {
        if (!(e instanceof SysgraphError)) throw e;
        // Only the documented refusals: a varying static value with S or Γ coupled through it, or a D1 loop.
        expect(['unsupported', 'singular-static-network']).toContain(e.code);
        if (e.code === 'unsupported') expect(e.field === 'value' || e.field === 'ratio').toBe(true);
        ways.push(`storage only (${e.code})`);
      }
    }
  }
  return [...new Set(ways)].map((w) => `${label}: ${w}`);
}

const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Json;

describe('time-varying model with constant values equals the linear formulation', () => {
  it('on every case and gallery example, at t = 0 and t = 1.3, in both forms', () => {
    const files = [
      ...readdirSync(`${examples}cases`).filter((f) => f.endsWith('.json') && f !== 'formulation-cases.json').map((f) => `${examples}cases/${f}`),
      ...readdirSync(examples).filter((f) => f.endsWith('.json') && f !== 'index.json').map((f) => `${examples}${f}`),
    ];
    expect(files.length).toBeGreaterThan(20);
    const report = files.flatMap((f) => runAllWays(readJson(f), f.split('/').pop()!));
    // Most descriptions go through the re-solved static network too.
    expect(report.filter((r) => r.endsWith(': all')).length).toBeGreaterThan(15);
  });

  it('on seeded random networks (every family), at random t', () => {
    let compared = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5999 }), (seed) => {
        const net = randomNetwork(seed, familyOfSeed(seed));
        const json = { ...networkToDescription(net, `random-${seed}`) } as unknown as Json;
        const outputs = net.branches.map((b) => ({ element: b.id, variable: b.kind === 'C' || b.kind === 'E' ? 'through' : 'across' }));
        const report = runAllWays({ ...json, outputs }, `seed ${seed}`);
        if (!report[0].includes('refused')) compared++;
      }),
      { seed: 20240611, numRuns: 40 },
    );
    expect(compared).toBeGreaterThan(25);
  });
});
