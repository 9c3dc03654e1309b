/**
 * The static network's rows (formulation.md section 5.1): the branch variables the state equations and the
 * outputs read, each a coefficient row over β = [x; u; i_S; v_Γ]:
 *   i_C (KCL of C), v_L (KVL of L), v_S (KVL of S), i_Γ (KCL of Γ) and the requested outputs W.
 * Constant resistances and ratios: computed once by the linear formulation's own stages (branchRelations,
 * outputRows, including the D1 pseudo-inverse). Time-varying ones: re-solved at each t from cached structural
 * matrices (no graph algorithm per evaluation):
 *   M(t) Z = R,   M = [[ Hσσ, Hσρ − F_ρσᵀ ], [ Hρσ + F_ρσ, Hρρ ]],
 *   R = [ F_Lσᵀ i_L + F_Sσᵀ i_S + F_Jσᵀ u_J ;  −F_ρC v_C − F_ρΓ v_Γ − F_ρE u_E ]   (columns over β)
 *   every row = N0 + N1 Z   (VT = [u_E; v_C; v_σ; v_Γ], IL = [i_S; i_ρ; i_L; u_J], VL = −F VT, IT = Fᵀ IL)
 * Cost per evaluation: O(k³ + k²·|β|) with k = |σ| + |ρ|, plus O(rows·k·|β|).
 */
import { SysgraphError } from '@sysgraph/core';
import type { Structure } from '@sysgraph/graph';
import type { Backend } from '../backend';
import type { Basis } from '../basis';
import { branchRelations } from '../branch-relations';
import type { BranchRelations } from '../branch-relations';
import type { Dense } from '../algebra/dense-algebra';
import { elementMatrices } from '../element-matrices';
import { outputRows } from '../outputs';
import type { Diagnostic } from '@sysgraph/core';
import type { Rows } from './dense';
import { addScaled, luFactor, mul, zeros } from './dense';
import type { ValueTable } from './compiled-values';

export interface StaticRows {
  readonly iC: Rows;
  readonly vL: Rows;
  readonly vS: Rows;
  readonly iGamma: Rows;
  readonly W: Rows;
}

/** The blocks that time-varying resistances and ratios change: A0 = [a_x; b_x], B0 = [a_u; b_u], w_x, w_u. */
export interface StaticResponse {
  readonly A0: Rows;
  readonly B0: Rows;
  readonly wx: Rows;
  readonly wu: Rows;
}

export interface StaticNetwork {
  /** True when no resistance or ratio depends on t (the rows are computed once). */
  readonly constant: boolean;
  /** The rows at the table's current values (call table.update(t) first). */
  rows(t: number): StaticRows;
  /** Only the x and u columns of i_C, v_L (and of the outputs when asked): the per-step part. */
  response(t: number, withOutputs: boolean): StaticResponse;
  readonly diagnostics: readonly Diagnostic[];
}

interface HEntry {
  readonly row: number;
  readonly col: number;
  readonly site: number;
  readonly reciprocal: boolean;
  readonly sign: 1 | -1;
}

/** Splits the stacked rows [i_C; v_L; v_S; i_Γ; W] into their parts. */
function split(all: Rows, counts: readonly number[]): StaticRows {
  const parts: Rows[] = [];
  let at = 0;
  for (const c of counts) {
    parts.push(all.slice(at, at + c));
    at += c;
  }
  const [iC, vL, vS, iGamma, W] = parts;
  return { iC, vL, vS, iGamma, W };
}

export function staticNetwork(s: Structure, basis: Basis, table: ValueTable, be0: Backend<Dense<number>, number>, staticVarying: boolean): StaticNetwork {
  const p = s.partition;
  const loop = p.loop;
  const tr = loop.treeOrder.ranges;
  const lr = loop.linkOrder.ranges;
  const nT = loop.treeOrder.branches.length;
  const nLk = loop.linkOrder.branches.length;
  const range = (r: readonly [number, number]) => Array.from({ length: r[1] - r[0] }, (_, i) => r[0] + i);
  // Row selectors into the stack [VT; VL; IT; IL]: i_C, v_L, v_S, i_Γ, then the outputs.
  const pick = [...range(tr.C).map((i) => nT + nLk + i), ...range(lr.L).map((i) => nT + i), ...range(lr.S).map((i) => nT + i), ...range(tr.Gamma).map((i) => nT + nLk + i)];
  const counts = [basis.nC, basis.nL, basis.nS, basis.nGamma, s.description.outputs.length];
  const total = 2 * (nT + nLk);
  const alg = be0.algebra;
  const eye = alg.identity(total);
  const block = (a: number, b: number) => eye.slice(a, b);
  const VL = block(nT, nT + nLk);
  const IT = block(nT + nLk, 2 * nT + nLk);
  const selector: BranchRelations<Dense<number>> = {
    VT: block(0, nT), VL, IT, IL: block(2 * nT + nLk, total), UE: [], UJ: [], diagnostics: [],
    linkAcross: (r) => alg.selectRows(VL, r),
    treeThrough: (r) => alg.selectRows(IT, r),
  };
  const outputSelector = alg.toDense(outputRows(p, selector, s.description.outputs, be0, total));
  const selectAll = (stack: Rows, cols: number): Rows => [...pick.map((r) => stack[r].slice()), ...mul(outputSelector, stack, cols)];

  if (!staticVarying) {
    const el = elementMatrices(p, s.description, be0);
    const rel = branchRelations(p, basis, el, be0);
    const stack = [...alg.toDense(rel.VT), ...alg.toDense(rel.VL), ...alg.toDense(rel.IT), ...alg.toDense(rel.IL)];
    const rows = split(selectAll(stack, basis.size), counts);
    const part = (M: Rows, c: Int32Array) => M.map((row) => Array.from(c, (j) => row[j]));
    const response: StaticResponse = { A0: part([...rows.iC, ...rows.vL], basis.x), B0: part([...rows.iC, ...rows.vL], basis.u), wx: part(rows.W, basis.x), wu: part(rows.W, basis.u) };
    return { constant: true, rows: () => rows, response: () => response, diagnostics: rel.diagnostics };
  }

  const F = alg.toDense(alg.fromSigned(loop.F));
  const lg = s.graph;
  const ns = tr.gammaT[1] - tr.G[0];
  const nr = lr.gammaL[1] - lr.R[0];
  const k = ns + nr;
  const size = basis.size;
  const UE = Array.from(p.groups.E, (b) => p.inputOfBranch[b]);
  const UJ = Array.from(p.groups.J, (b) => p.inputOfBranch[b]);

  // Stack at Z = 0 and its coefficient on Z.
  const VT0 = zeros(nT, size);
  const VTz = zeros(nT, k);
  UE.forEach((u, j) => (VT0[tr.E[0] + j][basis.u[u]] = 1));
  for (let j = 0; j < basis.nC; j++) VT0[tr.C[0] + j][basis.xC[j]] = 1;
  for (let i = 0; i < ns; i++) VTz[tr.G[0] + i][i] = 1;
  for (let j = 0; j < basis.nGamma; j++) VT0[tr.Gamma[0] + j][basis.vGamma[j]] = 1;
  const IL0 = zeros(nLk, size);
  const ILz = zeros(nLk, k);
  for (let j = 0; j < basis.nS; j++) IL0[lr.S[0] + j][basis.iS[j]] = 1;
  for (let r = 0; r < nr; r++) ILz[lr.R[0] + r][ns + r] = 1;
  for (let j = 0; j < basis.nL; j++) IL0[lr.L[0] + j][basis.xL[j]] = 1;
  UJ.forEach((u, j) => (IL0[lr.J[0] + j][basis.u[u]] = 1));
  const Ft = F.length > 0 ? F[0].map((_, c) => F.map((row) => row[c])) : Array.from({ length: nT }, () => [] as number[]);
  const negF = F.map((row) => row.map((x) => -x));
  const stack0 = [...VT0, ...mul(negF, VT0, size), ...mul(Ft, IL0, size), ...IL0];
  const stackZ = [...VTz, ...mul(negF, VTz, k), ...mul(Ft, ILz, k), ...ILz];
  const N0 = selectAll(stack0, size);
  const N1 = selectAll(stackZ, k);

  // Right-hand side R and the structural part of M.
  const R = zeros(k, size);
  const M0 = zeros(k, k);
  for (let i = 0; i < ns; i++) {
    const c = tr.G[0] + i;
    for (let j = 0; j < basis.nL; j++) R[i][basis.xL[j]] = F[lr.L[0] + j][c];
    UJ.forEach((u, j) => (R[i][basis.u[u]] += F[lr.J[0] + j][c]));
    for (let j = 0; j < basis.nS; j++) R[i][basis.iS[j]] = F[lr.S[0] + j][c];
    for (let r = 0; r < nr; r++) {
      const f = F[lr.R[0] + r][c];
      M0[i][ns + r] = -f; // Hσρ − F_ρσᵀ
      M0[ns + r][i] = f; // Hρσ + F_ρσ
    }
  }
  for (let r = 0; r < nr; r++) {
    const row = F[lr.R[0] + r];
    for (let j = 0; j < basis.nC; j++) R[ns + r][basis.xC[j]] = -row[tr.C[0] + j];
    UE.forEach((u, j) => (R[ns + r][basis.u[u]] -= row[tr.E[0] + j]));
    for (let j = 0; j < basis.nGamma; j++) R[ns + r][basis.vGamma[j]] = -row[tr.Gamma[0] + j];
  }

  // H entries (section 4): tree resistor 1/R, link resistor R, transformer ±K, gyrator ±1/GY (tree) or ±GY (links).
  const entries: HEntry[] = [];
  const site = (id: string) => table.index.get(id)!;
  const sigmaOf = (b: number) => loop.position[b] - tr.G[0];
  const rhoOf = (b: number) => ns + loop.position[b] - lr.R[0];
  for (const b of p.groups.G) entries.push({ row: sigmaOf(b), col: sigmaOf(b), site: site(lg.ids[b]), reciprocal: true, sign: 1 });
  for (const b of p.groups.R) entries.push({ row: rhoOf(b), col: rhoOf(b), site: site(lg.ids[b]), reciprocal: false, sign: 1 });
  for (const tp of lg.twoPorts) {
    const [p1, p2] = tp.ports;
    const q = site(tp.id);
    if (tp.kind === 'transformer') {
      const thetaIsPort2 = loop.tree.inTree[p2];
      const theta = sigmaOf(thetaIsPort2 ? p2 : p1);
      const alpha = rhoOf(thetaIsPort2 ? p1 : p2);
      // v_α = K v_θ, i_θ = −K i_α with K = TF (θ = port 2) or 1/TF (θ = port 1).
      entries.push({ row: alpha, col: theta, site: q, reciprocal: !thetaIsPort2, sign: 1 });
      entries.push({ row: theta, col: alpha, site: q, reciprocal: !thetaIsPort2, sign: -1 });
    } else if (loop.tree.inTree[p1]) {
      entries.push({ row: sigmaOf(p1), col: sigmaOf(p2), site: q, reciprocal: true, sign: -1 });
      entries.push({ row: sigmaOf(p2), col: sigmaOf(p1), site: q, reciprocal: true, sign: 1 });
    } else {
      entries.push({ row: rhoOf(p1), col: rhoOf(p2), site: q, reciprocal: false, sign: 1 });
      entries.push({ row: rhoOf(p2), col: rhoOf(p1), site: q, reciprocal: false, sign: -1 });
    }
  }
  const ids = [...Array.from(p.groups.G), ...Array.from(p.groups.theta), ...Array.from(p.groups.gammaT), ...Array.from(p.groups.R), ...Array.from(p.groups.alpha), ...Array.from(p.groups.gammaL)].map((b) => lg.ids[b]);
  const factor = (t: number) => {
    const M = M0.map((row) => row.slice());
    for (const e of entries) {
      const v = table.values[e.site];
      M[e.row][e.col] += e.sign * (e.reciprocal ? 1 / v : v);
    }
    return luFactor(M, (column) => new SysgraphError('singular-static-network', `at t = ${t} the static network (resistors, transformers, gyrators) is singular near ${ids[column] ?? 'its elements'}`, { element: ids[column], elements: ids, expected: 'a uniquely solvable static network at every time' }), 1e-12);
  };
  // Per step only the x and u columns matter (the i_S, v_Γ columns are structural here): Z_xu = M⁻¹ R_xu.
  const xu = Int32Array.from([...basis.x, ...basis.u]);
  const nxu = xu.length;
  const Rxu = R.map((row) => Array.from(xu, (j) => row[j]));
  const nStorage = basis.nC + basis.nL;
  const N0xu = N0.map((row) => Array.from(xu, (j) => row[j]));
  const ab0 = N0xu.slice(0, nStorage);
  const ab1 = N1.slice(0, nStorage);
  const w0 = N0xu.slice(N0.length - counts[4]);
  const w1 = N1.slice(N1.length - counts[4]);
  const cut = (M: Rows, a: number, b: number) => M.map((row) => row.slice(a, b));
  return {
    constant: false,
    diagnostics: [],
    rows(t) {
      if (k === 0) return split(N0, counts);
      return split(addScaled(N0, mul(N1, factor(t).solve(R, size), size)), counts);
    },
    response(t, withOutputs) {
      const Z = k === 0 ? zeros(0, nxu) : factor(t).solve(Rxu, nxu);
      const ab = addScaled(ab0, mul(ab1, Z, nxu));
      const w = withOutputs ? addScaled(w0, mul(w1, Z, nxu)) : [];
      return { A0: cut(ab, 0, basis.nx), B0: cut(ab, basis.nx, nxu), wx: cut(w, 0, basis.nx), wu: cut(w, basis.nx, nxu) };
    },
  };
}
