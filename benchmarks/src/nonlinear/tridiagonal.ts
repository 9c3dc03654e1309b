/**
 * solveTridiagonal: the Thomas algorithm for a x_{i−1} + b x_i + c x_{i+1} = d (a[0] and c[n−1] unused), in
 * place of d, with scratch space `w`. No pivoting: the benchmark's Jacobians are diagonally dominant (the
 * reference integrators' matrices are C/h·I plus a conductance Laplacian plus diode conductances, or the
 * mass-chain's M/h·I plus a stiffness–damping Laplacian). O(n).
 */
export function solveTridiagonal(a: Float64Array, b: Float64Array, c: Float64Array, d: Float64Array, w: Float64Array): void {
  const n = d.length;
  let beta = b[0];
  d[0] /= beta;
  for (let i = 1; i < n; i++) {
    w[i] = c[i - 1] / beta;
    beta = b[i] - a[i] * w[i];
    d[i] = (d[i] - a[i] * d[i - 1]) / beta;
  }
  for (let i = n - 2; i >= 0; i--) d[i] -= w[i + 1] * d[i + 1];
}
