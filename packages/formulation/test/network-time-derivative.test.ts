/**
 * ∂f/∂t of the network model from the inputs' derivatives (network-time-derivative.ts), against independent
 * references: on the diode ladder the hand-written ∂f/∂t (only the first section sees the source: E'/(R C)); on
 * seeded random networks with laws, two-ports and resistive loops, central differences of f along u' at fixed x and t
 * (f depends on t only through u when no law does), including resistive loops and coupled two-ports solved as one
 * Newton block (J_bb dP = b' dσ); where laws depend on t (a charge law in t on the random networks; on a network of
 * its own every place a law in t can sit: explicit and inverted resistive laws, a stored state's law, a time-varying
 * value, a resistive loop solved by Newton, an own state's charge law), central differences of f along (t, u + t u')
 * at fixed x: ∂f/∂t from the laws' own t-derivatives, no difference of f.
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

  it('equals central differences of f along (t, u\') on random networks, laws in t included', () => {
    let compared = 0;
    let inTime = 0;
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
        expect(model.timeDerivative(t, x, u, du, out)).toBe(true);
        if (JSON.stringify(r.json).includes('sin(t)')) inTime++;
        expectCentralDifference(model, t, x, u, du, out);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
    expect(inTime).toBeGreaterThan(0);
  });

  it('equals central differences of f in t where laws of every kind and place depend on t', () => {
    const { model } = networkModel(analyzeStructure(parseSystem(timeLawNetwork())));
    const n = model.stateNames.length;
    expect(n).toBeGreaterThanOrEqual(3);
    const rng = mulberry32(11);
    for (let trial = 0; trial < 20; trial++) {
      const x = draw(rng, n, 0.8);
      const u = Float64Array.of(0.7 * (2 * rng.next() - 1));
      const du = Float64Array.of(2 * rng.next() - 1);
      const t = 0.2 + 2 * rng.next();
      const out = new Float64Array(n).fill(Number.NaN);
      expect(model.timeDerivative(t, x, u, du, out)).toBe(true);
      // the laws' t-dependence alone (du = 0) must already be nonzero: the test sees the law terms
      const still = new Float64Array(n);
      expect(model.timeDerivative(t, x, u, new Float64Array(1), still)).toBe(true);
      expect(Math.max(...Array.from(still, Math.abs))).toBeGreaterThan(1e-3);
      expectCentralDifference(model, t, x, u, du, out);
    }
  });
});

type Model = ReturnType<typeof networkModel>['model'];

/** out against (f(t + h, x, u + h u') − f(t − h, x, u − h u')) / 2h, relative to the largest entry. */
function expectCentralDifference(model: Model, t: number, x: Float64Array, u: Float64Array, du: Float64Array, out: Float64Array): void {
  const n = out.length;
  const h = 1e-6;
  const fp = new Float64Array(n);
  const fm = new Float64Array(n);
  model.f(t + h, x, u.map((v, k) => v + h * du[k]), du, fp);
  model.f(t - h, x, u.map((v, k) => v - h * du[k]), du, fm);
  let scale = 1;
  for (let c = 0; c < n; c++) scale = Math.max(scale, Math.abs(fp[c]), Math.abs(out[c]));
  for (let c = 0; c < n; c++) expect(Math.abs(out[c] - (fp[c] - fm[c]) / (2 * h))).toBeLessThan(1e-6 * scale);
}

/**
 * A source E driving: R1 (i = v/R(t), a time-varying value), D1 with an across law in t in a link (inverted),
 * C1 with a charge law in t (own state), C2 with an across law in t (stored state q), a resistive loop R2–R3–R4
 * with laws in t (one Newton block), L1 with a flux law in t, and a through law in t from n1 to ground.
 */
function timeLawNetwork(): Record<string, unknown> {
  return {
    name: 'laws-in-t',
    parameters: { w: 1.3 },
    elements: [
      { id: 'E', kind: 'voltage-source', from: 'n0', to: 'g' },
      { id: 'R1', kind: 'resistor', from: 'n0', to: 'n1', value: '2 + sin(w*t)' },
      { id: 'C1', kind: 'capacitor', from: 'n1', to: 'g', law: { charge: '(1 + 0.3*sin(t))*v + 0.1*v^3' } },
      { id: 'D1', kind: 'resistor', from: 'n1', to: 'n2', law: { across: '(1 + 0.2*cos(t))*i + 0.1*i^3' } },
      { id: 'C2', kind: 'capacitor', from: 'n2', to: 'g', law: { across: 'q/(1 + 0.25*t) + 0.05*q^3' } },
      { id: 'R2', kind: 'resistor', from: 'n2', to: 'n3', law: { through: 'v*(1 + 0.1*t^2) + 0.2*v^3' } },
      { id: 'R3', kind: 'resistor', from: 'n3', to: 'g', law: { across: 'i*(2 + sin(t)) + 0.1*i^3' } },
      { id: 'R4', kind: 'resistor', from: 'n3', to: 'g', law: { through: 'v/(1 + 0.5*t) + 0.1*v^3' } },
      { id: 'L1', kind: 'inductor', from: 'n3', to: 'n4', law: { flux: '(1 + 0.2*sin(2*t))*i + 0.1*i^3' } },
      { id: 'R5', kind: 'resistor', from: 'n4', to: 'g', law: { through: 'v*exp(-0.1*t) + 0.2*v^3' } },
      { id: 'R6', kind: 'resistor', from: 'n1', to: 'g', law: { through: '0.5*v + 0.1*sin(t)*v^3' } },
    ],
    outputs: [{ name: 'v1', element: 'C1', variable: 'across' }],
    ground: 'g',
  };
}
