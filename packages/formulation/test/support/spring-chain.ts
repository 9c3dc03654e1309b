/**
 * The nonlinear mechanical chain of issue 13 (as benchmarks/src/nonlinear/spring-chain.ts builds it): N masses m in
 * a row, the first tied to the wall, each joined to the next by a hardening spring, force = k λ + k3 λ³ in its
 * deflection λ, beside a linear damper b; a force F0 on the last mass. And its hand-written state equations:
 *   λ_i' = v_{i−1} − v_i   (v_0 = 0)
 *   s_i = k λ_i + k3 λ_i³ + b (v_{i−1} − v_i),   m v_i' = s_i − s_{i+1} + F0·[i = N]   (s_{N+1} = 0)
 */
export const CHAIN = { m: 1.5, k: 1, k3: 10, b: 0.2, F0: 1 } as const;

export function springChain(N: number): Record<string, unknown> {
  const node = (k: number) => (k === 0 ? 'wall' : `x${k}`);
  const elements: Record<string, unknown>[] = [{ id: 'F', kind: 'force-source', from: 'wall', to: node(N), value: 'F0' }];
  for (let i = 1; i <= N; i++) {
    elements.push(
      { id: `m${i}`, kind: 'mass', from: node(i), to: 'wall', value: 'm' },
      { id: `s${i}`, kind: 'spring', from: node(i - 1), to: node(i), law: { through: 'k*lambda + k3*lambda^3' } },
      { id: `b${i}`, kind: 'damper', from: node(i - 1), to: node(i), value: 'b' },
    );
  }
  return {
    name: `spring-chain-${N}`,
    parameters: { ...CHAIN },
    elements,
    outputs: [{ name: 'v_last', element: `m${N}`, variable: 'across' }],
    ground: 'wall',
  };
}

/** The hand-written f: v[i−1], lam[i−1] for mass and spring i; out the same layout. */
export function chainDerivatives(v: Float64Array, lam: Float64Array, F0: number, dv: Float64Array, dlam: Float64Array): void {
  const { m, k, k3, b } = CHAIN;
  const N = v.length;
  const s = (i: number) => (i > N ? 0 : k * lam[i - 1] + k3 * lam[i - 1] ** 3 + b * ((i === 1 ? 0 : v[i - 2]) - v[i - 1]));
  for (let i = 1; i <= N; i++) {
    dlam[i - 1] = (i === 1 ? 0 : v[i - 2]) - v[i - 1];
    dv[i - 1] = (s(i) - s(i + 1) + (i === N ? F0 : 0)) / m;
  }
}
