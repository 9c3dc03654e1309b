/**
 * The lossy line's structured modal reference (accuracy-matrix/tridiagonal-modes.ts: complex symmetric tridiagonal
 * QL and inverse iteration, O(n²)) against the independent dense general eigendecomposition (general-modes.ts,
 * ml-matrix) of the hand-written dense J (lossyLineOperator), at 10 and 100 states: the eigenvalues, and the probe
 * responses to the matrix's inputs at every sample.
 */
import { describe, expect, it } from 'vitest';
import { FAMILIES, lossyLineOperator, lossyLineTridiagonal } from '../src/accuracy-matrix/families';
import { generalModes } from '../src/accuracy-matrix/general-modes';
import { tridiagonalModes, complexSymmetricEigenvalues } from '../src/accuracy-matrix/tridiagonal-modes';
import { referenceTraces } from '../src/accuracy-matrix/cell';
import { INPUTS } from '../src/accuracy-matrix/inputs';
import { cx } from '../src/accuracy-matrix/scalar-response';
import { maxRelative } from './support/max-relative';

const family = FAMILIES.find((f) => f.name === 'lossy-line')!;


describe('structured lossy-line modes', { timeout: 120_000 }, () => {
  it('complex symmetric QL: the eigenvalues of tridiag(1, 0, 1) are 2 cos(jπ/(n + 1))', () => {
    const n = 40;
    const ev = complexSymmetricEigenvalues(Array.from({ length: n }, () => cx(0)), Array.from({ length: n - 1 }, () => cx(1)));
    const got = ev.map((z) => z.re).sort((a, b) => a - b);
    const want = Array.from({ length: n }, (_, j) => 2 * Math.cos(((j + 1) * Math.PI) / (n + 1))).sort((a, b) => a - b);
    got.forEach((g, k) => expect(Math.abs(g - want[k])).toBeLessThan(1e-13));
    for (const z of ev) expect(Math.abs(z.im)).toBeLessThan(1e-13);
  });

  for (const states of [10, 100]) {
    const N = states / 2;
    it(`${states} states: the eigenvalues equal the dense decomposition's`, () => {
      const { j, b, probes } = lossyLineOperator(N);
      const dense = generalModes(j, states, b, probes);
      const { d, s, b: bt, probes: rows } = lossyLineTridiagonal(N);
      const structured = tridiagonalModes(d, s, bt, rows);
      expect(structured.modes.length).toBe(dense.modes.length);
      expect(structured.residual).toBeLessThan(1e-12);
      const key = (p: { re: number; im: number }) => [p.re, Math.abs(p.im)] as const;
      const sorted = (ms: typeof dense.modes) => ms.map((m) => key(m.p)).sort((x, y) => x[1] - y[1] || x[0] - y[0]);
      const a = sorted(dense.modes);
      const c = sorted(structured.modes);
      const scale = s * 2;
      a.forEach((x, k) => {
        expect(Math.abs(x[0] - c[k][0]) / scale).toBeLessThan(1e-11);
        expect(Math.abs(x[1] - c[k][1]) / scale).toBeLessThan(1e-11);
      });
    });
    for (const input of INPUTS) {
      it(`${states} states, ${input.name}: the probe responses equal the dense reference's to 1e-10 of the peak`, () => {
        const c = family.make(states);
        const { j, b, probes } = lossyLineOperator(N);
        const dense = generalModes(j, states, b, probes);
        const structured = referenceTraces(c, input);
        const reference = referenceTraces({ ...c, modes: dense.modes }, input);
        expect(maxRelative(structured, reference)).toBeLessThan(1e-10);
      });
    }
  }

  it('the comparison can fail: a wrong load term in the structured form moves the load voltage', () => {
    const c = family.make(10);
    const { d, s, b, probes } = lossyLineTridiagonal(5);
    d[9] += 1 / (50 * (100e-12 / 5)) / 2; // a load of 2 Z0
    const wrong = tridiagonalModes(d, s, b, probes);
    expect(maxRelative(referenceTraces({ ...c, modes: wrong.modes }, INPUTS[0]), referenceTraces(c, INPUTS[0]))).toBeGreaterThan(1e-2);
  });

  it('1000 states: every eigenpair to rounding, one mode per conjugate pair, all stable', () => {
    const { d, s, b, probes } = lossyLineTridiagonal(500);
    const t = tridiagonalModes(d, s, b, probes);
    // ‖A y − λ y‖ / ‖A‖ of order n·ε (2.3e-12 measured)
    expect(t.residual).toBeLessThan(1e-11);
    expect(t.conditioning).toBeGreaterThan(1e-3);
    // trace: Σλ over all 1000 eigenvalues = Σ d (pairs count twice)
    let sum = 0;
    for (const m of t.modes) sum += m.p.im === 0 ? m.p.re : 2 * m.p.re;
    const trace = d.reduce((x, y) => x + y, 0);
    expect(Math.abs(sum - trace) / Math.abs(trace)).toBeLessThan(1e-9);
    for (const m of t.modes) expect(m.p.re).toBeLessThan(0);
  });
});
