/**
 * Pole sensitivities: the RC (λ = −1/RC: ∂λ/∂R = 1/(R²C), ∂λ/∂C = 1/(RC²)) and the series RLC
 * (λ = −R/2L ± √(R²/4L² − 1/LC)) by hand; the examples against central differences of the eigenvalues of the
 * engine's numeric A; a repeated eigenvalue gives NaN and a note.
 */
import { describe, expect, it } from 'vitest';
import { eigenvalues } from '@sysgraph/linalg';
import type { StateSpace } from '@sysgraph/formulation';
import { poleSensitivities } from '../src/index';
import { compiled, example } from './helpers';
import { rc, twinRc } from './fixtures';

type Z = { re: number; im: number };
const csqrt = (z: Z): Z => {
  const r = Math.hypot(z.re, z.im);
  const re = Math.sqrt((r + z.re) / 2);
  const im = Math.sign(z.im || 1) * Math.sqrt((r - z.re) / 2);
  return { re, im };
};
const cdiv = (a: Z, b: Z): Z => {
  const d = b.re ** 2 + b.im ** 2;
  return { re: (a.re * b.re + a.im * b.im) / d, im: (a.im * b.re - a.re * b.im) / d };
};
const close = (a: Z, b: Z, tol: number) => Math.hypot(a.re - b.re, a.im - b.im) <= tol * Math.max(1, Math.hypot(b.re, b.im));

describe('pole sensitivities by hand', () => {
  for (const [R, C] of [[1e3, 1e-6], [2, 0.3], [47, 2.2e-9]]) {
    it(`RC with R = ${R}, C = ${C}`, () => {
      const s = poleSensitivities(compiled(rc(R, C)), ['R', 'C']);
      expect(s.poles).toHaveLength(1);
      const [p] = s.poles;
      expect(p.pole.re).toBeCloseTo(-1 / (R * C), 6);
      expect(Math.abs(p.derivatives[0].re - 1 / (R * R * C))).toBeLessThanOrEqual(1e-9 / (R * R * C));
      expect(Math.abs(p.derivatives[1].re - 1 / (R * C * C))).toBeLessThanOrEqual(1e-9 / (R * C * C));
      // normalised: (R/λ)·∂λ/∂R = −1
      expect(p.normalised[0].re).toBeCloseTo(-1, 9);
      expect(p.normalised[1].re).toBeCloseTo(-1, 9);
    });
  }

  for (const [R, L, C] of [[1, 0.5, 0.25], [3, 0.5, 0.25], [10, 1e-3, 1e-6]]) {
    it(`series RLC with R = ${R}, L = ${L}, C = ${C}`, () => {
      const model = compiled(example('rlc-series'), { R, L, C });
      const s = poleSensitivities(model, ['R', 'L', 'C']);
      const disc: Z = { re: (R * R) / (4 * L * L) - 1 / (L * C), im: 0 };
      const root = csqrt(disc);
      for (const sign of [1, -1]) {
        const lambda = { re: -R / (2 * L) + sign * root.re, im: sign * root.im };
        const p = s.poles.find((q) => close(q.pole, lambda, 1e-9));
        expect(p, `pole ${lambda.re} ${lambda.im}`).toBeDefined();
        // ∂λ/∂θ = ∂(−R/2L)/∂θ ± ∂disc/∂θ / (2√disc)
        const half = (dd: number): Z => cdiv({ re: sign * dd, im: 0 }, { re: 2 * root.re, im: 2 * root.im });
        const dR = half(R / (2 * L * L));
        const dL = half(-(R * R) / (2 * L ** 3) + 1 / (L * L * C));
        const dC = half(1 / (L * C * C));
        const expected: Z[] = [
          { re: -1 / (2 * L) + dR.re, im: dR.im },
          { re: R / (2 * L * L) + dL.re, im: dL.im },
          dC,
        ];
        expected.forEach((e, k) => expect(close(p!.derivatives[k], e, 1e-8), `∂λ/∂${['R', 'L', 'C'][k]}: ${JSON.stringify(p!.derivatives[k])} vs ${JSON.stringify(e)}`).toBe(true));
      }
    });
  }
});

describe('pole sensitivities against central differences', () => {
  for (const name of ['mass-spring-damper', 'two-mass', 'motor-pump', 'cellier-gear', 'masd-4-1']) {
    it(name, () => {
      const text = example(name);
      const nominal = compiled(text);
      const base = Object.fromEntries([...nominal.description.parameters.entries()].filter(([, v]) => v !== null && v !== 0)) as Record<string, number>;
      const params = Object.keys(base);
      const s = poleSensitivities(nominal, params, { method: 'numeric' });
      const spectrum = (ps: Record<string, number>): Z[] => {
        const A = (compiled(text, ps).linear().numeric as StateSpace<number[][]>).A;
        const e = eigenvalues(A);
        return Array.from(e.re, (re, i) => ({ re, im: e.im[i] }));
      };
      const nearest = (zs: Z[], z: Z) => zs.reduce((best, q) => (Math.hypot(q.re - z.re, q.im - z.im) < Math.hypot(best.re - z.re, best.im - z.im) ? q : best));
      params.forEach((theta, k) => {
        const h = 1e-6 * Math.abs(base[theta]);
        const up = spectrum({ ...base, [theta]: base[theta] + h });
        const down = spectrum({ ...base, [theta]: base[theta] - h });
        for (const p of s.poles) {
          if (Number.isNaN(p.derivatives[k].re)) continue;
          const a = nearest(up, p.pole);
          const b = nearest(down, p.pole);
          const cd = { re: (a.re - b.re) / (2 * h), im: (a.im - b.im) / (2 * h) };
          const scale = Math.max(...s.poles.map((q) => Math.hypot(q.pole.re, q.pole.im))) / Math.abs(base[theta]);
          expect(Math.hypot(cd.re - p.derivatives[k].re, cd.im - p.derivatives[k].im), `${name} ∂λ/∂${theta} at ${p.pole.re}`).toBeLessThanOrEqual(1e-6 * (Math.hypot(cd.re, cd.im) + scale));
        }
      });
    });
  }
});

describe('a repeated eigenvalue', () => {
  it('has NaN sensitivities and a note', () => {
    const s = poleSensitivities(compiled(twinRc(2, 0.5)), ['R']);
    expect(s.poles).toHaveLength(2);
    for (const p of s.poles) expect(Number.isNaN(p.derivatives[0].re)).toBe(true);
    expect(s.notes.some((n) => n.includes('repeated'))).toBe(true);
  });
});
