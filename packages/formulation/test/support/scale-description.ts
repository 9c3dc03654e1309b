/**
 * Impedance and time scaling of a user description (test support for the scale-invariance property).
 *
 *  impedance by k: every R and L times k, every C divided by k. Across variables keep their values, through
 *    variables are divided by k: v' = v, i' = i / k. Gyrator ratios (v1 = GY i2) are impedances (times k),
 *    transformer ratios are dimensionless (kept), mutual inductances M times k (a coupling factor is kept).
 *  time by τ: every C and L (and M) times τ, R and the two-port ratios kept; the solution is x'(t') = x(t'/τ).
 *
 * A spring's value is a stiffness (L = 1/k_s) and a damper's a damping (R = 1/b): their values move the other
 * way. The scaled value is written as an expression around the original, `(value) * factor`.
 */
import { elementKind } from '@sysgraph/description';

export type ScalingKind = 'impedance' | 'time';

type Json = Record<string, unknown>;

/** The factor a generalised value of class A, T or D (or a gyrator ratio, a mutual M) is multiplied by. */
function classFactor(kind: ScalingKind, cls: 'A' | 'T' | 'D' | 'GY' | 'M', k: number): number {
  if (kind === 'impedance') return cls === 'A' ? 1 / k : k;
  return cls === 'A' || cls === 'T' || cls === 'M' ? k : 1;
}

function times(value: unknown, factor: number): unknown {
  if (factor === 1 || value === undefined || value === null) return value;
  if (typeof value === 'number') return value * factor;
  if (typeof value === 'string') return `(${value}) * ${factor}`;
  return value;
}

function scaleItem(item: Json, kind: ScalingKind, k: number): Json {
  const name = String(item.kind);
  if (name === 'gyrator') return { ...item, ratio: times(item.ratio, classFactor(kind, 'GY', k)) };
  if (name === 'transformer') return item;
  const info = elementKind(name);
  if (!info) return item;
  if (info.family === 'mutual') return 'value' in item ? { ...item, value: times(item.value, classFactor(kind, 'M', k)) } : item;
  if (info.family !== 'one-port') return item;
  const f = classFactor(kind, info.type, k);
  return { ...item, value: times(item.value, info.mapping === 'reciprocal' ? 1 / f : f) };
}

/** A copy of the description with every element value scaled (impedance by k, or time by k). */
export function scaleDescription(description: Json, kind: ScalingKind, k: number): Json {
  const out: Json = { ...description };
  for (const list of ['elements', 'twoPorts', 'two_ports', 'mutuals']) {
    const items = description[list];
    if (Array.isArray(items)) out[list] = items.map((it: Json) => scaleItem(it, kind, k));
  }
  return out;
}
