/**
 * Cells of the accuracy matrix that failed before the global-error guard (packages/simulate/src/guard/
 * oscillation-guard.ts), a small fast subset: each is now within 10·rtol·peak + atol of the exact modal reference
 * (closed-form eigenpairs of the ladder or chain, accuracy-matrix/families.ts) or refused with a typed
 * 'tolerance-not-met' before any step. auto, whose exponential choice is refused, does not fall back to a solver
 * the guard refuses.
 */
import { describe, expect, it } from 'vitest';
import { SysgraphError } from '@sysgraph/core';
import { simulate } from '@sysgraph/simulate';
import { FAMILIES } from '../src/accuracy-matrix/families';
import { INPUTS } from '../src/accuracy-matrix/inputs';
import { modelOf, referenceTraces, runCell } from '../src/accuracy-matrix/cell';
import { ATOL_FACTOR } from '../src/accuracy-matrix/plan';

const make = (family: string, states: number) => FAMILIES.find((f) => f.name === family)!.make(states);
const input = (name: string) => INPUTS.find((i) => i.name === name)!;

describe('global-error guard on the failing cells of the accuracy matrix', { timeout: 180_000 }, () => {
  it('undamped LC ladder, 1000 states: stiff (was 71–1144× the bound) and krylov at rtol 1e-10 refuse, typed, at once', () => {
    const c = make('lc-ladder', 1000);
    for (const [solver, rtol] of [['stiff', 1e-3], ['stiff', 1e-6], ['krylov', 1e-10]] as const) {
      for (const name of ['step', 'sine']) {
        const cell = runCell(c, input(name), [], solver, rtol, rtol * ATOL_FACTOR);
        expect(cell.verdict, `${solver} ${name} ${rtol}`).toBe('refused');
        expect(cell.refusal).toMatch(/^tolerance-not-met: solver /);
      }
    }
  });

  it('mass chain, 1000 states, step, stiff at rtol 1e-3 (was 74× the bound): within the bound of the modal reference', () => {
    const c = make('mass-chain', 1000);
    const step = input('step');
    const cell = runCell(c, step, referenceTraces(c, step), 'stiff', 1e-3, 1e-3 * ATOL_FACTOR);
    expect(cell.verdict).toBe('pass');
    expect(cell.reason).toMatch(/global-error guard/);
  });

  it('auto on an LC ladder over a span too long for chebyshev: krylov and stiff refused by the guard, a typed error naming both', () => {
    const c = make('lc-ladder', 1000);
    // |Im λ| ≤ 6.3e4 rad/s × 40 s > 2e6 series terms: auto picks krylov, not chebyshev
    let error: unknown;
    try {
      simulate(modelOf(c), { tEnd: 40, solver: 'auto', inputs: { [c.input]: 'step(1)' }, rtol: 1e-6, samples: 11 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SysgraphError);
    const e = error as SysgraphError;
    expect(e.code).toBe('tolerance-not-met');
    expect(e.element).toBe('auto');
    expect(e.message).toMatch(/krylov refused/);
    expect(e.message).toMatch(/stiff refused/);
    // the advice: neither auto (the one refusing) nor chebyshev (its series is past its budget of products here)
    expect(e.expected).not.toMatch(/chebyshev|auto/);
  });

  it('lossy line, 1000 states, step at rtol 1e-6: stiff refuses without naming chebyshev, which refuses on it too', () => {
    const c = make('lossy-line', 1000);
    const step = input('step');
    const stiff = runCell(c, step, [], 'stiff', 1e-6, 1e-6 * ATOL_FACTOR);
    expect(stiff.verdict).toBe('refused');
    expect(stiff.refusal).toMatch(/^tolerance-not-met: solver stiff /);
    expect(stiff.refusal).toMatch(/chebyshev does not apply: the spectrum is not oscillation-dominated/);
    expect(stiff.refusal).not.toMatch(/Use solver chebyshev/);
    // what the old advice ("use solver chebyshev (or auto)") sent the caller to
    const chebyshev = runCell(c, step, [], 'chebyshev', 1e-6, 1e-6 * ATOL_FACTOR);
    expect(chebyshev.verdict).toBe('refused');
  });
});
