/**
 * Two state-space models of one system compared, one answer for the command line and the web app:
 *   - the same states (general vs MASD, or a recompiled model): the matrices A, B, C, D, E, Bd entry by entry;
 *   - different states (b1 vs b2, x₂ = T x₁ with T = diag(C, L), formulation.md 6.4; or a law written in q or λ):
 *     the invariants T leaves unchanged, the poles (eigenvalues of A, matched nearest first) and the transfer
 *     matrix H(s) = C (sI − A)⁻¹ B + D + E s at fixed test points (model-invariants.ts).
 * `largest` is the largest difference, `scale` the largest |entry| (matrices) or |pole|, |H(s)| (invariants) to
 * read it against. A different number of states, inputs or outputs is a difference of Infinity.
 */
import { transferAt } from '@sysgraph/analysis';
import { poleDistance, sortedPoles, transferDistance, TEST_POINTS } from './model-invariants';

type M = readonly (readonly number[])[];

/** What a comparison reads of a model: its state names and dense matrices (E and Bd may be absent: zero). */
export interface ComparedModel {
  readonly states: readonly string[];
  readonly A: M;
  readonly B: M;
  readonly C: M;
  readonly D: M;
  readonly E?: M;
  readonly Bd?: M;
}

export interface Difference {
  readonly measure: 'matrices' | 'invariants';
  readonly largest: number;
  readonly scale: number;
}

const zeros = (rows: number, cols: number): number[][] => Array.from({ length: rows }, () => new Array<number>(cols).fill(0));

function entrywise(a: M, b: M): { diff: number; scale: number } {
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

const full = (m: ComparedModel) => ({ A: m.A, B: m.B, C: m.C, D: m.D, E: m.E ?? zeros(m.C.length, m.B[0]?.length ?? m.D[0]?.length ?? 0), Bd: m.Bd ?? zeros(m.A.length, m.B[0]?.length ?? 0) });

export function compareStateSpaces(a: ComparedModel, b: ComparedModel): Difference {
  const x = full(a);
  const y = full(b);
  const sameStates = a.states.length === b.states.length && a.states.every((s, k) => s === b.states[k]);
  if (sameStates) {
    const parts = (['A', 'B', 'C', 'D', 'E', 'Bd'] as const).map((k) => entrywise(x[k], y[k]));
    return { measure: 'matrices', largest: Math.max(...parts.map((p) => p.diff)), scale: Math.max(...parts.map((p) => p.scale)) };
  }
  if (a.states.length !== b.states.length || x.D.length !== y.D.length || (x.D[0]?.length ?? 0) !== (y.D[0]?.length ?? 0)) return { measure: 'invariants', largest: Infinity, scale: 0 };
  const pa = sortedPoles(x.A);
  const pb = sortedPoles(y.A);
  let scale = Math.max(0, ...pa.map((z) => Math.hypot(z.re, z.im)));
  for (const s of TEST_POINTS) {
    try {
      for (const row of transferAt(y, s)) for (const z of row) scale = Math.max(scale, Math.hypot(z.re, z.im));
    } catch {
      // a test point on a pole: skipped, as transferDistance does
    }
  }
  return { measure: 'invariants', largest: Math.max(poleDistance(pa, pb), transferDistance(x, y)), scale };
}
