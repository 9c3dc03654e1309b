/**
 * Cubic Hermite interpolation on a step [t0, t0 + h] from z0, z1 and the derivatives d0, d1:
 *   p(θ) = h00 z0 + h10 h d0 + h01 z1 + h11 h d1,  θ = (t − t0)/h,
 *   h00 = (1 + 2θ)(1 − θ)², h10 = θ(1 − θ)², h01 = θ²(3 − 2θ), h11 = θ²(θ − 1).
 */
export function hermite(
  t: number,
  t0: number,
  h: number,
  z0: Float64Array,
  z1: Float64Array,
  d0: Float64Array,
  d1: Float64Array,
  out: Float64Array,
): void {
  if (t === t0) {
    out.set(z0);
    return;
  }
  if (t === t0 + h) {
    out.set(z1);
    return;
  }
  const th = (t - t0) / h;
  const om = 1 - th;
  const h00 = (1 + 2 * th) * om * om;
  const h10 = th * om * om * h;
  const h01 = th * th * (3 - 2 * th);
  const h11 = th * th * (th - 1) * h;
  for (let i = 0; i < out.length; i++) out[i] = h00 * z0[i] + h10 * d0[i] + h01 * z1[i] + h11 * d1[i];
}
