/**
 * TR-BDF2's global error against the modal closed form of the accuracy matrix's families. With the local estimate
 * held at the tolerance per step the global error grew as rtol^{2/3}: 27× the tolerance at rtol 1e-3 and 260× at
 * 1e-6 on an undamped LC ladder of 10 states. With error per unit step it stays within 10·rtol·peak + atol at every
 * tolerance (measured ≤ 1×), and where that takes more steps than allowed it refuses with a typed error.
 */
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../src/accuracy-matrix/families';
import { INPUTS } from '../src/accuracy-matrix/inputs';
import { referenceTraces, runCell } from '../src/accuracy-matrix/cell';

describe('trbdf2 global error', { timeout: 120_000 }, () => {
  for (const [family, input] of [
    ['lc-ladder', 'step'],
    ['rlc-ladder', 'sine'],
    ['rc-transformer', 'step'],
  ] as const) {
    it(`${family}, 10 states, ${input}: within the bound at rtol 1e-3 and 1e-5`, () => {
      const c = FAMILIES.find((f) => f.name === family)!.make(10);
      const inputCase = INPUTS.find((i) => i.name === input)!;
      const reference = referenceTraces(c, inputCase);
      for (const rtol of [1e-3, 1e-5]) {
        const cell = runCell(c, inputCase, reference, 'trbdf2', rtol, rtol * 1e-3, 200_000);
        expect(cell.verdict, `rtol ${rtol}: ratio ${cell.ratio} (${cell.steps})`).toBe('pass');
        expect(cell.ratio).toBeLessThanOrEqual(2);
      }
    });
  }

  it('a tolerance out of its reach within maxSteps: a typed refusal', () => {
    const c = FAMILIES.find((f) => f.name === 'lc-ladder')!.make(10);
    const sine = INPUTS.find((i) => i.name === 'sine')!;
    const cell = runCell(c, sine, referenceTraces(c, sine), 'trbdf2', 1e-8, 1e-11, 20_000);
    expect(cell.verdict).toBe('refused');
    expect(cell.refusal).toMatch(/^solver-failure/);
  });
});
