/**
 * Predicts the wall time of the next size from the last two measured ones, so that a size expected to exceed
 * the budget is skipped (and recorded as skipped) instead of run. The per-unit cost is extrapolated with the
 * growth seen between the last two sizes, never assumed to shrink and capped at MAX_GROWTH: on a shared
 * machine one slow small run would otherwise predict a superlinear blow-up that is not there.
 */
export interface SizePoint {
  readonly units: number;
  readonly ms: number;
}

const MAX_GROWTH = 1.5;

export function predictMs(history: readonly SizePoint[], units: number): number | undefined {
  if (history.length === 0) return undefined;
  const last = history[history.length - 1];
  const perUnit = last.ms / last.units;
  let growth = 1;
  if (history.length >= 2) {
    const prev = history[history.length - 2];
    const prevPerUnit = prev.ms / prev.units;
    // per-unit cost grows like units^p between the last two sizes; extrapolate the same exponent
    const p = Math.log(perUnit / prevPerUnit) / Math.log(last.units / prev.units);
    if (Number.isFinite(p) && p > 0) growth = Math.min(MAX_GROWTH, (units / last.units) ** p);
  }
  return perUnit * growth * units;
}
