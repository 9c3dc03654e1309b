/**
 * ∂(A, B, C, D, E, Bd, descriptor)/∂θ against central differences of the engine's own numeric model,
 * (M(θ + h) − M(θ − h)) / 2h with h = 1e-5 θ (truncation ~ h², rounding ~ ε/h: both far below 1e-6),
 * at several parameter values, on the textbook examples; and the symbolic route against the numeric one.
 */
import { describe, expect, it } from 'vitest';
import { SysgraphError } from '@sysgraph/core';
import type { CompiledModel } from '@sysgraph/engine';
import type { StateSpace } from '@sysgraph/formulation';
import { SENSITIVITY_MATRICES, dualSensitivities, matrixSensitivities, symbolicSensitivities } from '../src/index';
import type { SensitivityMatrix } from '../src/index';
import { compiled, difference, example } from './helpers';

const numeric = (m: CompiledModel): Record<SensitivityMatrix, number[][]> => {
  const ss = m.linear().numeric as StateSpace<number[][]>;
  return { A: ss.A, B: ss.B, C: ss.C, D: ss.D, E: ss.E, Bd: ss.Bd, Em: ss.descriptor.E, A0: ss.descriptor.A0, B0: ss.descriptor.B0, B1: ss.descriptor.B1 };
};

function centralDifference(text: string, base: Record<string, number>, theta: string): Record<SensitivityMatrix, number[][]> {
  const h = 1e-5 * Math.abs(base[theta]);
  const up = numeric(compiled(text, { ...base, [theta]: base[theta] + h }));
  const down = numeric(compiled(text, { ...base, [theta]: base[theta] - h }));
  const out = {} as Record<SensitivityMatrix, number[][]>;
  for (const k of SENSITIVITY_MATRICES) out[k] = up[k].map((row, i) => row.map((x, j) => (x - down[k][i][j]) / (2 * h)));
  return out;
}

const EXAMPLES = ['rlc-series', 'mass-spring-damper', 'two-mass', 'motor-pump', 'cellier-gear', 'masd-4-1', 'cellier-algebraic-loop', 'cases/mutual_cutset', 'cases/cap_loop_source', 'cases/gyrator_tree'];

describe('matrix sensitivities against central differences', () => {
  for (const name of EXAMPLES) {
    it(`${name}: every parameter, at three scalings of the parameter values`, () => {
      const text = example(name);
      const nominal = compiled(text);
      const params = [...nominal.description.parameters.entries()].filter(([, v]) => v !== null && v !== 0).map(([k]) => k);
      expect(params.length).toBeGreaterThan(0);
      for (const [s, scale] of [0.7, 1, 1.6].entries()) {
        const base = Object.fromEntries(params.map((p, i) => [p, (nominal.description.parameters.get(p) as number) * (i % 2 === s % 2 ? scale : 1 / scale)]));
        const model = compiled(text, base);
        const sens = dualSensitivities(model, params);
        params.forEach((theta, k) => {
          const cd = centralDifference(text, base, theta);
          for (const m of SENSITIVITY_MATRICES) {
            const { diff, scale: ds } = difference(sens.derivatives[k][m], cd[m]);
            const ms = difference(sens.matrices[m], sens.matrices[m]).scale / Math.abs(base[theta]);
            expect(diff, `${name} ∂${m}/∂${theta}`).toBeLessThanOrEqual(1e-6 * (ds + ms) + 1e-300);
          }
        });
      }
    });
  }
});

describe('the symbolic route', () => {
  for (const name of ['rlc-series', 'mass-spring-damper', 'two-mass', 'cellier-gear']) {
    it(`${name}: equals the numeric route`, () => {
      const model = compiled(example(name));
      const params = [...model.description.parameters.entries()].filter(([, v]) => v !== null).map(([k]) => k);
      const sym = symbolicSensitivities(model, params);
      const num = dualSensitivities(model, params);
      expect(sym.method).toBe('symbolic');
      params.forEach((theta, k) => {
        for (const m of SENSITIVITY_MATRICES) {
          const { diff, scale } = difference(sym.derivatives[k][m], num.derivatives[k][m]);
          expect(diff, `${name} ∂${m}/∂${theta}`).toBeLessThanOrEqual(1e-10 * scale + 1e-300);
        }
      });
    });
  }

  it('rlc-series by hand: ∂A/∂R = [[0, 0], [0, −1/L]], ∂A/∂C = [[0, −1/C²], [0, 0]]', () => {
    const model = compiled(example('rlc-series'));
    const s = matrixSensitivities(model, ['R', 'C']);
    expect(s.method).toBe('symbolic');
    const iv = s.states.indexOf('v_C1');
    const ii = s.states.indexOf('i_L1');
    const dAR = s.derivatives[0].A;
    const dAC = s.derivatives[1].A;
    expect(dAR[ii][ii]).toBeCloseTo(-1 / 0.5, 12);
    expect(dAR[iv][iv]).toBe(0);
    expect(dAC[iv][ii]).toBeCloseTo(-1 / 0.25 ** 2, 12);
    expect(dAC[ii][iv]).toBe(0);
  });
});

describe('a parameter inside a non-rational function (masd-4-1: ratio 2·cos(alpha))', () => {
  it('auto takes the numeric route and says why; ∂A/∂alpha equals central differences', () => {
    const text = example('masd-4-1');
    const model = compiled(text);
    const s = matrixSensitivities(model, ['alpha']);
    expect(s.method).toBe('numeric');
    expect(s.notes.join(' ')).toMatch(/cos\(alpha\)/);
    const alpha = model.description.parameters.get('alpha') as number;
    const cd = centralDifference(text, { alpha }, 'alpha');
    const { diff, scale } = difference(s.derivatives[0].A, cd.A);
    expect(scale).toBeGreaterThan(0.1); // A depends on alpha: a zero derivative would fail here
    expect(diff).toBeLessThanOrEqual(1e-6 * scale);
  });
  it('the symbolic route refuses it with a typed error naming the parameter', () => {
    try {
      symbolicSensitivities(compiled(example('masd-4-1')), ['alpha']);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SysgraphError);
      expect((e as SysgraphError).code).toBe('unsupported');
      expect((e as SysgraphError).element).toBe('alpha');
    }
  });
});

describe('bad input', () => {
  it('an unknown parameter is a typed error naming it and the field', () => {
    const model = compiled(example('rlc-series'));
    try {
      matrixSensitivities(model, ['Q']);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SysgraphError);
      expect((e as SysgraphError).element).toBe('Q');
      expect((e as SysgraphError).field).toBe('params');
    }
  });
  it('no parameter is a typed error', () => {
    expect(() => matrixSensitivities(compiled(example('rlc-series')), [])).toThrow(SysgraphError);
  });
});
