/**
 * compareModels: the largest difference between two formulations of one system. With the same states
 * (general vs MASD) the matrices are compared entry by entry. When the state choice differs (b1 vs b2,
 * x₂ = T x with T = diag(C2, L11), formulation.md 6.4) the matrices differ by the similarity T, so the
 * invariants are compared instead: D, E, C·Bd and the Markov parameters C Aᵏ B, k < min(n, 12), which
 * T leaves unchanged (C₂ A₂ᵏ B₂ = C T⁻¹ T Aᵏ T⁻¹ T B).
 */
import type { Dense, StateSpace } from '@sysgraph/formulation';

type M = readonly (readonly number[])[];

const mul = (a: M, b: M): number[][] => {
  const cols = b.length > 0 ? b[0].length : 0;
  return a.map((row) => Array.from({ length: cols }, (_, j) => row.reduce((s, v, k) => s + v * b[k][j], 0)));
};

/** max |a − b| over entries, and the largest |entry| for scale; Infinity on a shape mismatch. */
function largestDifference(a: M, b: M): { diff: number; scale: number } {
  if (a.length !== b.length) return { diff: Infinity, scale: 0 };
  let diff = 0;
  let scale = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i].length !== b[i].length) return { diff: Infinity, scale: 0 };
    for (let j = 0; j < a[i].length; j++) {
      diff = Math.max(diff, Math.abs(a[i][j] - b[i][j]));
      scale = Math.max(scale, Math.abs(a[i][j]), Math.abs(b[i][j]));
    }
  }
  return { diff, scale };
}

function combine(parts: readonly { diff: number; scale: number }[]): { diff: number; scale: number } {
  return parts.reduce((acc, p) => ({ diff: Math.max(acc.diff, p.diff), scale: Math.max(acc.scale, p.scale) }), { diff: 0, scale: 0 });
}

/** Markov parameters C Aᵏ B, k = 0 … count − 1. */
function markov(ss: ComparedModel, count: number): M[] {
  const out: M[] = [];
  let AkB: M = ss.B;
  for (let k = 0; k < count; k++) {
    out.push(mul(ss.C, AkB));
    AkB = mul(ss.A, AkB);
  }
  return out;
}

export interface Difference {
  readonly measure: 'matrices' | 'invariants';
  /** max |difference| over the compared entries. */
  readonly largest: number;
  /** max |entry|, to read the difference against. */
  readonly scale: number;
}

/** What the comparison reads of a model: its state names and matrices. */
export type ComparedModel = Pick<StateSpace<Dense<number>>, 'states' | 'A' | 'B' | 'C' | 'D' | 'E' | 'Bd'>;

export function compareModels(a: ComparedModel, b: ComparedModel): Difference {
  const sameStates = a.states.length === b.states.length && a.states.every((x, k) => x === b.states[k]);
  if (sameStates) {
    const r = combine([a.A, a.B, a.C, a.D, a.E, a.Bd].map((m, k) => largestDifference(m, [b.A, b.B, b.C, b.D, b.E, b.Bd][k])));
    return { measure: 'matrices', largest: r.diff, scale: r.scale };
  }
  if (a.states.length !== b.states.length) return { measure: 'invariants', largest: Infinity, scale: 0 };
  const count = Math.min(a.states.length, 12);
  const ma = markov(a, count);
  const mb = markov(b, count);
  const r = combine([
    largestDifference(a.D, b.D),
    largestDifference(a.E, b.E),
    largestDifference(mul(a.C, a.Bd), mul(b.C, b.Bd)),
    ...ma.map((m, k) => largestDifference(m, mb[k])),
  ]);
  return { measure: 'invariants', largest: r.diff, scale: r.scale };
}
