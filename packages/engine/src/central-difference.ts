/**
 * centralDifferenceJacobian: ∂F/∂z column by column, (F(z + h e_j) − F(z − h e_j)) / 2h with h = 1e-6·max(1, |z_j|) —
 * for models without an exact Jacobian (an equation set's own f and g).
 */
export function centralDifferenceJacobian(F: (z: Float64Array) => Float64Array, z: Float64Array, rows: number): number[][] {
  const J = Array.from({ length: rows }, () => new Array<number>(z.length).fill(0));
  for (let j = 0; j < z.length; j++) {
    const h = 1e-6 * Math.max(1, Math.abs(z[j]));
    const a = Float64Array.from(z);
    const b = Float64Array.from(z);
    a[j] += h;
    b[j] -= h;
    const fa = F(a);
    const fb = F(b);
    for (let i = 0; i < rows; i++) J[i][j] = (fa[i] - fb[i]) / (2 * h);
  }
  return J;
}
