/**
 * Symbolic A(t), B(t) of the time-varying model: evaluated at the values of time t (each time symbol replaced by
 * its value or rate at t, computed here by hand) they equal the numeric model, in both forms; the printout of the
 * series RLC is pinned by its entries (as values at random symbols, not as strings).
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { evaluateExpression, parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { createTimeMath, formatTimeVarying, formatTimeVaryingSymbolic, timeVaryingModel, timeVaryingSymbolic } from '../src/index';

const math = createTimeMath();
const load = (name: string) => analyzeStructure(parseSystem(JSON.parse(readFileSync(fileURLToPath(new URL(`../../../examples/${name}.json`, import.meta.url)), 'utf8'))));

/** The two-mass example with every storage value and damping modulated in t. */
function modulatedTwoMass() {
  const json = JSON.parse(readFileSync(fileURLToPath(new URL('../../../examples/two-mass.json', import.meta.url)), 'utf8'));
  json.elements = json.elements.map((e: { value?: unknown; kind: string }, k: number) => (e.value === undefined || e.kind.includes('source') ? e : { ...e, value: `(${String(e.value)}) * (1 + 0.${k + 1} * sin(${k + 1} * t))` }));
  return analyzeStructure(parseSystem(json));
}

describe('symbolic time-varying model', () => {
  const cases: [string, () => ReturnType<typeof load>, (t: number) => Map<string, number>][] = [
    ['rlc with C(t)', () => load('time-varying/rlc-time-varying-capacitor'), (t) => new Map([['C1_t', 0.2 * (1 + 0.5 * Math.sin(3 * t))], ['dC1_t', 0.2 * 0.5 * 3 * Math.cos(3 * t)]])],
    ['rlc with R(t), L(t)', () => load('time-varying/switched-resistor-rl'), (t) => new Map([['R1_t', 0.5 * (2 + Math.sin(2 * t))], ['L1_t', 0.4 * (1 + t / (1 + t))], ['dL1_t', 0.4 / (1 + t) ** 2]])],
  ];
  for (const [name, structure, symbols] of cases) {
    it(`${name}: the symbolic matrices at the values of time t equal the numeric model`, () => {
      const s = structure();
      for (const form of ['charge-flux', 'across-through'] as const) {
        const sym = timeVaryingSymbolic(s, { form });
        const tv = timeVaryingModel(s, { math, form });
        expect(sym.states).toEqual(tv.states);
        fc.assert(
          fc.property(fc.double({ min: 0, max: 10, noNaN: true }), (t) => {
            const values = new Map([...s.description.parameters].map(([k, v]) => [k, v as number]));
            for (const [k, v] of symbols(t)) values.set(k, v);
            const at = tv.at(t);
            sym.A.forEach((row, i) => row.forEach((a, j) => expect(a.evaluate(values)).toBeCloseTo(at.A[i][j], 10)));
            sym.B.forEach((row, i) => row.forEach((b, j) => expect(b.evaluate(values)).toBeCloseTo(at.B[i][j], 10)));
            sym.Bd.forEach((row, i) => row.forEach((b, j) => expect(b.evaluate(values)).toBeCloseTo(at.Bd[i][j], 10)));
          }),
          { seed: 3, numRuns: 20 },
        );
      }
    });
  }

  it('two masses with modulated values: symbolic and numeric agree (symbols valued by the description evaluator)', () => {
    const s = modulatedTwoMass();
    const byId = new Map(s.description.oneports.map((e) => [e.id, e.value]));
    for (const form of ['charge-flux', 'across-through'] as const) {
      const sym = timeVaryingSymbolic(s, { form });
      const tv = timeVaryingModel(s, { math, form });
      expect(sym.symbols.filter((x) => x.meaning === 'rate').length).toBeGreaterThan(2);
      for (const t of [0.3, 2.9]) {
        const values = new Map([...s.description.parameters].map(([k, v]) => [k, v as number]));
        // A value at t from the description's own evaluator; a rate by a central difference of it.
        const h = 1e-6;
        const at = (id: string, tau: number) => evaluateExpression(byId.get(id)!, s.description.parameters, tau);
        for (const x of sym.symbols) values.set(x.name, x.meaning === 'value' ? at(x.element, t) : (at(x.element, t + h) - at(x.element, t - h)) / (2 * h));
        const m = tv.at(t);
        sym.A.forEach((row, i) => row.forEach((a, j) => expect(a.evaluate(values)).toBeCloseTo(m.A[i][j], 6)));
        sym.B.forEach((row, i) => row.forEach((b, j) => expect(b.evaluate(values)).toBeCloseTo(m.B[i][j], 6)));
      }
    }
  });

  it('formatters print every state, input, time symbol and matrix', () => {
    const s = load('time-varying/rlc-time-varying-capacitor');
    const text = formatTimeVarying(timeVaryingModel(s, { math }), 0.5);
    for (const w of ['q_C1', 'lambda_L1', 'v_C1', 'C1.value', 'A(0.5)', 'B(0.5)', 'C(0.5)', 'D(0.5)', 'E(0.5)']) expect(text).toContain(w);
    const sym = formatTimeVaryingSymbolic(timeVaryingSymbolic(s, { form: 'across-through' }));
    for (const w of ['C1_t', 'dC1_t', 'A(t)', 'B(t)', 'Bd(t)', 'v_C1', 'i_L1']) expect(sym).toContain(w);
  });
});
