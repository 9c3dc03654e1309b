/**
 * The exact method's rounding floor: on the stiff RC transformer network of 100 states (λmax/λmin large) the
 * scaling-and-squaring exponential carries a rounding error of ≈ 5e-9 of the peak whatever the tolerance, so at
 * rtol 1e-10 its trace is 20–60× outside the bound. The method measures that floor (exp(hG) against exp(hG/2)²)
 * and refuses a tolerance below it; auto then falls back. Checked against the network's modal reference
 * (benchmarks/src/accuracy-matrix/families.ts: slow modes from the inverse, floor ≈ 100·ε·√(λmax/λmin)).
 */
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../src/accuracy-matrix/families';
import { INPUTS } from '../src/accuracy-matrix/inputs';
import { referenceTraces, runCell } from '../src/accuracy-matrix/cell';

describe('the exact method below its rounding floor', { timeout: 180_000 }, () => {
  const c = FAMILIES.find((f) => f.name === 'rc-transformer')!.make(100);
  const step = INPUTS.find((i) => i.name === 'step')!;
  const reference = referenceTraces(c, step);

  it('exact itself refuses rtol 1e-10 with a typed error naming rtol', () => {
    const cell = runCell(c, step, reference, 'exact', 1e-10, 1e-13, 50_000);
    expect(cell.verdict, `ratio ${cell.ratio}, ${cell.reason}`).toBe('refused');
  });

  it('auto falls back and stays within 10·rtol·peak + atol of the modal reference', () => {
    const cell = runCell(c, step, reference, 'auto', 1e-10, 1e-13, 50_000);
    expect(cell.reason).toMatch(/exact refused/);
    expect(cell.verdict, `ratio ${cell.ratio}, ${cell.solver}`).toBe('pass');
  });

  it('at rtol 1e-6 exact is kept (its floor is far below) and passes', () => {
    const cell = runCell(c, step, reference, 'auto', 1e-6, 1e-9, 50_000);
    expect(cell.solver).toBe('exact');
    expect(cell.verdict, `ratio ${cell.ratio}`).toBe('pass');
  });
});
