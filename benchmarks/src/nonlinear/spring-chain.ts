/**
 * The nonlinear mechanical chain of issue 13: N masses m in a row, the first tied to the wall (the inertial
 * ground) and each to the next by a hardening spring, force = k·λ + k3·λ³ in its deflection λ, beside a linear
 * damper b; a constant force F0 pushes the last mass from t = 0; 0–20 s. As a JSON description (RawSystem);
 * probes: the velocities of the last mass and of the one three places before it (the last but one when N < 4).
 *
 *   element i (i = 1 … N) joins node x_{i−1} (x_0 = the wall) to x_i:   λ_i' = v_{i−1} − v_i   (v_0 = 0)
 *   s_i = k λ_i + k3 λ_i³ + b (v_{i−1} − v_i),   m v_i' = s_i − s_{i+1} (s_{N+1} = 0) + F0·[i = N]
 */
import type { RawElement, RawSystem } from '@sysgraph/description';

export const SPRING_CHAIN = { m: 1, k: 1, k3: 10, b: 0.2, force: 1, tEnd: 20 } as const;

/** Probe masses (1-based). */
export function springChainProbes(N: number): number[] {
  return N >= 4 ? [N, N - 3] : [N, Math.max(1, N - 1)];
}

const pad = (N: number) => (k: number) => String(k).padStart(String(N).length, '0');

/** The description; mass ids `m001 …`, springs `s001 …`, dampers `b001 …` (zero-padded, in order). */
export function springChain(N: number): RawSystem {
  if (!Number.isInteger(N) || N < 2) throw new RangeError(`springChain: N must be an integer ≥ 2, got ${N}`);
  const id = pad(N);
  const node = (k: number) => (k === 0 ? 'wall' : `x${id(k)}`);
  const elements: RawElement[] = [{ id: 'F', kind: 'force-source', from: 'wall', to: node(N), value: 'F0' }];
  for (let i = 1; i <= N; i++) {
    elements.push(
      { id: `m${id(i)}`, kind: 'mass', from: node(i), to: 'wall', value: 'm' },
      { id: `s${id(i)}`, kind: 'spring', from: node(i - 1), to: node(i), law: { through: 'k*lambda + k3*lambda^3' } },
      { id: `b${id(i)}`, kind: 'damper', from: node(i - 1), to: node(i), value: 'b' },
    );
  }
  const p = SPRING_CHAIN;
  return {
    name: `spring-chain-${N}`,
    title: `Chain of ${N} masses joined by hardening springs and dampers`,
    parameters: { m: p.m, k: p.k, k3: p.k3, b: p.b, F0: p.force },
    elements,
    outputs: springChainProbes(N).map((k) => ({ name: `v${id(k)}`, element: `m${id(k)}`, variable: 'across' })),
    ground: 'wall',
  };
}

/** The names of the probe outputs, as in the description. */
export function springChainProbeNames(N: number): string[] {
  return springChainProbes(N).map((k) => `v${pad(N)(k)}`);
}
