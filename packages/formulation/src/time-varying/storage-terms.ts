/**
 * The storage terms of formulation.md section 5.2 from the storage matrices C2 = diag(C_tree), C1 = diag(C_S)
 * and the inductance matrix over [L; Γ], with the static rows' coefficient blocks (constant in t wherever the
 * time-varying formulation applies, see time-dependence.ts):
 *   S_x = C1 P_S,  S_u = C1 Q_S,   G_x = L21 Π_L + L22 P_Γ,  G_u = L22 Q_Γ,   Λ_x = L11 Π_L + L12 P_Γ,  Λ_u = L12 Q_Γ
 *   E  = [ C2 Π_C − a_S S_x − a_Γ G_x ;  Λ_x − b_S S_x − b_Γ G_x ]
 *   B1 = [ a_S S_u + a_Γ G_u ;  b_S S_u + b_Γ G_u − Λ_u ]
 * Every term is linear in the storage matrices, so the same function applied to their rates (Ċ2, Ċ1, L̇)
 * gives E', B1', S_x', S_u', G_x', G_u'. Cost O(n²·(n + m)) for n states and m inputs.
 */
import type { Basis } from '../basis';
import type { Rows } from './dense';
import { addScaled, columns, mul, scaleRows, zeros } from './dense';
import type { StaticRows } from './static-rows';
import type { LinearForm } from './linear-form';
import { linearForm } from './linear-form';
import type { StorageScalars } from './storage-matrices';

/** The column blocks of the static rows over β = [x; u; i_S; v_Γ]. */
export interface CouplingBlocks {
  readonly ax: Rows; readonly au: Rows; readonly aS: Rows; readonly aG: Rows;
  readonly bx: Rows; readonly bu: Rows; readonly bS: Rows; readonly bG: Rows;
  readonly PS: Rows; readonly QS: Rows; readonly PG: Rows; readonly QG: Rows;
  readonly wx: Rows; readonly wu: Rows; readonly wS: Rows; readonly wG: Rows;
}

export function couplingBlocks(r: StaticRows, basis: Basis): CouplingBlocks {
  const c = (m: Rows, cols: Int32Array) => columns(m, cols);
  return {
    ax: c(r.iC, basis.x), au: c(r.iC, basis.u), aS: c(r.iC, basis.iS), aG: c(r.iC, basis.vGamma),
    bx: c(r.vL, basis.x), bu: c(r.vL, basis.u), bS: c(r.vL, basis.iS), bG: c(r.vL, basis.vGamma),
    PS: c(r.vS, basis.x), QS: c(r.vS, basis.u), PG: c(r.iGamma, basis.x), QG: c(r.iGamma, basis.u),
    wx: c(r.W, basis.x), wu: c(r.W, basis.u), wS: c(r.W, basis.iS), wG: c(r.W, basis.vGamma),
  };
}

/** Storage matrices at one time: diagonals of C2 and C1, and the inductance matrix over [L; Γ]. */
export interface StorageMatrices {
  readonly C2: Float64Array;
  readonly C1: Float64Array;
  readonly L: Rows;
}

export interface StorageTerms {
  readonly E: Rows;
  readonly B1: Rows;
  readonly Sx: Rows;
  readonly Su: Rows;
  readonly Gx: Rows;
  readonly Gu: Rows;
}

export function storageTerms(k: CouplingBlocks, st: StorageMatrices, basis: Basis): StorageTerms {
  const { nC, nL, nx, m } = basis;
  const L11 = st.L.slice(0, nL).map((row) => row.slice(0, nL));
  const L12 = st.L.slice(0, nL).map((row) => row.slice(nL));
  const L21 = st.L.slice(nL).map((row) => row.slice(0, nL));
  const L22 = st.L.slice(nL).map((row) => row.slice(nL));
  // X Π_L: X placed in the i_L columns of an n_x-wide matrix.
  const onL = (X: Rows) => X.map((row) => [...new Array<number>(nC).fill(0), ...row]);
  const Sx = scaleRows(st.C1, k.PS);
  const Su = scaleRows(st.C1, k.QS);
  const Gx = addScaled(onL(L21), mul(L22, k.PG, nx));
  const Gu = mul(L22, k.QG, m);
  const Lx = addScaled(onL(L11), mul(L12, k.PG, nx));
  const Lu = mul(L12, k.QG, m);
  const C2Pi = zeros(nC, nx);
  for (let i = 0; i < nC; i++) C2Pi[i][i] = st.C2[i];
  const Etop = addScaled(addScaled(C2Pi, mul(k.aS, Sx, nx), -1), mul(k.aG, Gx, nx), -1);
  const Ebottom = addScaled(addScaled(Lx, mul(k.bS, Sx, nx), -1), mul(k.bG, Gx, nx), -1);
  const B1top = addScaled(mul(k.aS, Su, m), mul(k.aG, Gu, m));
  const B1bottom = addScaled(addScaled(mul(k.bS, Su, m), mul(k.bG, Gu, m)), Lu, -1);
  return { E: [...Etop, ...Ebottom], B1: [...B1top, ...B1bottom], Sx, Su, Gx, Gu };
}

/**
 * The storage terms as linear forms in the storage scalars (storage-matrices.ts): E, B1 and, for the outputs,
 * K = w_S S_x + w_Γ G_x and K_u = w_S S_u + w_Γ G_u. Built once from the constant coupling blocks
 * (a_S, a_Γ, b_S, b_Γ, P_S, Q_S, P_Γ, Q_Γ, w_S, w_Γ); the same forms give the rates from the scalar rates.
 */
export interface StorageForms {
  readonly E: LinearForm;
  readonly B1: LinearForm;
  readonly K: LinearForm;
  readonly Ku: LinearForm;
}

export function storageForms(k: CouplingBlocks, scalars: StorageScalars, basis: Basis): StorageForms {
  const { nx, m } = basis;
  const p = k.wx.length;
  const units = scalars.slots.map((_, q) => storageTerms(k, scalars.unit(q), basis));
  return {
    E: linearForm(units.map((u) => u.E), nx, nx),
    B1: linearForm(units.map((u) => u.B1), nx, m),
    K: linearForm(units.map((u) => addScaled(mul(k.wS, u.Sx, nx), mul(k.wG, u.Gx, nx))), p, nx),
    Ku: linearForm(units.map((u) => addScaled(mul(k.wS, u.Su, m), mul(k.wG, u.Gu, m))), p, m),
  };
}
