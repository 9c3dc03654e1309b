/**
 * Modal reference of a general (non-symmetric) LTI network x' = J x + b u, x(0) = 0, from an independent dense
 * eigendecomposition (ml-matrix's EigenvalueDecomposition, JAMA's Hessenberg QR; not the engine's code):
 *
 *   J V = V D, D block-diagonal: a real λ_j, or a 2×2 block [[a, β], [−β, a]] whose columns re, im of V
 *   give the eigenvector v = re + i·im of λ = a + iβ (checked below, the sign taken from the residual).
 *   b = V c  ⇒  the part of b on a pair is c₁ re + c₂ im = Re((c₁ − i c₂) v), so that pair contributes
 *   x(t) = Re(v (c₁ − i c₂) y(λ, t)),  y' = λ y + u;  a real eigenvalue x(t) = v c_j y(λ_j, t).
 *
 * Probe i reads Σ_j P_ij x_j; its modal weight is w = (P v)_i (c₁ − i c₂). One mode per conjugate pair (the
 * reference takes the real part).
 */
import { EigenvalueDecomposition, LuDecomposition, Matrix } from 'ml-matrix';
import type { Mode } from './modes';
import { cx } from './scalar-response';

export interface GeneralModes {
  readonly modes: Mode[];
  /** max over eigenpairs of ‖J v − λ v‖∞ / (‖J‖∞ ‖v‖∞): the decomposition's own residual. */
  readonly residual: number;
}

/** J row-major n×n, b length n, probes: one row of P per probe (row-major, length n each). */
export function generalModes(j: Float64Array, n: number, b: Float64Array, probes: readonly Float64Array[]): GeneralModes {
  const J = new Matrix(n, n);
  let norm = 0;
  for (let r = 0; r < n; r++) {
    let row = 0;
    for (let q = 0; q < n; q++) {
      J.set(r, q, j[r * n + q]);
      row += Math.abs(j[r * n + q]);
    }
    norm = Math.max(norm, row);
  }
  const evd = new EigenvalueDecomposition(J, { assumeSymmetric: false });
  const re = evd.realEigenvalues;
  const im = evd.imaginaryEigenvalues;
  const V = evd.eigenvectorMatrix;
  const c = new LuDecomposition(V).solve(Matrix.columnVector(Array.from(b))).getColumn(0);
  const col = (k: number) => V.getColumn(k);
  const project = (v: number[]) => probes.map((p) => p.reduce((s, pij, q) => s + pij * v[q], 0));
  const modes: Mode[] = [];
  let residual = 0;
  for (let k = 0; k < n; k++) {
    if (im[k] === 0) {
      const v = col(k);
      residual = Math.max(residual, realResidual(j, n, re[k], v) / (norm * maxAbs(v)));
      modes.push({ p: cx(re[k]), w: project(v).map((x) => cx(x * c[k])) });
      continue;
    }
    // a pair k, k + 1: columns re, im; λ = a ± iβ, the sign for which J v = λ v
    const vr = col(k);
    const vi = col(k + 1);
    const a = re[k];
    const beta = Math.abs(im[k]);
    const plus = pairResidual(j, n, a, beta, vr, vi);
    const minus = pairResidual(j, n, a, -beta, vr, vi);
    const b0 = plus <= minus ? beta : -beta;
    residual = Math.max(residual, Math.min(plus, minus) / (norm * Math.max(maxAbs(vr), maxAbs(vi))));
    // coefficient (c₁ − i c₂); the probes read P v = P vr + i P vi
    const pr = project(vr);
    const pi = project(vi);
    const c1 = c[k];
    const c2 = c[k + 1];
    modes.push({ p: cx(a, b0), w: pr.map((x, i) => cx(x * c1 + pi[i] * c2, pi[i] * c1 - x * c2)) });
    k++;
  }
  return { modes, residual };
}

const maxAbs = (v: readonly number[]) => v.reduce((m, x) => Math.max(m, Math.abs(x)), 0);

function realResidual(j: Float64Array, n: number, lambda: number, v: readonly number[]): number {
  let worst = 0;
  for (let r = 0; r < n; r++) {
    let s = -lambda * v[r];
    for (let q = 0; q < n; q++) s += j[r * n + q] * v[q];
    worst = Math.max(worst, Math.abs(s));
  }
  return worst;
}

/** ‖J v − λ v‖∞ for v = vr + i vi, λ = a + i β. */
function pairResidual(j: Float64Array, n: number, a: number, beta: number, vr: readonly number[], vi: readonly number[]): number {
  let worst = 0;
  for (let r = 0; r < n; r++) {
    let sr = 0;
    let si = 0;
    for (let q = 0; q < n; q++) {
      sr += j[r * n + q] * vr[q];
      si += j[r * n + q] * vi[q];
    }
    // (a + iβ)(vr + i vi) = a vr − β vi + i(β vr + a vi)
    sr -= a * vr[r] - beta * vi[r];
    si -= beta * vr[r] + a * vi[r];
    worst = Math.max(worst, Math.hypot(sr, si));
  }
  return worst;
}
