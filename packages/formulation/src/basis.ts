/**
 * The basis of the static solve (formulation.md section 5.1): β = [x; u; i_S; v_Γ] with x = [v_C; i_L].
 * Every branch variable is affine in β; the column ranges below index a coefficient row.
 */
import type { Partition } from '@sysgraph/graph';

export interface Basis {
  readonly nC: number;
  readonly nL: number;
  readonly nx: number;
  readonly m: number;
  readonly nS: number;
  readonly nGamma: number;
  readonly size: number;
  /** Column index lists of each part of β. */
  readonly x: Int32Array;
  readonly xC: Int32Array;
  readonly xL: Int32Array;
  readonly u: Int32Array;
  readonly iS: Int32Array;
  readonly vGamma: Int32Array;
}

export function basisOf(p: Partition): Basis {
  const nC = p.groups.C.length;
  const nL = p.groups.L.length;
  const m = p.inputs.length;
  const nS = p.groups.S.length;
  const nGamma = p.groups.Gamma.length;
  const nx = nC + nL;
  return {
    nC, nL, nx, m, nS, nGamma,
    size: nx + m + nS + nGamma,
    x: span(0, nx),
    xC: span(0, nC),
    xL: span(nC, nx),
    u: span(nx, nx + m),
    iS: span(nx + m, nx + m + nS),
    vGamma: span(nx + m + nS, nx + m + nS + nGamma),
  };
}

export function span(a: number, b: number): Int32Array {
  const r = new Int32Array(Math.max(0, b - a));
  for (let i = 0; i < r.length; i++) r[i] = a + i;
  return r;
}
