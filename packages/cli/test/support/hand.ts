/**
 * Independent references for the command-line tests: the classical RK4 of hand-written equations x' = f(t, x)
 * (Butcher's tableau, fixed step), and the typed error a call throws (its code and fields, never its wording).
 */
import { isSysgraphError } from '@sysgraph/core';

/** RK4 of x' = f(t, x) from x0 over [0, T] in N steps: the state after every `every` steps (the first is x0). */
export function rk4Trajectory(f: (t: number, x: number[]) => number[], x0: number[], T: number, N: number, every = N): number[][] {
  let x = [...x0];
  const h = T / N;
  const out = [x];
  for (let k = 0; k < N; k++) {
    const t = k * h;
    const k1 = f(t, x);
    const k2 = f(t + h / 2, x.map((v, i) => v + (h / 2) * k1[i]));
    const k3 = f(t + h / 2, x.map((v, i) => v + (h / 2) * k2[i]));
    const k4 = f(t + h, x.map((v, i) => v + h * k3[i]));
    x = x.map((v, i) => v + (h / 6) * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]));
    if ((k + 1) % every === 0) out.push(x);
  }
  return out;
}

/** RK4 of x' = f(t, x) from x0 over [0, T] in N steps; the state at the end. */
export function rk4(f: (t: number, x: number[]) => number[], x0: number[], T: number, N: number): number[] {
  const states = rk4Trajectory(f, x0, T, N);
  return states[states.length - 1];
}

/** The typed error thrown by f, for its code and fields. */
export function thrown(f: () => unknown): { code: string; field?: string; element?: string; elements?: readonly string[] } {
  try {
    f();
  } catch (e) {
    if (isSysgraphError(e)) return e;
    throw e;
  }
  throw new Error('expected a typed error');
}
