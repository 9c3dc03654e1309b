/**
 * The exact method integrates the inputs between samples, never holds them over an output interval: RC and RLC
 * against closed-form modal responses (fixtures/modal-response.ts) for step, delayed step, ramp, pwl, sine and
 * an expression of t, at 3, 11 and 501 samples and rtol 1e-3 … 1e-10: error ≤ 10·rtol·peak + atol.
 */
import { describe, expect, it } from 'vitest';
import { SysgraphError } from '@sysgraph/core';
import { simulate } from '../src/index';
import type { LinearModel } from '../src/index';
import type { ClosedFormInput } from './fixtures/modal-response';
import { complex, inputValue, modalResponse } from './fixtures/modal-response';
import { parseSignal } from '../src/signals/parse-signal';
import { createRestrictedParser } from '../src/signals/restricted-math';

const TAU = 0.5;
/** RC: v' = (u − v)/τ. */
const rcA = [[-1 / TAU]];
const rcB = [1 / TAU];
/** Series RLC of examples/rlc-series (R = 1, L = 0.5, C = 0.25): v_C' = i_L/C, i_L' = (u − R i_L − v_C)/L. */
const R = 1;
const L = 0.5;
const C = 0.25;
const rlcA = [
  [0, 1 / C],
  [-1 / L, -R / L],
];
const rlcB = [0, 1 / L];

function model(A: number[][], b: number[], states: string[]): LinearModel {
  return {
    kind: 'linear',
    stateNames: states,
    inputNames: ['Vs'],
    outputNames: [],
    A,
    B: b.map((x) => [x]),
    C: [],
    D: [],
  };
}

const SYSTEMS = [
  { name: 'RC', model: model(rcA, rcB, ['v']), A: rcA, b: rcB },
  { name: 'RLC', model: model(rlcA, rlcB, ['v_C', 'i_L']), A: rlcA, b: rlcB },
];

const forever = Infinity;
/** Each signal with its closed form (an independent transcription of the signal's definition). */
const INPUTS: { text: string; closed: ClosedFormInput }[] = [
  { text: 'step(1)', closed: { pieces: [{ from: 0, to: forever, c0: 1, c1: 0 }], exponentials: [] } },
  { text: 'step(1, 0.7)', closed: { pieces: [{ from: 0.7, to: forever, c0: 1, c1: 0 }], exponentials: [] } },
  {
    text: 'ramp(2, 1.3)',
    closed: {
      pieces: [
        { from: 0, to: 1.3, c0: 0, c1: 2 / 1.3 },
        { from: 1.3, to: forever, c0: 2, c1: 0 },
      ],
      exponentials: [],
    },
  },
  {
    text: 'pwl(0.2,0, 0.6,1, 1.1,-0.5, 1.1,0.4, 3,0.3)',
    closed: {
      pieces: [
        { from: 0.2, to: 0.6, c0: 0, c1: 1 / 0.4 },
        { from: 0.6, to: 1.1, c0: 1, c1: -1.5 / 0.5 },
        { from: 1.1, to: 3, c0: 0.4, c1: -0.1 / 1.9 },
        { from: 3, to: forever, c0: 0.3, c1: 0 },
      ],
      exponentials: [],
    },
  },
  // sin(πt) = Re(−i e^{iπt})
  { text: 'sine(1, 0.5)', closed: { pieces: [], exponentials: [{ from: 0, kappa: complex(0, -1), mu: complex(0, Math.PI) }] } },
  // 0.2 + 0.8 sin(1.8πt + 0.3) = 0.2 + Re(−0.8i e^{0.3i} e^{i 1.8π t})
  {
    text: 'sine(0.8, 0.9, 0.3, 0.2)',
    closed: {
      pieces: [{ from: 0, to: forever, c0: 0.2, c1: 0 }],
      exponentials: [{ from: 0, kappa: { re: 0.8 * Math.sin(0.3), im: -0.8 * Math.cos(0.3) }, mu: complex(0, 1.8 * Math.PI) }],
    },
  },
  // e^{−t/2} sin 3t + 0.5 cos 7t + 0.2 t
  {
    text: 'exp(-t/2)*sin(3*t) + 0.5*cos(7*t) + 0.2*t',
    closed: {
      pieces: [{ from: 0, to: forever, c0: 0, c1: 0.2 }],
      exponentials: [
        { from: 0, kappa: complex(0, -1), mu: complex(-0.5, 3) },
        { from: 0, kappa: complex(0.5), mu: complex(0, 7) },
      ],
    },
  },
];

const T_END = 5;
const TOLERANCES = [1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10];

describe('the closed forms are the signals under test', () => {
  it.each(INPUTS)('$text', ({ text, closed }) => {
    const signal = parseSignal(text, 'Vs');
    for (let k = 0; k <= 100; k++) {
      const t = 0.0537 * k;
      expect(Math.abs(signal.value(t) - inputValue(closed, t))).toBeLessThan(1e-13);
    }
  });
});

const parser = createRestrictedParser();

describe.each(SYSTEMS)('$name, exact method between samples', ({ model: m, A, b }) => {
  describe.each(INPUTS)('$text', ({ text, closed }) => {
    const signal = parseSignal(text, 'Vs', parser);
    it.each([3, 11, 501])('%i samples: error ≤ 10·rtol·peak + atol for rtol 1e-3 … 1e-10', (samples) => {
      const reference: number[][] = [];
      for (let k = 0; k < samples; k++) reference.push(modalResponse(A, b, closed, (T_END * k) / (samples - 1)));
      for (const rtol of TOLERANCES) {
        const atol = 1e-3 * rtol;
        const r = simulate(m, { tEnd: T_END, samples, inputs: { Vs: signal }, rtol, atol });
        expect(r.solver).toBe('exact');
        for (let i = 0; i < A.length; i++) {
          const column = r.columns[1 + i];
          const peak = Math.max(...reference.map((x) => Math.abs(x[i])));
          let err = 0;
          for (let k = 0; k < samples; k++) err = Math.max(err, Math.abs(column[k] - reference[k][i]));
          if (process.env.SYSGRAPH_REPORT) console.log(`${m.stateNames[i]}\t${text}\t${samples}\t${rtol}\t${(err / (rtol * peak + atol)).toExponential(2)}\t${r.stats.steps}`);
          expect(err, `${m.stateNames[i]} rtol ${rtol}`).toBeLessThanOrEqual(10 * rtol * peak + atol);
        }
      }
    });
  });
});

describe('the reproduction of issue 12 and the limits of the step control', () => {
  it('rlc-series, sine(1, 0.5), 3 samples: v_C(2.5) = −0.2344 (was 1.005 with the input held)', () => {
    const r = simulate(SYSTEMS[1].model, { tEnd: 5, samples: 3, inputs: { Vs: 'sine(1,0.5)' } });
    const expected = modalResponse(rlcA, rlcB, INPUTS[4].closed, 2.5)[0];
    expect(expected).toBeCloseTo(-0.2344, 4);
    expect(Math.abs(r.columns[1][1] - expected)).toBeLessThan(1e-12);
  });

  it('an expression that repeats with the grid (cos 2πt sampled at integers) is resolved, not held constant', () => {
    // RC response to cos ωt from rest: Re((e^{iωt} − e^{−t/τ}) / (τ (iω + 1/τ)))
    const omega = 2 * Math.PI;
    const closed: ClosedFormInput = { pieces: [], exponentials: [{ from: 0, kappa: complex(1), mu: complex(0, omega) }] };
    const r = simulate(SYSTEMS[0].model, { tEnd: 5, samples: 6, inputs: { Vs: 'cos(2*pi*t)' }, rtol: 1e-8, atol: 1e-12 });
    for (let k = 0; k < 6; k++) expect(Math.abs(r.columns[1][k] - modalResponse(rcA, rcB, closed, k)[0])).toBeLessThan(1e-7);
  });

  it('the linear hold also meets the tolerance on an expression', () => {
    const input = INPUTS[6];
    const r = simulate(SYSTEMS[1].model, { tEnd: T_END, samples: 11, inputs: { Vs: input.text }, rtol: 1e-6, atol: 1e-9, hold: 'linear' });
    for (let k = 0; k < 11; k++) {
      const x = modalResponse(rlcA, rlcB, input.closed, k / 2);
      expect(Math.abs(r.columns[1][k] - x[0])).toBeLessThan(1e-5);
    }
  });

  it('without samples every grid point is a row, each exact', () => {
    const input = INPUTS[4];
    const r = simulate(SYSTEMS[1].model, { tEnd: 2, dt: 0.5, inputs: { Vs: input.text } });
    expect(Array.from(r.columns[0])).toEqual([0, 0.5, 1, 1.5, 2]);
    for (let k = 0; k < 5; k++) {
      const x = modalResponse(rlcA, rlcB, input.closed, r.columns[0][k]);
      expect(Math.abs(r.columns[1][k] - x[0])).toBeLessThan(1e-12);
      expect(Math.abs(r.columns[2][k] - x[1])).toBeLessThan(1e-12);
    }
  });

  it('a sine at the undamped natural frequency: the secular response (sin t − t cos t)/2, no resonance failure', () => {
    // v'' + v = sin t from rest (L = C = 1, ω0 = 1)
    const lc = model(
      [
        [0, 1],
        [-1, 0],
      ],
      [0, 1],
      ['v_C', 'i_L'],
    );
    const r = simulate(lc, { tEnd: 20, samples: 5, inputs: { Vs: `sine(1, ${1 / (2 * Math.PI)})` } });
    for (let k = 0; k < 5; k++) {
      const t = r.columns[0][k];
      expect(Math.abs(r.columns[1][k] - (Math.sin(t) - t * Math.cos(t)) / 2)).toBeLessThan(1e-11);
    }
  });

  it('an expression that is not finite over the span is a typed error naming the input', () => {
    let caught: unknown;
    try {
      simulate(SYSTEMS[0].model, { tEnd: 2, samples: 3, inputs: { Vs: 'sqrt(t - 1)' }, solver: 'exact' });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(SysgraphError);
    expect([(caught as SysgraphError).code, (caught as SysgraphError).element, (caught as SysgraphError).field]).toEqual(['bad-signal', 'Vs', 'inputs']);
  });
});
