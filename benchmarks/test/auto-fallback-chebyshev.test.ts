/**
 * auto's fallback after a Chebyshev refusal: on a mass chain of 500 states at rtol 1e-10 Chebyshev refuses (rounding
 * in its series exceeds the tolerance); Rodas4, controlling the local error only, returned a trace 48× outside the
 * bound on the 1000-state chain, so auto tries Krylov first. Checked against the chain's closed-form modal response
 * (sine modes of the Laplacian, second-order poles per mode: benchmarks/src/accuracy-matrix/families.ts).
 */
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../src/accuracy-matrix/families';
import { INPUTS } from '../src/accuracy-matrix/inputs';
import { referenceTraces, runCell } from '../src/accuracy-matrix/cell';

describe('auto after a Chebyshev refusal', { timeout: 180_000 }, () => {
  it('takes krylov before stiff, says so, and stays within 10·rtol·peak + atol of the modal closed form', () => {
    const c = FAMILIES.find((f) => f.name === 'mass-chain')!.make(500);
    const step = INPUTS.find((i) => i.name === 'step')!;
    const cell = runCell(c, step, referenceTraces(c, step), 'auto', 1e-10, 1e-13, 50_000);
    expect(cell.reason).toMatch(/chebyshev refused/);
    expect(cell.solver).toBe('krylov');
    expect(cell.verdict, `ratio ${cell.ratio}`).toBe('pass');
  });
});
