/** The classical RK4 of hand-written equations x' = f(t, x) from x0 over [0, T] in N fixed steps: the state at T. */
export function rk4(f: (t: number, x: number[]) => number[], x0: readonly number[], T: number, N: number): number[] {
  let x = [...x0];
  const h = T / N;
  for (let k = 0; k < N; k++) {
    const t = k * h;
    const k1 = f(t, x);
    const k2 = f(t + h / 2, x.map((v, i) => v + (h / 2) * k1[i]));
    const k3 = f(t + h / 2, x.map((v, i) => v + (h / 2) * k2[i]));
    const k4 = f(t + h, x.map((v, i) => v + h * k3[i]));
    x = x.map((v, i) => v + (h / 6) * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]));
  }
  return x;
}
