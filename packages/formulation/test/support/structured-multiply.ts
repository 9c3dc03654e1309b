/**
 * A structured table's blocks at their values, multiplied out by one monolithic linear solve (not the library's
 * elimination order, nor its solvers): with q = [x'; z; s; d'; ζ] (ζ = z' as far as d' reads it),
 *
 *   E x' − A_xz z − A_xs s − L_xd d'  = A_xx x + B_x u
 *   M z − R_s s                       = R_x x + R_u u
 *   s − N_d d' − N_x x'               = 0
 *   d' − P_d x' − Y_d ζ               = Q_d u'
 *   M ζ − R_x x'                      = R_u u'          (M z' = R_x x' + R_u u' + R_s s', and Y_d M⁻¹ R_s = 0)
 *
 * solved for the columns of x, u and u', gives x' = A x + Bv u + Bd u' and y = Y_x x + Y_u u + Y_d' u'; in the
 * numeric model's state x̃ = x − Bd·u: B = Bv + A·Bd, C = Y_x, D = Y_u + C·Bd, E_y = Y_d'.
 */
import type { StructuredTable } from '../../src/index';
import { add, mul, solve, zeros } from './dense-solve';
import type { Mat } from './dense-solve';

export interface MultipliedOut {
  readonly A: Mat;
  readonly B: Mat;
  readonly C: Mat;
  readonly D: Mat;
  readonly Bd: Mat;
  readonly Ey: Mat;
}

export function multiplyOut(t: StructuredTable): MultipliedOut {
  const nx = t.states.length;
  const nz = t.algebraic.length;
  const ns = t.dependentFlows.length;
  const nu = t.inputs.length;
  const ny = t.outputs.length;
  const n = nx + nz + 2 * ns + nz;
  const [ox, oz, os, od, oq] = [0, nx, nx + nz, nx + nz + ns, nx + nz + 2 * ns];
  const K = zeros(n, n);
  // Right-hand side columns: x (nx), u (nu), u' (nu).
  const R = zeros(n, nx + 2 * nu);
  const put = (k: keyof StructuredTable['blocks'], target: Mat, r0: number, c0: number, sign: number) => {
    for (const e of t.blocks[k].entries) target[r0 + e.i][c0 + e.j] += sign * e.value;
  };
  put('E', K, ox, ox, 1);
  put('Axz', K, ox, oz, -1);
  put('Axs', K, ox, os, -1);
  put('Lxd', K, ox, od, -1);
  put('Axx', R, ox, 0, 1);
  put('Bx', R, ox, nx, 1);
  put('M', K, oz, oz, 1);
  put('Rs', K, oz, os, -1);
  put('Rx', R, oz, 0, 1);
  put('Ru', R, oz, nx, 1);
  for (let i = 0; i < ns; i++) K[os + i][os + i] = 1;
  put('Nd', K, os, od, -1);
  put('Nx', K, os, ox, -1);
  for (let i = 0; i < ns; i++) K[od + i][od + i] = 1;
  put('Pd', K, od, ox, -1);
  put('Yd', K, od, oq, -1);
  put('Qd', R, od, nx + nu, 1);
  put('M', K, oq, oq, 1);
  put('Rx', K, oq, ox, -1);
  put('Ru', R, oq, nx + nu, 1);
  const Q = n === 0 ? [] : solve(K, R);
  const cols = (rows: number[], c0: number, c1: number): Mat => rows.map((r) => Q[r].slice(c0, c1));
  const range = (a: number, k: number) => Array.from({ length: k }, (_, i) => a + i);
  const A = cols(range(ox, nx), 0, nx);
  const Bv = cols(range(ox, nx), nx, nx + nu);
  const Bd = cols(range(ox, nx), nx + nu, nx + 2 * nu);
  // y = C_x x + C_z z + C_s s + D_u u over the columns of x, u, u'.
  const Y = zeros(ny, nx + 2 * nu);
  put('Cx', Y, 0, 0, 1);
  put('Du', Y, 0, nx, 1);
  const Zall = cols(range(oz, nz), 0, nx + 2 * nu);
  const Sall = cols(range(os, ns), 0, nx + 2 * nu);
  const dense = (k: keyof StructuredTable['blocks']) => {
    const b = t.blocks[k];
    const out = zeros(b.rows, b.cols);
    for (const e of b.entries) out[e.i][e.j] = e.value;
    return out;
  };
  const Yall = add(add(Y, mul(dense('Cz'), Zall, nz, nx + 2 * nu)), mul(dense('Cs'), Sall, ns, nx + 2 * nu));
  const C = Yall.map((r) => r.slice(0, nx));
  const Yu = Yall.map((r) => r.slice(nx, nx + nu));
  return {
    A,
    B: add(Bv, mul(A, Bd, nx, nu)),
    C,
    D: add(Yu, mul(C, Bd, nx, nu)),
    Bd,
    Ey: Yall.map((r) => r.slice(nx + nu, nx + 2 * nu)),
  };
}
