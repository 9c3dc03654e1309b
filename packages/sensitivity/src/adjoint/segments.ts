/**
 * integrationSegments: [t0, T] cut at the inputs' breakpoints, so every quadrature segment has smooth u, x̃ and λ
 * (a jump of u or u' inside a Simpson panel would cost the rule its order).
 */
import type { Signal } from '@sysgraph/simulate';

export interface Segment {
  readonly a: number;
  readonly b: number;
}

/** Segments shorter than this fraction of the span are merged into their neighbour (they carry no weight). */
const NEGLIGIBLE = 1e-12;

export function integrationSegments(signals: readonly Signal[], t0: number, T: number): readonly Segment[] {
  const cuts = [...new Set(signals.flatMap((s) => s.breakpoints))].filter((t) => t > t0 && t < T).sort((x, y) => x - y);
  const bounds = [t0];
  for (const t of cuts) if (t - bounds[bounds.length - 1] > NEGLIGIBLE * (T - t0)) bounds.push(t);
  if (T - bounds[bounds.length - 1] <= NEGLIGIBLE * (T - t0) && bounds.length > 1) bounds.pop();
  bounds.push(T);
  return bounds.slice(1).map((b, i) => ({ a: bounds[i], b }));
}
