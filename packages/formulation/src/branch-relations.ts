/**
 * branchRelations: every branch variable as a coefficient row over β (formulation.md section 5.1).
 *
 *   M [v_σ; i_ρ] = [ F_Lσᵀ i_L + F_Sσᵀ i_S + j_σ ;  −F_ρC v_C − F_ρΓ v_Γ + e_ρ ]
 *   M = [[ Hσσ, Hσρ − F_ρσᵀ ], [ Hρσ + F_ρσ, Hρρ ]],   e_X = −F_XE u_E,  j_Y = F_JYᵀ u_J
 *
 * gives Z = M⁻¹·RHS, the rows of v_σ and i_ρ. With the tree across variables
 * VT = [u_E; v_C; v_σ; v_Γ] and the link through variables IL = [i_S; i_ρ; i_L; i_J] over β,
 *   link across  VL = −F VT   (KVL)        tree through  IT = Fᵀ IL   (KCL).
 * Cost: one solve with M (block-wise for sparse backends) plus products with F, O(nnz(F)·k). The stages after
 * read a few row blocks of VL and IT (v_S, v_L, i_C, i_Γ, the outputs): those are formed block by block.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Partition } from '@sysgraph/graph';
import type { Backend } from './backend';
import type { Basis } from './basis';
import { span } from './basis';
import type { ElementMatrices } from './element-matrices';
import { SingularMatrix } from './algebra/matrix-algebra';
import { solveSingularStatic } from './singular-static';
import type { StaticBranch } from './singular-static';
import type { Diagnostic } from '@sysgraph/core';

export interface BranchRelations<M> {
  /** Tree across variables (rows in tree order) over β (formed on first read). */
  readonly VT: M;
  /** Link through variables (rows in link order) over β. */
  readonly IL: M;
  /** Link across variables, −F·VT (formed on first read). */
  readonly VL: M;
  /** Tree through variables, Fᵀ·IL (formed on first read). */
  readonly IT: M;
  /** Rows of VL (positions in link order) without forming the others: −F(rows, :)·VT. */
  linkAcross(rows: ArrayLike<number>): M;
  /** Rows of IT (positions in tree order) without forming the others: Fᵀ(rows, :)·IL. */
  treeThrough(rows: ArrayLike<number>): M;
  /** Input selection: u_E = U_E u, u_J = U_J u. */
  readonly UE: M;
  readonly UJ: M;
  readonly diagnostics: readonly Diagnostic[];
  /** The static network M z = rhs·β, z = [v_σ; i_ρ], as assembled (before any solve). */
  readonly staticNetwork?: { readonly M: M; readonly rhs: M };
  /** Columns of every row: basis.size, or basis.size + |z| with formal z (the rows then read z itself). */
  readonly width?: number;
}

export interface BranchRelationsOptions {
  /**
   * Keep the static network unsolved: z = [v_σ; i_ρ] becomes |z| extra columns after β (the structured form,
   * structured/structured-form.ts), so every branch variable is a row over [β; z] with small entries.
   */
  readonly formalStatic?: boolean;
}

export function branchRelations<M, T>(p: Partition, basis: Basis, el: ElementMatrices<M>, be: Backend<M, T>, opts: BranchRelationsOptions = {}): BranchRelations<M> {
  const alg = be.algebra;
  const F = alg.fromSigned(p.loop.F);
  const tr = p.loop.treeOrder.ranges;
  const lr = p.loop.linkOrder.ranges;
  const rows = (g: string) => span(lr[g][0], lr[g][1]);
  const cols = (g: string) => span(tr[g][0], tr[g][1]);
  const rhoRows = span(lr.R[0], lr.gammaL[1]);
  const sigmaCols = span(tr.G[0], tr.gammaT[1]);
  const blk = (r: Int32Array, c: Int32Array) => alg.selectCols(alg.selectRows(F, r), c);

  const { nC, nL, m, nS, nGamma } = basis;
  const ns = sigmaCols.length;
  const nr = rhoRows.length;
  const one = alg.field.one;
  const UE = alg.fromEntries(p.groups.E.length, m, Array.from(p.groups.E, (k, i) => [i, p.inputOfBranch[k], one] as const));
  const UJ = alg.fromEntries(p.groups.J.length, m, Array.from(p.groups.J, (k, i) => [i, p.inputOfBranch[k], one] as const));

  const F_rs = blk(rhoRows, sigmaCols);
  const Mmat = alg.vcat([
    alg.hcat([el.Hss, alg.sub(el.Hsr, alg.transpose(F_rs))]),
    alg.hcat([alg.add(el.Hrs, F_rs), el.Hrr]),
  ]);
  const Z0 = (r: number, c: number) => alg.zeros(r, c);
  // The tree across variables other than v_σ, and the link through variables other than i_ρ, over β:
  //   P = [u_E; v_C; 0_σ; v_Γ] = [U_E u; x_C; 0; v_Γ],   Q = [i_S; 0_ρ; i_L; i_J] = [i_S; 0; x_L; U_J u].
  const P = alg.vcat([
    alg.hcat([Z0(p.groups.E.length, basis.nx), UE, Z0(p.groups.E.length, nS + nGamma)]),
    alg.hcat([alg.identity(nC), Z0(nC, basis.size - nC)]),
    Z0(ns, basis.size),
    alg.hcat([Z0(nGamma, basis.size - nGamma), alg.identity(nGamma)]),
  ]);
  const Q = alg.vcat([
    alg.hcat([Z0(nS, basis.nx + m), alg.identity(nS), Z0(nS, nGamma)]),
    Z0(nr, basis.size),
    alg.hcat([Z0(nL, nC), alg.identity(nL), Z0(nL, m + nS + nGamma)]),
    alg.hcat([Z0(p.groups.J.length, basis.nx), UJ, Z0(p.groups.J.length, nS + nGamma)]),
  ]);
  // [F_Lσᵀ i_L + F_Sσᵀ i_S + j_σ ; −F_ρC v_C − F_ρΓ v_Γ + e_ρ] = [F_·σᵀ Q ; F_ρ· (−P)]  (j_σ = F_Jσᵀ u_J, e_ρ = −F_ρE u_E).
  const rhs = alg.vcat([
    alg.mul(alg.transpose(alg.selectCols(F, sigmaCols)), Q),
    alg.mul(alg.selectRows(F, rhoRows), alg.neg(P)),
  ]);

  let Z: M;
  const diagnostics: Diagnostic[] = [];
  const nz = ns + nr;
  const formal = opts.formalStatic === true;
  const width = formal ? basis.size + nz : basis.size;
  // Formal z: P and Q gain |z| zero columns and Z = [0 | I] reads z itself.
  const pad = (X: M) => (formal && nz > 0 ? alg.hcat([X, Z0(alg.rows(X), nz)]) : X);
  const Pw = pad(P);
  const Qw = pad(Q);
  if (formal) Z = alg.hcat([Z0(nz, basis.size), alg.identity(nz)]);
  else if (ns + nr === 0) Z = alg.zeros(0, basis.size);
  else {
    try {
      Z = alg.solve(Mmat, rhs);
    } catch (e) {
      if (!(e instanceof SingularMatrix)) throw e;
      const branches = [...Array.from(el.sigma), ...Array.from(el.rho)];
      const ids = branches.map((k) => p.loop.tree.graph.ids[k]);
      if (alg.kind !== 'dense' || alg.field.exact) {
        const near = staticBranches(p, branches)[e.column];
        throw new SysgraphError('singular-static-network', `the static network (resistors, transformers, gyrators) is singular near ${ids[e.column] ?? 'its elements'}; solve it numerically to see whether the dynamics are still defined`, { element: near?.element, field: near?.field, elements: ids, expected: 'a uniquely solvable resistive/two-port network' });
      }
      const influence = alg.vcat([
        alg.hcat([Z0(nC, ns), alg.transpose(blk(rhoRows, cols('C')))]),
        alg.hcat([alg.neg(blk(rows('L'), sigmaCols)), Z0(nL, nr)]),
        alg.hcat([alg.neg(blk(rows('S'), sigmaCols)), Z0(nS, nr)]),
        alg.hcat([Z0(nGamma, ns), alg.transpose(blk(rhoRows, cols('Gamma')))]),
      ]);
      const solved = solveSingularStatic(alg.toDense(Mmat) as number[][], alg.toDense(rhs) as number[][], alg.toDense(influence) as number[][], staticBranches(p, branches));
      Z = alg.fromEntries(ns + nr, basis.size, solved.Z.flatMap((row, i) => row.map((v, j) => [i, j, v as T] as const)));
      diagnostics.push(solved.diagnostic);
    }
  }

  // VT = P + [0; 0; v_σ; 0] and IL = Q + [0; i_ρ; 0; 0], with v_σ and i_ρ the rows of Z.
  const Zs = Z; // a const, for the lazy closure below
  const treeAcross = (): M => (ns === 0 ? Pw : alg.add(Pw, alg.vcat([Z0(tr.G[0], width), alg.selectRows(Zs, span(0, ns)), Z0(nGamma, width)])));
  const IL = nr === 0 ? Qw : alg.add(Qw, alg.vcat([Z0(nS, width), alg.selectRows(Z, span(ns, ns + nr)), Z0(nL + p.groups.J.length, width)]));
  // VL = −F VT and IT = Fᵀ IL, whole or by rows; VT and Fᵀ are formed once, on first use.
  let VT: M | undefined;
  let Ft: M | undefined;
  let VL: M | undefined;
  let IT: M | undefined;
  const linkAcross = (r: ArrayLike<number>): M => (r.length === 0 ? Z0(0, width) : alg.neg(alg.mul(alg.selectRows(F, r), (VT ??= treeAcross()))));
  const treeThrough = (r: ArrayLike<number>): M => (r.length === 0 ? Z0(0, width) : alg.mul(alg.selectRows((Ft ??= alg.transpose(F)), r), IL));
  return {
    get VT() {
      return (VT ??= treeAcross());
    },
    IL,
    get VL() {
      return (VL ??= alg.neg(alg.mul(F, (VT ??= treeAcross()))));
    },
    get IT() {
      return (IT ??= alg.mul((Ft ??= alg.transpose(F)), IL));
    },
    linkAcross,
    treeThrough,
    UE,
    UJ,
    diagnostics,
    staticNetwork: { M: Mmat, rhs },
    width,
  };
}

/** The branches of the static network as errors name them: a resistor's `value`, a two-port port's `ratio`. */
function staticBranches(p: Partition, branches: readonly number[]): StaticBranch[] {
  const g = p.loop.tree.graph;
  const port = new Map<number, string>();
  for (const t of g.twoPorts) for (const k of t.ports) port.set(k, t.id);
  return branches.map((k) => {
    const twoPort = port.get(k);
    return twoPort !== undefined ? { id: g.ids[k], element: twoPort, field: 'ratio' } : { id: g.ids[k], element: g.ids[k], field: 'value' };
  });
}
