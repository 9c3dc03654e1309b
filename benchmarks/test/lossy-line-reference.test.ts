/**
 * The lossy line's modal reference (accuracy-matrix/families.ts, general-modes.ts: a dense general eigendecomposition
 * with complex pairs and the exact modal response of each input) against two independent solutions at 10 states:
 *   - the same hand-written state equations x' = J x + b u integrated by classical RK4 at a fixed step of span/80 000
 *     (h·|λ|max ≈ 0.01, global error ≈ 1e-10 of the peak), with the input evaluated at the stage times;
 *   - the generated network through the engine's pipeline (the matrix cells at the end: the exact method, Krylov,
 *     Rodas4 and dopri5 all within 10·rtol·peak + atol at rtol 1e-8, which checks the hand-written J too).
 */
import { describe, expect, it } from 'vitest';
import { FAMILIES, lossyLineOperator } from '../src/accuracy-matrix/families';
import { INPUTS } from '../src/accuracy-matrix/inputs';
import { referenceTraces, runCell, SAMPLES } from '../src/accuracy-matrix/cell';
import { generalModes } from '../src/accuracy-matrix/general-modes';
import { maxRelative } from './support/max-relative';

const family = FAMILIES.find((f) => f.name === 'lossy-line')!;
const c = family.make(10);

/** u(t) of the matrix's inputs, written here from their definitions (accuracy-matrix/inputs.ts). */
const inputValue: Record<string, (t: number, T: number) => number> = {
  step: () => 1,
  ramp: (t, T) => Math.min(t / (0.05 * T), 1),
  sine: (t, T) => Math.sin((2 * Math.PI * 3 * t) / T),
};

function rk4(N: number, u: (t: number) => number, span: number, steps: number): Float64Array[] {
  const { j, b, probes } = lossyLineOperator(N);
  const n = 2 * N;
  const f = (t: number, x: Float64Array, out: Float64Array) => {
    const ut = u(t);
    for (let r = 0; r < n; r++) {
      let s = b[r] * ut;
      for (let q = 0; q < n; q++) s += j[r * n + q] * x[q];
      out[r] = s;
    }
  };
  const traces = probes.map(() => new Float64Array(SAMPLES));
  const x = new Float64Array(n);
  const k1 = new Float64Array(n), k2 = new Float64Array(n), k3 = new Float64Array(n), k4 = new Float64Array(n), y = new Float64Array(n);
  const h = span / steps;
  const record = (k: number) => probes.forEach((p, i) => (traces[i][k] = p.reduce((s, pij, q) => s + pij * x[q], 0)));
  record(0);
  let next = 1;
  for (let s = 0; s < steps; s++) {
    const t = s * h;
    f(t, x, k1);
    for (let r = 0; r < n; r++) y[r] = x[r] + (h / 2) * k1[r];
    f(t + h / 2, y, k2);
    for (let r = 0; r < n; r++) y[r] = x[r] + (h / 2) * k2[r];
    f(t + h / 2, y, k3);
    for (let r = 0; r < n; r++) y[r] = x[r] + h * k3[r];
    f(t + h, y, k4);
    for (let r = 0; r < n; r++) x[r] += (h / 6) * (k1[r] + 2 * k2[r] + 2 * k3[r] + k4[r]);
    // the sample grid is every steps/(SAMPLES − 1) steps
    if ((s + 1) % (steps / (SAMPLES - 1)) === 0) record(next++);
  }
  return traces;
}


describe('lossy-line reference', { timeout: 120_000 }, () => {
  it('the decomposition reproduces its eigenpairs to rounding (complex pairs included)', () => {
    const { j, b, probes } = lossyLineOperator(5);
    const g = generalModes(j, 10, b, probes);
    expect(g.residual).toBeLessThan(1e-12);
    expect(g.modes.some((m) => m.p.im !== 0)).toBe(true);
    // stable: every pole in the left half-plane
    for (const m of g.modes) expect(m.p.re).toBeLessThan(0);
  });

  for (const name of ['step', 'ramp', 'sine']) {
    it(`10 states, ${name}: the modal reference equals RK4 on the hand-written equations to 1e-8 of the peak`, () => {
      const input = INPUTS.find((i) => i.name === name)!;
      const reference = referenceTraces(c, input);
      const integrated = rk4(5, (t) => inputValue[name](t, c.span), c.span, 80_000);
      expect(maxRelative(integrated, reference)).toBeLessThan(1e-8);
    });
  }

  it('the reference fails when the equations are wrong: the load resistance doubled moves the load voltage', () => {
    const reference = referenceTraces(c, INPUTS[0]);
    const { j, b, probes } = lossyLineOperator(5);
    // the load term −1/(Z0 C_d) of x_v,N halved = a load of 2 Z0
    j[4 * 10 + 4] += (1 / (50 * (100e-12 / 5))) / 2;
    const wrong = generalModes(j, 10, b, probes);
    const other = referenceTraces({ ...c, modes: wrong.modes }, INPUTS[0]);
    expect(maxRelative(other, reference)).toBeGreaterThan(1e-2);
  });

  // a fast subset of the matrix's lossy-line cells: within 10·rtol·peak + atol or a typed refusal; auto never refuses
  const CELLS = [
    { states: 10, inputs: ['step', 'sine'], solvers: ['auto', 'krylov', 'stiff', 'dopri5'] as const, rtols: [1e-4, 1e-8] },
    { states: 100, inputs: ['ramp'], solvers: ['auto', 'krylov'] as const, rtols: [1e-6] },
    // the structured reference (tridiagonal-modes.ts) makes the 1000-state cells possible; every solver refuses here,
    // typed: krylov and stiff past the oscillation guard's tightening (Φ = 3.9e3), chebyshev by the rounding of its
    // series on this damped spectrum; the cell checks that no trace outside the bound is returned
    { states: 1000, inputs: ['step'], solvers: ['chebyshev'] as const, rtols: [1e-6] },
  ];
  for (const row of CELLS) {
    for (const name of row.inputs) {
      it(`matrix cells, ${row.states} states, ${name}: ${row.solvers.join(', ')} at rtol ${row.rtols.join(', ')}`, () => {
        const fc = row.states === 10 ? c : family.make(row.states);
        const input = INPUTS.find((i) => i.name === name)!;
        const reference = referenceTraces(fc, input);
        for (const solver of row.solvers) {
          for (const rtol of row.rtols) {
            const cell = runCell(fc, input, reference, solver, rtol, rtol * 1e-3);
            const label = `${solver} rtol ${rtol}: ${cell.verdict} ratio ${cell.ratio.toPrecision(3)} ${cell.refusal ?? ''}`;
            expect(cell.verdict === 'pass' || (solver !== 'auto' && cell.verdict === 'refused'), label).toBe(true);
          }
        }
      });
    }
  }
});
