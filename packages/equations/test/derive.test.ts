/**
 * The derivation against closed forms worked by hand from the equations (never from the code's output): the
 * StateMint tutorial's motor and pump (as listed and corrected), its three web examples, dependent storage, a
 * parameter named I.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deriveModel, parseEquationSet, shiftedForm } from '@sysgraph/equations';
import type { EquationModel, LinearEquationModel } from '@sysgraph/equations';

const example = (f: string) => readFileSync(new URL(`../../../examples/equations/${f}.sm`, import.meta.url), 'utf8');
const model = (text: string, name = 'test'): EquationModel => deriveModel(parseEquationSet(text, { name }));
const linear = (text: string): LinearEquationModel => {
  const m = model(text);
  if (m.kind !== 'linear') throw new Error('expected a linear model');
  return m;
};
const close = (a: number[][], b: number[][]) => {
  expect(a.length).toBe(b.length);
  a.forEach((row, i) => row.forEach((x, j) => expect(x).toBeCloseTo(b[i][j], 10)));
};

describe('the StateMint tutorial (motor and pump)', () => {
  const R = 2, L = 0.5, Kv = 0.8, kt = 3, D = 0.7, Rf = 1.5;
  const den = 1 + kt * Kv * Kv * L;

  it('as listed: tk\' = [kt Kv Vs − kt (Kv² R − 1/(Rf D²)) tk] / (1 + kt Kv² L), Q_R = tk/(D Rf)', () => {
    const m = linear(example('tutorial-motor-pump'));
    close(m.numeric!.A, [[(-kt * (Kv * Kv * R - 1 / (Rf * D * D))) / den]]);
    close(m.numeric!.B, [[(kt * Kv) / den]]);
    close(m.numeric!.C, [[1 / (D * Rf)]]);
    close(m.numeric!.D, [[0]]);
    // dependent storage (v_L = L i_L' with i_L = Kv tk) is eliminated, and said
    expect(m.notes.some((n) => n.includes("iL'"))).toBe(true);
  });

  it('corrected at the pump (Q4 = −QR): the sign of the pipe term flips', () => {
    const m = linear(example('motor-pump'));
    close(m.numeric!.A, [[(-kt * (Kv * Kv * R + 1 / (Rf * D * D))) / den]]);
    close(m.numeric!.B, [[(kt * Kv) / den]]);
  });

  it('symbolic entries evaluate to the numeric ones at other values (exact in the parameters)', () => {
    const m = linear(example('motor-pump'));
    const v = { R: 3, L: 0.1, Kv: 2, kt: 5, D: 0.3, Rf: 7 };
    const d = 1 + v.kt * v.Kv ** 2 * v.L;
    expect(m.symbolic.A.get(0, 0).evaluate(v)).toBeCloseTo((-v.kt * (v.Kv ** 2 * v.R + 1 / (v.Rf * v.D ** 2))) / d, 12);
  });
});

describe("the StateMint web tool's examples", () => {
  it('quarter car: the hand-written Newton and Hooke equations', () => {
    const MB = 250, MW = 40, KS = 15000, KT = 150000, BS = 1000, BT = 100;
    const m = linear(example('quarter-car'));
    expect(m.states).toEqual(['vMB', 'vMW', 'fKS', 'fKT']);
    // MB vMB' = fKS + BS (vMW − vMB);  MW vMW' = fKT + BT (vS − vMW) − fKS − BS (vMW − vMB)
    // fKS' = KS (vMW − vMB);  fKT' = KT (vS − vMW)
    close(m.numeric!.A, [
      [-BS / MB, BS / MB, 1 / MB, 0],
      [BS / MW, -(BS + BT) / MW, -1 / MW, 1 / MW],
      [-KS, KS, 0, 0],
      [0, -KT, 0, 0],
    ]);
    close(m.numeric!.B, [[0], [BT / MW], [0], [KT]]);
    // fBT = BT (vS − vMW) has a direct term
    close(m.numeric!.D, [[0], [0], [0], [0], [0], [BT]]);
    close(m.numeric!.E, [[0], [0], [0], [0]]);
  });

  it("nonzero E: FK1' = K1/(K1+K2) Fs' − K1 K2/(B1 (K1+K2)) FK1", () => {
    const mm = 2, K1 = 50, K2 = 80, B1 = 5, B2 = 3;
    const m = linear(example('nonzero-e'));
    close(m.numeric!.A, [[-B2 / mm, 0], [0, (-K1 * K2) / (B1 * (K1 + K2))]]);
    close(m.numeric!.B, [[1 / mm], [0]]);
    close(m.numeric!.E, [[0], [K1 / (K1 + K2)]]);
    close(m.numeric!.C, [[0, 1 / B1]]);
    // the project's form x̃ = x − E u: B̃ = B + A E
    const s = shiftedForm(m).numeric!;
    close(s.B, [[1 / mm], [((-K1 * K2) / (B1 * (K1 + K2))) * (K1 / (K1 + K2))]]);
    close(s.Bd, m.numeric!.E);
  });

  it("car with quadratic drag: nonlinear, m vm' = Fp − F0 − cd vm²", () => {
    const m = model(example('car-drag'));
    expect(m.kind).toBe('nonlinear');
    if (m.kind !== 'nonlinear') return;
    const dx = new Float64Array(1);
    const y = new Float64Array(1);
    m.model.f(0, Float64Array.of(30), Float64Array.of(2000, 150), Float64Array.of(0, 0), dx);
    expect(dx[0]).toBeCloseTo((2000 - 150 - 0.4 * 900) / 1200, 12);
    m.model.g(0, Float64Array.of(30), Float64Array.of(2000, 150), Float64Array.of(0, 0), y);
    expect(y[0]).toBe(30);
  });
});

describe('symbols and derivatives', () => {
  it('a parameter named I is a symbol, never √−1 (and E, e likewise)', () => {
    const m = linear(`[parameters]\nI = 4\nE = 2\ne = 8\n[inputs]\nu\n[states]\nx' = (u - E*x)/I + e*0\n[outputs]\nx`);
    close(m.numeric!.A, [[-0.5]]);
    close(m.numeric!.B, [[0.25]]);
    expect(m.symbolic.A.get(0, 0).evaluate({ I: 10, E: 3, e: 1 })).toBeCloseTo(-0.3, 14);
  });

  it("a derivative of another state on a right side is solved for: x1' = −x1 + u − x2', x2' = x1 − x2", () => {
    // x1' = −x1 + u − (x1 − x2) = −2 x1 + x2 + u
    const m = linear(`[inputs]\nu\n[states]\nx1' = -x1 + u - x2'\nx2' = x1 - x2\n[outputs]\nx1`);
    close(m.numeric!.A, [[-2, 1], [1, -1]]);
    close(m.numeric!.B, [[1], [0]]);
  });

  it("outputs with an input-derivative term: y = v with v = c u'", () => {
    const m = linear(`[parameters]\nc = 3\n[inputs]\nu\n[states]\nx' = -x + u\n[elemental]\nv = c*u'\n[outputs]\nv`);
    close(m.numeric!.F, [[3]]);
  });

  it("the StateMint web tool's JSON keys and this package's JSON read the same set", () => {
    const own = linear(JSON.stringify({ parameters: { a: 2 }, inputs: ['u'], states: ["x' = -a*x + y"], elemental: [], constraints: ['y = u'], outputs: ['x'] }));
    const sm = linear(JSON.stringify({ InVars: 'u', StVarElEqns: "x' = -a*x + y", OtherElEqns: '', Constraints: 'y = u', OutputVars: 'x' }).replace('{', '{"parameters":{"a":2},'));
    close(own.numeric!.A, [[-2]]);
    close(sm.numeric!.A, [[-2]]);
  });

  it('parameters without values: the symbolic model only, and a note', () => {
    const m = linear(`[parameters]\nk\n[inputs]\nu\n[states]\nx' = -k*x + u\n[outputs]\nx`);
    expect(m.numeric).toBeUndefined();
    expect(m.symbolic.A.get(0, 0).evaluate({ k: 5 })).toBe(-5);
  });
});
