/**
 * Regressions of the fuzz run (benchmarks/results/fuzz.md): the cases that hung or ran over 5 s, each run through
 * compile → structure → model → simulate under a step budget, must end in a success or a typed error (a run over
 * its step budget is a typed solver-failure naming the field maxSteps; the budget bounds the work, so no timing is
 * asserted). And the naming rules: every element-level error names its element and its field.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SysgraphError, SysgraphErrors } from '@sysgraph/core';
import { compile, simulate } from '../../src/index';
import { anyDescription } from './fuzz-arbitraries';

const MAX_STEPS = 2_000;

/** Runs the pipeline; returns 'success' or the typed errors; rethrows anything untyped (the test then fails). */
function outcome(input: unknown, netlist: boolean): 'success' | SysgraphError[] {
  try {
    const model = netlist ? compile({ text: input as string, format: 'spice' }) : compile(input as object);
    void model.structure;
    if (model.family === 'linear') model.linear();
    else void model.simulation;
    simulate(model, { samples: 50, maxSteps: MAX_STEPS });
    return 'success';
  } catch (e) {
    if (e instanceof SysgraphErrors) return [...e.errors];
    if (e instanceof SysgraphError) return [e];
    throw e;
  }
}

const diode = '.model DMOD D(IS=1e-14 N=1)\n';
/** Netlist cases of the fuzz run that hung (no answer in 20 s) or ran over 5 s: case number → text. */
const NETLISTS: Record<number, string> = {
  79: `fuzzed circuit\nVS n1 0 1\nL1 0 n1 10m IC=0.3\nR1 n1 0 100n\nD1 0 n1 DMOD\nD2 0 n1 DMOD\nC1 n1 0 2.2u IC=0.3\nC2 0 n1 10 IC=0\nC3 0 n1 1k IC=1m\n${diode}.ic v(n1)=1\n.save v(n1)\n.end\n`,
  236: `fuzzed circuit\nIS n1 0\nR1 n1 0 1k\nL1 n1 0 10m\nC1 n1 0 1 IC=1m\nI1 n1 0 SIN(0.2 0.5 2k 0.1m 500)\nD1 0 n1 DMOD\nC2 0 n1 10m IC=0\n${diode}.ic v(n1)=0.5\n.options method=gear\n.end\n`,
  143: `fuzzed circuit\nIS n1 0 SIN(0.2 0.5 2k 0.1m 500)\nD1 n1 0 DMOD\nD2 0 n1 DMOD\nC1 n1 0 10m IC=0.3\nC2 n1 0 4.7p\nC3 n1 0 10m IC=0.3\nC4 0 n1 1e12 IC=1m\n${diode}.ic v(n1)=1\n.options reltol=1e-6 abstol=1e-12\n.tran 1u 1 uic\n.end\n`,
  197: `fuzzed circuit\nVS n1 0 PULSE(0 1 0.1m 10u 10u 0.2m 0.5m)\nC1 0 n2 1e300 IC=0\nR1 n2 n1 100n\n.ic v(n1)=0.5\n.options method=gear\n.tran 0.1 10\n.end\n`,
  258: `fuzzed circuit\nIS n1 0 SIN(0.2 0.5 2k 0.1m 500)\nR1 0 n2 100n\nC1 0 n2 1e12 IC=1m\nL1 n1 0 2.2u\nD1 n2 n1 DMOD\nV1 n2 n1 SIN(0 1 1k)\nV2 n1 0\n${diode}.options reltol=1e-3\n.end\n`,
  606: `fuzzed circuit\nIS n1 0 DC 0\nI1 n1 0 DC 1\nD1 n1 0 DMOD\nR1 0 n1 1k\nI2 n1 0 1\nI3 0 n1\nC1 n1 0 0.5 IC=1m\nL1 n1 0 4.7p IC=0.3\nC2 n1 0 2.2u IC=0.3\n${diode}.options method=gear\n.end\n`,
  300: `fuzzed circuit\nIS n1 0 SIN(0 1 1k)\nC1 n1 0 100n IC=1m\nV1 0 n2 1\nD1 n2 n1 DMOD\nL1 n2 0 4.7p IC=1m\nR1 n1 n2 10m\nC2 n1 0 100n IC=0.3\nR2 n2 n1 1meg\n${diode}.ic v(n1)=-2\n.options reltol=1e-3\n.end\n`,
  301: `fuzzed circuit\nVS n1 0\nR1 n1 0 10m\nI1 n2 0 PULSE(0 1 0.1m 10u 10u 0.2m 0.5m)\nI2 n3 0 DC 1\nD1 n1 n3 DMOD\nL1 n1 0 1e12 IC=0.3\nC1 n2 n3 0.5 IC=0\nC2 n2 n1 1e12 IC=0.3\nI3 n3 n2 SIN(0 1 1k)\nC3 0 n2 1e12 IC=0.3\n${diode}.ic v(n1)=1\n.save v(n1)\n.options reltol=1e-6 abstol=1e-12\n.tran 10u 1\n.end\n`,
  746: `fuzzed circuit\nIS n1 0 1\nD1 n1 0 DMOD\nC1 n1 0 1e-300\nR1 n1 0 10\nD2 n1 0 DMOD\nL1 n1 0 1e300 IC=0\nC2 0 n1 2.2u IC=1m\nD3 n1 0 DMOD\n${diode}.ic v(n1)=1\n.save v(n1)\n.end\n`,
  352: `fuzzed circuit\nIS n1 0 DC 1\nC1 0 n2 4.7p IC=1m\nC2 n2 0 2.2u IC=0.3\nR1 n1 0 1e-12\nV1 n2 0 DC 1\nR2 n2 0 4.7p\nD1 n1 0 DMOD\n${diode}.ic v(n1)=-2\n.save v(n1)\n.options method=gear\n.end\n`,
  365: `fuzzed circuit\nVS n1 0 DC 0\nC1 n2 n1 4.7p IC=0\nV1 n2 n1 DC 0\nD1 0 n1 DMOD\nR1 0 n2 4.7p\nR2 0 n2 1e-300\nL1 n1 n2 1 IC=0\n${diode}.ic v(n1)=-2\n.options method=gear\n.end\n`,
};

/** Description cases (seeds of anyDescription) that hung or ran over 5 s in the fuzz run. */
const DESCRIPTIONS = [20, 21, 97, 123, 188, 264, 298, 422, 597, 735, 822, 956, 1209, 2419];

const endsBounded = (o: 'success' | SysgraphError[]) => {
  if (o === 'success') return;
  for (const e of o) {
    expect(e).toBeInstanceOf(SysgraphError);
    if (e.code === 'solver-failure' && /more than \d+ steps/.test(e.message)) expect(e.field).toBe('maxSteps');
  }
};

describe('fuzz regressions: hangs and slow cases end within the step budget', () => {
  for (const [k, text] of Object.entries(NETLISTS)) it(`netlist case ${k}`, () => endsBounded(outcome(text, true)));
  it('description cases', () => {
    for (const k of DESCRIPTIONS) endsBounded(outcome(fc.sample(anyDescription, { seed: k, numRuns: 1 })[0], false));
  });
});

const codeOf = (input: unknown, netlist = false) => {
  const o = outcome(input, netlist);
  if (o === 'success') throw new Error('expected a typed error');
  return o[0];
};

describe('fuzz regressions: element-level errors name element and field', () => {
  it('an element without an id is named by its position', () => {
    const e = codeOf({ name: 'x', elements: [{ kind: 'resistor', from: 'a', to: 'g', value: 1 }] });
    expect([e.code, e.element, e.field]).toEqual(['missing-field', 'elements[0]', 'elements[0].id']);
  });
  it('a schema error in an output names the element it reads', () => {
    const e = codeOf({ name: 'x', elements: [{ id: 'R1', kind: 'resistor', from: 'a', to: 'g', value: 1 }], outputs: [{ element: 'R1', variable: 'across', kind: 2 }] });
    expect([e.code, e.element, e.field]).toEqual(['bad-output', 'R1', 'outputs[0].kind']);
  });
  it('a loop of across sources names a source and its value', () => {
    const e = codeOf('x\nV1 1 0 1\nV2 1 0 2\nR1 1 0 1\n.end\n', true);
    expect(e.code).toBe('across-source-loop');
    expect(['V1', 'V2']).toContain(e.element);
    expect(e.field).toBe('value');
  });
  it('a cutset of through sources names a source and its value', () => {
    const e = codeOf('x\nI1 1 0 1\nI2 0 1 2\nR1 2 0 1\nC1 2 0 1\n.end\n', true);
    if (e.code === 'through-source-cutset') expect(e.field).toBe('value');
    else expect(e.element).toBeDefined();
  });
  it('an unknown or unsupported card names the card and the field card', () => {
    const e = codeOf('x\nR1 1 0 1\n.ksave v(1)\n.end\n', true);
    expect([e.code, e.element, e.field]).toEqual(['bad-netlist', '.ksave', 'card']);
    const u = codeOf('x\nR1 1 0 1\nV1 1 0 1\n.op\n.end\n', true);
    expect([u.code, u.element, u.field]).toEqual(['unsupported', '.op', 'card']);
  });
});

/**
 * The second fuzz run (10^5 descriptions, 10^4 netlists): two hangs and two runs over 5 s.
 *   netlist 3837, description 24768: looped forever in the auto solver choice (ml-matrix's eigenvalue QR, no
 *     iteration cap, on a Jacobian with entries spread over 1e±300); now the capped QR of @sysgraph/linalg, and
 *     the Gershgorin bound where J is not finite or QR does not converge.
 *   netlist 5199: a PULSE over 10 s is a pwl of 80 000 pairs, read by the expression parser twice; now read as
 *     numbers; it ends in the Krylov solver's typed singular-matrix (a 1e-300 capacitor).
 *   description 45046: 860 000 line-search residual evaluations at the roots of the static network; a step below
 *     the tolerance is now taken undamped (packages/formulation/test/static-solver-root.test.ts bounds the count).
 * Work is asserted as counts (accepted and rejected steps under the budget), never as time.
 */
const NETLIST_3837 = `fuzzed circuit\nIS n1 0 DC 0\nC1 n2 0 10m IC=0\nD1 n1 n3 DMOD\nR1 n2 n3 1e-300\nV1 n2 n1 1\nC2 n3 0 1e-12 IC=1m\nC3 n2 0 1e300 IC=0\nL1 n3 n1 1\nI1 n2 0 SIN(0 1 1k)\n${diode}.ic v(n1)=-2\n.save v(n1)\n.options reltol=1e-6 abstol=1e-12\n.end\n`;
const NETLIST_5199 = `fuzzed circuit\nIS n1 0 PWL(0 0 1m 1 2m 0)\nC1 n3 0 1e-300\nI1 0 n1 PULSE(0 1 0.1m 10u 10u 0.2m 0.5m)\nC2 n3 n1 1e-12 IC=0\n.options method=gear\n.tran 1u 10 uic\n.end\n`;

/** Runs the pipeline and returns the engine's simulation (for its step counts) or the typed errors. */
function run(input: unknown, netlist: boolean): ReturnType<typeof simulate> | SysgraphError[] {
  try {
    const model = netlist ? compile({ text: input as string, format: 'spice' }) : compile(input as object);
    return simulate(model, { samples: 50, maxSteps: MAX_STEPS });
  } catch (e) {
    if (e instanceof SysgraphErrors) return [...e.errors];
    if (e instanceof SysgraphError) return [e];
    throw e;
  }
}
const description = (k: number) => fc.sample(anyDescription, { seed: k, numRuns: 1 })[0];

describe('fuzz regressions (second run): the auto solver choice, long pwl inputs, Newton at the root', () => {
  it('netlist 3837 (hung in the eigenvalue QR): a typed solver-failure', () => {
    const o = run(NETLIST_3837, true);
    expect(Array.isArray(o)).toBe(true);
    const [e] = o as SysgraphError[];
    expect(e).toBeInstanceOf(SysgraphError);
    expect(e.code).toBe('solver-failure');
    expect(e.field).toBeDefined();
  });
  it('description 24768 (hung in the eigenvalue QR): succeeds within the step budget', () => {
    const o = run(description(24768), false);
    expect(Array.isArray(o)).toBe(false);
    const stats = (o as ReturnType<typeof simulate>).result.stats;
    expect(stats.steps).toBeLessThanOrEqual(MAX_STEPS);
  });
  it('netlist 5199 (80 000-pair pwl): the typed singular-matrix naming its matrix and column', () => {
    const o = run(NETLIST_5199, true);
    expect(Array.isArray(o)).toBe(true);
    const [e] = o as SysgraphError[];
    expect([e.code, e.element !== undefined, e.field !== undefined]).toEqual(['singular-matrix', true, true]);
  });
  it('description 45046 (Newton line searches at the root): succeeds within the step budget', () => {
    const o = run(description(45046), false);
    expect(Array.isArray(o)).toBe(false);
    const stats = (o as ReturnType<typeof simulate>).result.stats;
    expect(stats.steps).toBeLessThanOrEqual(MAX_STEPS);
    expect(stats.rejectedSteps).toBeLessThanOrEqual(MAX_STEPS);
  });
});
