/**
 * inputJacobian: B = ∂f/∂u of the network model at the loaded point, dense n × m (networks have few inputs), by the
 * same block-by-block implicit-function propagation as ∂f/∂x (network-jacobian.ts) with the inputs as columns:
 *   a'(p_j) dp_j/du = b'(σ_j) (Σ_{sources in σ_j} coef e_input + Σ_{earlier blocks} coef dp_m/du)   (J_bb for a block)
 *   ∂f_C/∂u = (1/Q_v) ∂i_C/∂u  (own state),   ∂i_C/∂u  (charge state);   Q_t does not depend on u.
 */
import { SysgraphError } from '@sysgraph/core';
import { luFactorInPlace as denseFactor, luSolveInPlace as denseSolve } from '@sysgraph/linalg';
import { BLOCK_KIND } from './network-evaluator';
import type { NetworkEvaluator } from './network-evaluator';
import { ROLE } from './network-plan';

export function inputJacobian(ev: NetworkEvaluator): number[][] {
  const plan = ev.plan;
  const { secPtr, secBranch, secCoef, role, slot, states, statics } = plan;
  const m = plan.inputNames.length;
  const np = statics.length;
  const t = ev.t;
  const prim = ev.prim;
  const dPdu = new Float64Array(np * m);
  const { count, blockPtr, members, blockOf } = ev.blocks;
  // Adds w · d(prim_br)/du into row (offset, stride 1) of `out`.
  const add = (br: number, w: number, out: Float64Array, at: number, own: number) => {
    if (role[br] === ROLE.input) out[at + slot[br]] += w;
    else if (role[br] === ROLE.static && blockOf[slot[br]] !== own) {
      const from = slot[br] * m;
      for (let k = 0; k < m; k++) out[at + k] += w * dPdu[from + k];
    }
  };
  for (let b = 0; b < count; b++) {
    const size = blockPtr[b + 1] - blockPtr[b];
    const rhs = new Float64Array(size * m);
    for (let q = 0; q < size; q++) {
      const st = statics[members[blockPtr[b] + q]];
      let bd = 1;
      if (st.b) {
        st.b.evaluate(ev.sec(st.reads), t);
        bd = st.b.dw;
      }
      for (let e = secPtr[st.reads]; e < secPtr[st.reads + 1]; e++) add(secBranch[e], bd * secCoef[e], rhs, q * m, b);
    }
    if (ev.kind[b] === BLOCK_KIND.inverse) {
      const st = statics[members[blockPtr[b]]];
      st.a!.evaluate(prim[st.branch], t);
      for (let k = 0; k < m; k++) rhs[k] /= st.a!.dw;
    } else if (ev.kind[b] === BLOCK_KIND.newton) {
      const s = ev.scratchOf(b);
      ev.residual(b, s.r, s.J);
      if (!denseFactor(s.J, size, s.piv)) throw ev.failure(b, 'the Jacobian of the block is singular');
      for (let k = 0; k < m; k++) denseSolve(s.J, size, s.piv, rhs, k, m);
    }
    for (let q = 0; q < size; q++) dPdu.set(rhs.subarray(q * m, (q + 1) * m), members[blockPtr[b] + q] * m);
  }
  return states.map((st) => {
    const row = new Float64Array(m);
    for (let e = secPtr[st.branch]; e < secPtr[st.branch + 1]; e++) add(secBranch[e], secCoef[e], row, 0, -1);
    if (st.own) {
      st.law.evaluate(prim[st.branch], t);
      for (let k = 0; k < m; k++) row[k] /= st.law.dw;
    }
    if (!row.every(Number.isFinite)) {
      throw new SysgraphError('bad-law', `∂f/∂u of ${st.name} is not finite: a law is not differentiable at this state and input`, {
        element: st.element,
        field: 'law',
        expected: 'laws differentiable at this state and input',
      });
    }
    return Array.from(row);
  });
}
