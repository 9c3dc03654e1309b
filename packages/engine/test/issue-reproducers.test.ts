/**
 * Reproducers of the untyped failures and hangs found by fuzzing (issue 18, "Untyped failures" and "Hangs", and
 * the fuzz run's findings, benchmarks/results/fuzz.md): each must end in a result or a typed SysgraphError, and the
 * long runs in a typed budget error naming the budget (maxSteps) rather than running on. No timing is asserted:
 * a hang shows as the test's timeout.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SysgraphError, SysgraphErrors } from '@sysgraph/core';
import { compile, simulate } from '../src/index';
import type { EngineSimulateOptions } from '../src/index';

const example = (path: string) => JSON.parse(readFileSync(new URL(`../../../examples/${path}`, import.meta.url), 'utf8')) as { elements: object[]; parameters: Record<string, { value: number }> };

/** The outcome of compile + simulate: 'ok' or the typed error (an untyped one is rethrown: the test fails). */
function outcome(input: object, options: EngineSimulateOptions = {}): 'ok' | SysgraphError {
  try {
    simulate(compile(input), { samples: 20, ...options });
    return 'ok';
  } catch (e) {
    if (e instanceof SysgraphErrors) return e.errors[0];
    if (e instanceof SysgraphError) return e;
    throw e;
  }
}

const rLaw = (law: string) => ({
  name: 'law',
  elements: [
    { id: 'V', kind: 'voltage-source', from: 'a', to: 'g' },
    { id: 'R0', kind: 'resistor', from: 'a', to: 'b', value: 1 },
    { id: 'C', kind: 'capacitor', from: 'b', to: 'g', value: 1 },
    { id: 'R', kind: 'resistor', from: 'b', to: 'g', law: { through: law } },
  ],
});

describe('untyped failures in simulate (issue 18)', { timeout: 120_000 }, () => {
  it('a law not differentiable after the secant retry (exp(v*1000)) ends typed', () => {
    expect(outcome(rLaw('exp(v*1000)'), { tEnd: 1, maxSteps: 5000 })).not.toBeInstanceOf(Error);
  });

  it('a law with no root (0/0) ends typed, naming the element', () => {
    const e = outcome(rLaw('0/0'), { tEnd: 1, maxSteps: 5000 });
    expect(e).toBeInstanceOf(SysgraphError);
    expect((e as SysgraphError).element).toBeDefined();
  });

  it('an implicit variable whose law is constant (∂r/∂z = 0, fuzz description case 21) is a typed bad-law naming it', () => {
    // An inertia (A-type) given by the constant law v = exp(0) sits where its momentum is solved for: ∂r/∂z = 0,
    // the LU of ∂r/∂z was singular and ml-matrix threw "LU matrix is singular".
    const d = {
      name: 'fuzz-21',
      parameters: { a: 0.6211586820053383, b: 0.7429216313013445, c: 0.1162306793472142 },
      elements: [
        { id: 'S1', kind: 'temperature-source', from: 'n0', to: 'g' },
        { id: 'E0', kind: 'inertia', from: 'n0', to: 'g', law: { across: 'exp(0)' } },
        { id: 'E1', kind: 'torsional-damper', from: 'n1', to: 'g', value: 'a / b + c' },
        { id: 'E2', kind: 'fluid-inertance', from: 'n0', to: 'n1', value: 'a' },
        { id: 'E3', kind: 'thermal-resistor', from: 'n1', to: 'g', value: 7.558582252325527 },
        { id: 'E4', kind: 'thermal-resistor', from: 'n0', to: 'g', value: 'a' },
      ],
      outputs: [{ element: 'E2', variable: 'through' }],
    };
    const e = outcome(d, { maxSteps: 2000 });
    expect(e).toBeInstanceOf(SysgraphError);
    expect((e as SysgraphError).code).toBe('bad-law');
    expect((e as SysgraphError).element).toBe('E0');
    expect((e as SysgraphError).field).toBe('law');
  });

  it('MASD 4.2 reservoirs with extreme parameter values: a result or a typed error', () => {
    const d = example('nonlinear/masd-4-2-reservoirs.json');
    for (const scale of [1e-12, 1e12]) {
      const parameters = Object.fromEntries(Object.entries(d.parameters).map(([k, p]) => [k, { ...p, value: p.value * scale }]));
      const got = outcome({ ...d, parameters }, { maxSteps: 20_000 });
      if (got !== 'ok') expect(got).toBeInstanceOf(SysgraphError);
    }
  });
});

describe('hangs (issue 18): a budget ends the run with a typed error naming it', { timeout: 120_000 }, () => {
  it('diode-rc with trbdf2 over 1 s stops at the step budget, naming maxSteps', () => {
    const e = outcome(example('nonlinear/diode-rc.json'), { solver: 'trbdf2', tEnd: 1, maxSteps: 2000 });
    if (e !== 'ok') {
      expect(e.code).toBe('solver-failure');
      expect(e.field).toBe('maxSteps');
    }
  });

  it('a chain of 150 resistors added to diode-rc: a result or a typed error within the step budget', () => {
    const d = example('nonlinear/diode-rc.json');
    const chain = Array.from({ length: 150 }, (_, k) => ({ id: `Rc${k}`, kind: 'resistor', from: k === 0 ? 'b' : `c${k}`, to: `c${k + 1}`, value: 10 }));
    chain.push({ id: 'Rend', kind: 'resistor', from: 'c150', to: 'g', value: 10 });
    const got = outcome({ ...d, elements: [...d.elements, ...chain] }, { tEnd: 1e-3, maxSteps: 2000 });
    if (got !== 'ok') expect(got).toBeInstanceOf(SysgraphError);
  });

  it('rlc-time-varying-capacitor with extreme parameter values: a result or a typed error', () => {
    const d = example('time-varying/rlc-time-varying-capacitor.json');
    for (const scale of [1e-9, 1e9]) {
      const parameters = Object.fromEntries(Object.entries(d.parameters ?? {}).map(([k, p]) => [k, { ...p, value: p.value * scale }]));
      const got = outcome({ ...d, parameters }, { maxSteps: 5000 });
      if (got !== 'ok') expect(got).toBeInstanceOf(SysgraphError);
    }
  });

  it('the step budget is checked where it enters (maxSteps 0 is a typed bad-option naming maxSteps)', () => {
    const e = outcome(example('nonlinear/diode-rc.json'), { tEnd: 1e-3, maxSteps: 0 });
    expect(e).toBeInstanceOf(SysgraphError);
    expect((e as SysgraphError).field).toBe('maxSteps');
  });
});
