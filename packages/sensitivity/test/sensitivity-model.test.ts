/**
 * sensitivityModel (dense) against the augmented model written out by hand for n = 2 states, m = 1 input, q = 1
 * output and two parameters θ = (2, 5): the block lower-triangular A, the stacked B, Bd, D, F and the block C, every
 * derivative scaled by its θ; and with no outputs and no inputs, the empty blocks of the right shapes.
 */
import { describe, expect, it } from 'vitest';
import { sensitivityModel } from '../src/index';
import type { MatrixSensitivities } from '../src/index';

const M = (A: number[][], B: number[][], C: number[][], D: number[][], E: number[][], Bd: number[][]) => ({ A, B, C, D, E, Bd, Em: [], A0: [], B0: [], B1: [] });

const sens = (q: 0 | 1, m: 0 | 1): MatrixSensitivities => {
  const col = (a: number, b: number) => (m === 0 ? [[], []] : [[a], [b]]);
  const row = (a: number, b: number) => (q === 0 ? [] : [[a, b]]);
  const one = (v: number) => (q === 0 ? [] : m === 0 ? [[]] : [[v]]);
  return {
    parameters: ['R', 'C', 'L'],
    values: [2, 7, 5],
    method: 'numeric',
    states: ['x1', 'x2'],
    inputs: m === 0 ? [] : ['u'],
    outputs: q === 0 ? [] : ['y'],
    matrices: M([[-1, 2], [0, -3]], col(1, 0), row(1, 1), one(0.5), one(0), col(0, 0.25)),
    derivatives: [
      M([[0.1, 0], [0, 0]], col(0, 1), row(0, 2), one(0), one(3), col(1, 0)),
      M([[9, 9], [9, 9]], col(9, 9), row(9, 9), one(9), one(9), col(9, 9)), // not chosen: never read
      M([[0, 0], [-1, 0]], col(2, 0), row(1, 0), one(4), one(0), col(0, 0)),
    ],
    notes: [],
  } as unknown as MatrixSensitivities;
};

describe('sensitivityModel', () => {
  it('the augmented blocks, by hand, for θ_R = 2 and θ_L = 5 (C not chosen)', () => {
    const model = sensitivityModel(sens(1, 1), [0, 2]);
    expect(model.stateNames).toEqual(['x1', 'x2', 'R·d(x1)/d(R)', 'R·d(x2)/d(R)', 'L·d(x1)/d(L)', 'L·d(x2)/d(L)']);
    expect(model.outputNames).toEqual(['y', 'R·d(y)/d(R)', 'L·d(y)/d(L)']);
    expect(model.A).toEqual([
      [-1, 2, 0, 0, 0, 0],
      [0, -3, 0, 0, 0, 0],
      [0.2, 0, -1, 2, 0, 0],
      [0, 0, 0, -3, 0, 0],
      [0, 0, 0, 0, -1, 2],
      [-5, 0, 0, 0, 0, -3],
    ]);
    expect(model.B).toEqual([[1], [0], [0], [2], [10], [0]]);
    expect(model.Bd).toEqual([[0], [0.25], [2], [0], [0], [0]]);
    expect(model.C).toEqual([
      [1, 1, 0, 0, 0, 0],
      [0, 4, 1, 1, 0, 0],
      [5, 0, 0, 0, 1, 1],
    ]);
    expect(model.D).toEqual([[0.5], [0], [20]]);
    expect(model.F).toEqual([[0], [6], [0]]);
  });

  it('no outputs and no inputs: empty blocks of the right shapes', () => {
    const model = sensitivityModel(sens(0, 0), [1]);
    expect(model.A).toHaveLength(4);
    expect(model.B).toEqual([[], [], [], []]);
    expect(model.Bd).toEqual([[], [], [], []]);
    expect(model.C).toEqual([]);
    expect(model.D).toEqual([]);
    expect(model.F).toEqual([]);
  });
});
