/**
 * transferCost: the symbolic package's cost guard (estimateMatrixCost: Bareiss simulated on term counts,
 * capped by the permanent) applied to sI − A before any elimination starts. The term counts are those of
 * the rows that Bareiss actually receives, after each row is multiplied by the lcm of its denominators.
 * The estimate covers one determinant; det(sI − A) and the solve of (sI − A) X = B (n + m columns) make
 *     time ≈ max( t_det · (1 + (n + m)/n),  c · T² · m ),
 * where T is the estimated number of terms of Δ. The second term covers what the guard's product count
 * leaves out: the gcd that reduces each entry of X and the exact divisions, which grow with the square of the
 * expanded size (c fitted on the RC and RLC ladders of benchmarks/src/symbolic-derivation.bench.ts: the
 * measured time / T² lies between 3.6e-7 and 1.3e-6 ms from 3·10⁴ to 5·10⁵ terms, while t_det alone was
 * 5–650 times too low). A 'refuse' verdict throws SysgraphError('symbolic-too-costly').
 */
import { SysgraphError } from '@sysgraph/core';
import { clearRowDenominators, estimateMatrixCost } from '@sysgraph/symbolic';
import type { CostThresholds, FieldMatrix, GcdOptions, RationalFunction, SymbolicCost } from '@sysgraph/symbolic';

/** c: milliseconds per squared term of Δ, per input column (see above). */
export const MS_PER_SQUARED_TERM = 5e-7;

export const TRANSFER_COST_EXPECTED = 'a smaller system, or the numeric transfer function';

export function transferCost(
  sIminusA: FieldMatrix<RationalFunction>,
  inputs: number,
  thresholds: CostThresholds = {},
  gcdOptions: GcdOptions = {},
): SymbolicCost {
  const n = sIminusA.rows;
  if (n === 0) return { terms: 1, milliseconds: 0, verdict: 'ok', method: 'elimination' };
  const { rows } = clearRowDenominators(sIminusA, null, gcdOptions);
  const det = estimateMatrixCost(rows.map((r) => r.map((p) => (p === null || p.isZero() ? 0 : p.size))), thresholds);
  const milliseconds = Math.max(det.milliseconds * (1 + (n + inputs) / n), MS_PER_SQUARED_TERM * det.terms * det.terms * Math.max(1, inputs));
  const refuseMs = thresholds.refuseMilliseconds ?? 60_000;
  const verdict = det.verdict === 'refuse' || milliseconds > refuseMs ? 'refuse' : det.verdict;
  return { ...det, milliseconds, verdict };
}

/** Throws 'symbolic-too-costly' for a 'refuse' verdict. */
export function assertTransferAffordable(cost: SymbolicCost, states: number): void {
  if (cost.verdict !== 'refuse') return;
  throw new SysgraphError(
    'symbolic-too-costly',
    `the symbolic transfer function of this ${states}-state model would expand to about ${cost.terms.toExponential(1)} terms (about ${Math.round(cost.milliseconds / 1000)} s): use the numeric transfer function (transferAt, frequencyResponse), or fewer symbolic parameters`,
    { field: 'H(s)', expected: TRANSFER_COST_EXPECTED },
  );
}
