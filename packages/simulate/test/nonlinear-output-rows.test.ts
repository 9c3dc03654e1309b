/**
 * NonlinearModel.outputStates: with it, the samples form only the recorded states and the states g reads
 * (Rodas's dense output at those rows); the trace must equal, to the last bit, the run that forms every state.
 * The oracle is the same model without the hook. A hook that left out a state g reads would show stale values.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../src/index';
import type { NonlinearModel } from '../src/index';

/** A chain of 40 nonlinear first-order cells driven at one end; y0 = x3 + x7², y1 = x20. */
function chain(withHook: boolean): NonlinearModel {
  const n = 40;
  return {
    kind: 'nonlinear',
    stateNames: Array.from({ length: n }, (_, i) => `x${i}`),
    inputNames: ['u'],
    outputNames: ['y0', 'y1'],
    f: (_t, x, u, _du, dx) => {
      for (let i = 0; i < n; i++) {
        const left = i === 0 ? u[0] : x[i - 1];
        dx[i] = 50 * (left - x[i]) - 5 * Math.sinh(x[i]);
      }
    },
    g: (_t, x, _u, _du, y) => {
      y[0] = x[3] + x[7] * x[7];
      y[1] = x[20];
    },
    ...(withHook ? { outputStates: () => Int32Array.of(3, 7, 20) } : {}),
  };
}

describe('samples of a nonlinear model at the rows its outputs read', () => {
  it('the recorded outputs and a recorded state equal those of the run that forms every state', () => {
    const options = { tEnd: 0.5, inputs: { u: 'ramp(2, 0.2)' }, solver: 'stiff' as const, samples: 37, record: ['y0', 'y1', 'x30'] };
    const full = simulate(chain(false), options);
    const rows = simulate(chain(true), options);
    expect(rows.names).toEqual(full.names);
    for (let c = 0; c < full.columns.length; c++) expect(Array.from(rows.columns[c])).toEqual(Array.from(full.columns[c]));
    // the run is not trivial: the far output moves
    expect(Math.abs(full.columns[full.names.indexOf('y1')][36])).toBeGreaterThan(1e-6);
  });
});
