/**
 * ∂f/∂t of the network model from the inputs' derivatives (network-time-derivative.ts), against independent
 * references: on the diode ladder the hand-written ∂f/∂t (only the first section sees the source: E'/(R C)); on
 * seeded random networks with laws, two-ports and resistive loops, central differences of f along u' at fixed x and t
 * (f depends on t only through u when no law does), including resistive loops and coupled two-ports solved as one
 * Newton block (J_bb dP = b' dσ). Where a law depends on t the model declines (false), and the
 * solver differences f instead.
 */
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { networkModel } from '../src/index';
import { diodeLadder, LADDER } from './support/diode-ladder';
import { networkWithLaws } from './support/network-random-laws';
import { mulberry32 } from './support/index';

const draw = (rng: ReturnType<typeof mulberry32>, n: number, range: number) => Float64Array.from({ length: n }, () => range * (2 * rng.next() - 1));

describe('∂f/∂t of the network model from u\'', () => {
  it('equals the hand-written ∂f/∂t of the diode ladder (E\'/(R C) in the first row, 0 elsewhere)', () => {
    const N = 200;
    const { model } = networkModel(analyzeStructure(parseSystem(diodeLadder(N))));
    const x = Float64Array.from({ length: N }, (_, k) => 0.6 * Math.cos(k));
    const out = new Float64Array(N).fill(Number.NaN);
    expect(model.timeDerivative(0.3, x, Float64Array.of(2), Float64Array.of(7.5e5), out)).toBe(true);
    const first = model.stateNames.indexOf('v_C1');
    for (let c = 0; c < N; c++) if (c !== first) expect(out[c]).toBe(0);
    expect(Math.abs(out[first] / (7.5e5 / (LADDER.R * LADDER.C)) - 1)).toBeLessThan(1e-14);
  });

  it('equals central differences of f along u\' on random networks; declines where a law depends on t', () => {
    let compared = 0;
    let declined = 0;
    for (let seed = 1; seed <= 40; seed++) {
      for (const linear of [false, true]) {
        const r = networkWithLaws(seed, 40, linear);
        let nm;
        try {
          nm = networkModel(analyzeStructure(parseSystem(r.json)));
        } catch {
          continue;
        }
        const { model } = nm;
        const n = model.stateNames.length;
        const m = model.inputNames.length;
        if (n === 0 || m === 0) continue;
        const rng = mulberry32(seed * 7 + (linear ? 1 : 0));
        const x = draw(rng, n, 0.5);
        const u = draw(rng, m, 0.5);
        const du = draw(rng, m, 1);
        const t = rng.next();
        const out = new Float64Array(n);
        const timeInLaws = JSON.stringify(r.json).includes('sin(t)');
        if (!model.timeDerivative(t, x, u, du, out)) {
          declined++;
          continue;
        }
        expect(timeInLaws).toBe(false);
        const h = 1e-6;
        const fp = new Float64Array(n);
        const fm = new Float64Array(n);
        model.f(t, x, u.map((v, k) => v + h * du[k]), du, fp);
        model.f(t, x, u.map((v, k) => v - h * du[k]), du, fm);
        let scale = 1;
        for (let c = 0; c < n; c++) scale = Math.max(scale, Math.abs(fp[c]), Math.abs(out[c]));
        for (let c = 0; c < n; c++) expect(Math.abs(out[c] - (fp[c] - fm[c]) / (2 * h))).toBeLessThan(1e-6 * scale);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
    expect(declined).toBeGreaterThan(0);
  });
});
