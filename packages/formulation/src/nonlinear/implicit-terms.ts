/**
 * completeJacobian: ∂f/∂x printed with every dependence, including those through the implicit variables z
 * (r(z, x, u, t) = 0, solved numerically): by the implicit function theorem
 *   df/dx_j = ∂f/∂x_j + Σ_k ∂f/∂z_k · dz_k/dx_j,    dz/dx = −(∂r/∂z)⁻¹ ∂r/∂x,
 * where dz_k/dx_j is written as the symbol D(z_k, x_j) — "the derivative of the implicit variable z_k in x_j, known
 * only numerically" — and appears only where z_k really depends on x_j: some residual reachable from z_k's through
 * ∂r/∂z (its block and the blocks it reads) reads x_j. A held-fixed entry that prints 0 while the linearisation is not
 * 0 (e.g. [i_L1, i_L1] 0 with A = −0.5 through a resistor law solved implicitly) thus prints its implicit term.
 */
import type { ConstantNode, MathNode } from 'mathjs';
import type { NonlinearMath } from './nonlinear-math';

const isZero = (n: MathNode) => n.type === 'ConstantNode' && (n as ConstantNode).value === 0;

/** The symbol of dz/dx in the printouts. */
export const IMPLICIT_DERIVATIVE = 'D';

export function completeJacobian(
  nm: NonlinearMath,
  partial: readonly (readonly MathNode[])[],
  dfdz: readonly (readonly MathNode[])[],
  drdz: readonly (readonly MathNode[])[],
  drdw: readonly (readonly MathNode[])[],
  zNames: readonly string[],
  wNames: readonly string[],
): MathNode[][] {
  const nz = zNames.length;
  // reach[k]: the implicit variables whose residuals z_k's value depends on (itself included), by ∂r/∂z.
  const reach = zNames.map((_, k) => {
    const seen = new Set<number>([k]);
    const stack = [k];
    while (stack.length > 0) {
      const m = stack.pop()!;
      for (let q = 0; q < nz; q++) {
        if (!seen.has(q) && !isZero(drdz[m][q])) {
          seen.add(q);
          stack.push(q);
        }
      }
    }
    return [...seen];
  });
  const depends = zNames.map((_, k) => wNames.map((_, j) => reach[k].some((m) => !isZero(drdw[m][j]))));
  return partial.map((row, i) =>
    row.map((entry, j) => {
      const terms: string[] = [];
      for (let k = 0; k < nz; k++) {
        if (isZero(dfdz[i][k]) || !depends[k][j]) continue;
        terms.push(`(${dfdz[i][k].toString()}) * ${IMPLICIT_DERIVATIVE}(${zNames[k]}, ${wNames[j]})`);
      }
      if (terms.length === 0) return entry;
      const head = isZero(entry) ? [] : [`(${entry.toString()})`];
      return nm.math.parse([...head, ...terms].join(' + '));
    }),
  );
}
