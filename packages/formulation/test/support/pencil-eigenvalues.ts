/**
 * The true dynamic order and the finite generalised eigenvalues of the descriptor pencil (A_t, E_t)
 * (formulation.md section 13, second check).
 *
 * Regularity: σE_t − A_t nonsingular for a seeded random real shift σ (several tries; all singular → singular pencil).
 * Order: dimension of the limit of the Wong sequence V_0 = Rⁿ, V_{k+1} = A_t⁻¹(E_t V_k) (preimage), which for a
 *        regular pencil is the deflating subspace of the finite eigenvalues (Wong 1974; Berger, Ilchmann, Trenn 2012).
 * Eigenvalues: μ of K = (σE_t − A_t)⁻¹E_t; A_t z = λ E_t z ⇔ K z = z/(σ − λ), so λ = σ − 1/μ for the `order`
 *        largest |μ| (infinite eigenvalues have μ = 0).
 */
import { EigenvalueDecomposition, LuDecomposition, Matrix } from 'ml-matrix';
import type { OracleNetwork } from './oracle-network';
import { buildDescriptorPencil } from './descriptor-pencil';
import { fullSvd, nullBasis } from './dense-svd';
import { mulberry32 } from './prng';

export interface Complex {
  re: number;
  im: number;
}

export type PencilResult = { singular: false; order: number; eigenvalues: Complex[]; shift: number } | { singular: true };

export interface PencilOptions {
  /** Seed of the shifts σ. */
  seed?: number;
  /** Number of shifts tried before the pencil is declared singular. */
  tries?: number;
  /** Relative rank threshold (σ_k ≤ tol·scale counts as zero). */
  tolerance?: number;
}

/** Canonical order: by real part, then imaginary part (ties within 1e-9 relative). */
export function sortEigenvalues(values: Complex[]): Complex[] {
  const scale = Math.max(1, ...values.map((v) => Math.hypot(v.re, v.im)));
  return [...values].sort((p, q) => (Math.abs(p.re - q.re) > 1e-9 * scale ? p.re - q.re : p.im - q.im));
}

/** Orthonormal basis of the column space of m (n × k). */
function rangeBasis(m: Matrix, absoluteTol: number): Matrix {
  if (m.columns === 0) return new Matrix(m.rows, 0);
  const svd = fullSvd(m.rows >= m.columns ? m : m.transpose(), 0);
  const sigma = svd.sigma;
  const rank = sigma.filter((s) => s > absoluteTol).length;
  if (rank === 0) return new Matrix(m.rows, 0);
  const idx = [...Array(rank).keys()];
  return m.rows >= m.columns ? svd.u.subMatrix(0, m.rows - 1, 0, rank - 1) : svd.v.subMatrixColumn(idx);
}

/** dim of the Wong limit V* (the number of finite eigenvalues of a regular pencil). */
export function wongOrder(e: Matrix, a: Matrix, tolerance = 1e-9): number {
  const n = e.rows;
  const eTol = tolerance * Math.max(1, e.norm('frobenius'));
  const aScale = Math.max(1, a.norm('frobenius'));
  let v = Matrix.eye(n, n);
  for (let step = 0; step <= n; step++) {
    // W = orth(E V);  V_next = null((I − W Wᵀ) A).
    const w = rangeBasis(e.mmul(v), eTol);
    const projected = w.columns ? Matrix.sub(a, w.mmul(w.transpose().mmul(a))) : a.clone(); // ml-matrix's a.sub() is in place
    const svd = fullSvd(projected, 0);
    const rank = svd.sigma.filter((s) => s > tolerance * aScale).length;
    const next = nullBasis({ ...svd, rank });
    if (next.columns === v.columns) return next.columns;
    v = next;
    if (v.columns === 0) return 0;
  }
  return v.columns;
}

export function pencilEigenvalues(net: OracleNetwork, options: PencilOptions = {}): PencilResult {
  const { e, a } = buildDescriptorPencil(net);
  const n = e.rows;
  const tolerance = options.tolerance ?? 1e-9;
  const rng = mulberry32(options.seed ?? 20240611);
  const tries = options.tries ?? 4;
  for (let attempt = 0; attempt < tries; attempt++) {
    // Passive networks have no eigenvalue with Re λ > 0, so a positive shift is almost surely not one.
    const sigma = rng.uniform(0.5, 2);
    const shifted = e.clone().mul(sigma).sub(a);
    const s = fullSvd(shifted);
    if (n > 0 && s.rank < n) continue;
    const order = wongOrder(e, a, tolerance);
    if (order === 0) return { singular: false, order, eigenvalues: [], shift: sigma };
    const k = new LuDecomposition(shifted).solve(e);
    const eig = new EigenvalueDecomposition(k);
    const mus = eig.realEigenvalues.map((re, q) => ({ re, im: eig.imaginaryEigenvalues[q] }));
    mus.sort((p, q) => Math.hypot(q.re, q.im) - Math.hypot(p.re, p.im));
    // λ = σ − 1/μ,  1/μ = conj(μ)/|μ|².
    const lambdas = mus.slice(0, order).map(({ re, im }) => {
      const m2 = re * re + im * im;
      return { re: sigma - re / m2, im: im === 0 ? 0 : im / m2 };
    });
    return { singular: false, order, eigenvalues: sortEigenvalues(lambdas), shift: sigma };
  }
  return { singular: true };
}
