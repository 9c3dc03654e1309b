/**
 * The sparse route: the sparse formulation in dual numbers gives the dense dual route's matrices and derivatives
 * on the examples (that route is checked against differences in matrix-sensitivities.test.ts), central
 * differences of the engine's own sparse model on a ladder above the sparse threshold, and trajectory
 * sensitivities of the RC step in closed form and of a large ladder against central differences.
 */
import { describe, expect, it } from 'vitest';
import { csrToDense } from '@sysgraph/linalg';
import type { CsrMatrix } from '@sysgraph/linalg';
import type { StateSpace } from '@sysgraph/formulation';
import { simulate } from '@sysgraph/engine';
import { SENSITIVITY_MATRICES, dualSensitivities, isSparseModel, sparseSensitivities, sparseTrajectorySensitivities } from '../src/index';
import { compiled, difference, example } from './helpers';
import { rc, rcLadder } from './fixtures';

describe('sparse dual formulation equals the dense dual one', () => {
  for (const name of ['rlc-series', 'motor-pump', 'two-mass', 'cellier-gear', 'masd-4-1']) {
    it(name, () => {
      const model = compiled(example(name));
      const params = [...model.description.parameters.entries()].filter(([, v]) => v !== null && v !== 0).map(([k]) => k);
      const dense = dualSensitivities(model, params);
      const sparse = sparseSensitivities(model, params);
      expect(sparse.states).toEqual(dense.states);
      for (const m of SENSITIVITY_MATRICES) {
        const v = difference(csrToDense(sparse.matrices[m]), dense.matrices[m]);
        expect(v.diff, `${name} ${m}`).toBeLessThanOrEqual(1e-12 * (1 + v.scale));
        params.forEach((p, k) => {
          const d = difference(csrToDense(sparse.derivatives[k][m]), dense.derivatives[k][m]);
          expect(d.diff, `${name} ∂${m}/∂${p}`).toBeLessThanOrEqual(1e-10 * (1 + d.scale));
        });
      }
    });
  }
});

/** The entry (i, j) of a CSR matrix. */
function at(a: CsrMatrix, i: number, j: number): number {
  for (let q = a.rowPtr[i]; q < a.rowPtr[i + 1]; q++) if (a.colIdx[q] === j) return a.values[q];
  return 0;
}

describe('a ladder above the sparse threshold', () => {
  const N = 1100; // 2201 branches: the engine formulates it sparse
  const R = 2;
  const C = 0.5;
  const model = compiled(rcLadder(N, R, C));

  it('is sparse, and ∂A/∂R, ∂A/∂C equal central differences of the engine\'s sparse A', () => {
    expect(isSparseModel(model)).toBe(true);
    const s = sparseSensitivities(model, ['R', 'C']);
    expect(s.states).toHaveLength(N);
    const A = (ps: Record<string, number>) => (compiled(rcLadder(N, ps.R, ps.C)).linear().numeric as StateSpace<CsrMatrix>).A;
    for (const [k, theta, h] of [[0, 'R', 1e-6 * R], [1, 'C', 1e-6 * C]] as const) {
      const up = A({ R, C, [theta]: (theta === 'R' ? R : C) + h });
      const down = A({ R, C, [theta]: (theta === 'R' ? R : C) - h });
      const dA = s.derivatives[k].A;
      expect(dA.nnz).toBeLessThanOrEqual(s.matrices.A.nnz);
      for (const [i, j] of [[0, 0], [0, 1], [500, 499], [500, 500], [N - 1, N - 2], [N - 1, N - 1]]) {
        const diff = (at(up, i, j) - at(down, i, j)) / (2 * h);
        expect(Math.abs(at(dA, i, j) - diff), `∂A[${i}][${j}]/∂${theta}`).toBeLessThanOrEqual(1e-7 * Math.abs(diff));
      }
    }
  });

  it('trajectory sensitivities against central differences of the engine simulation', () => {
    const outputs = [model.stateNames[0], model.stateNames[3]];
    const opts = { tEnd: 2, samples: 5, rtol: 1e-9, atol: 1e-12 };
    const s = sparseTrajectorySensitivities(model, ['R', 'C'], { ...opts, outputs });
    const run = (ps: { R: number; C: number }) => simulate(compiled(rcLadder(N, ps.R, ps.C)), { ...opts, record: outputs }).result;
    for (const [k, theta] of [[0, 'R'], [1, 'C']] as const) {
      const base = { R, C };
      const h = 1e-5 * base[theta];
      const up = run({ ...base, [theta]: base[theta] + h });
      const down = run({ ...base, [theta]: base[theta] - h });
      outputs.forEach((o, j) => {
        const a = up.columns[up.names.indexOf(o)];
        const b = down.columns[down.names.indexOf(o)];
        for (let r = 1; r < a.length; r++) {
          const diff = (a[r] - b[r]) / (2 * h);
          expect(Math.abs(s.derivatives[k][j][r] - diff), `∂${o}/∂${theta} at row ${r}`).toBeLessThanOrEqual(1e-5 * (Math.abs(diff) + 1 / base[theta]));
        }
      });
    }
  });
});

describe('sparse trajectory of the RC step in closed form', () => {
  it('R = 2, C = 0.25', () => {
    const [R, C] = [2, 0.25];
    const tau = R * C;
    const s = sparseTrajectorySensitivities(compiled(rc(R, C)), ['R', 'C'], { outputs: ['v_C1'], tEnd: 5 * tau, solver: 'dopri5', rtol: 1e-10, atol: 1e-14, samples: 51 });
    s.t.forEach((t, r) => {
      const e = Math.exp(-t / tau);
      expect(Math.abs(s.derivatives[0][0][r] * R + (t / tau) * e)).toBeLessThanOrEqual(1e-7);
      expect(Math.abs(s.derivatives[1][0][r] * C + (t / tau) * e)).toBeLessThanOrEqual(1e-7);
    });
  });
});
