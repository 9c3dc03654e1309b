/**
 * nodalModalReference: the exact response of an RC network (every state node has one capacitor to the ground,
 * no inductors) to its ramp source, by the eigendecomposition of the symmetrised nodal matrix:
 *
 *   C v' = −G v + b u(t)            (v: node voltages except the ground and a voltage-source node)
 *   w = C^{1/2} v:  w' = −Ĝ w + b̂ u,  Ĝ = C^{−1/2} G C^{−1/2} = Q Λ Qᵀ,  b̂ = C^{−1/2} b
 *   v_p(t) = C_p^{−1/2} Σ_j Q_pj (Qᵀ b̂)_j · A · r(−λ_j, t)      (r: unit ramp response, ramp-response.ts)
 *
 * A voltage source fixes its node: the conductances to it move into b. O(n³) for the eigendecomposition.
 */
import { GROUND } from './network';
import type { Network } from './network';
import { rampResponse } from './ramp-response';
import { symmetricEigen } from '@sysgraph/linalg';

/** Probe voltages at `times`: one Float64Array per probe. */
export type ProbeTraces = readonly Float64Array[];

export function nodalModalReference(n: Network, times: Float64Array): ProbeTraces {
  if (n.elements.some((e) => e.kind === 'L')) throw new RangeError('nodalModalReference: RC networks only (no inductors)');
  const s = n.source;
  const fixed = s.kind === 'voltage' ? s.from : undefined;
  if (s.kind === 'voltage' && s.to !== GROUND) throw new RangeError('nodalModalReference: the voltage source must return to the ground');
  // state nodes: every node with a capacitor to the ground
  const cap = new Map<string, number>();
  for (const e of n.elements) {
    if (e.kind !== 'C') continue;
    const node = e.to === GROUND ? e.from : e.from === GROUND ? e.to : undefined;
    if (node === undefined || cap.has(node)) throw new RangeError(`nodalModalReference: capacitor ${e.id} must be the only one from its node to the ground`);
    cap.set(node, e.value);
  }
  const nodes = [...cap.keys()];
  const index = new Map(nodes.map((v, k) => [v, k]));
  const N = nodes.length;
  const G = new Float64Array(N * N);
  const b = new Float64Array(N);
  for (const e of n.elements) {
    if (e.kind !== 'R') continue;
    const g = 1 / e.value;
    const p = index.get(e.from);
    const q = index.get(e.to);
    for (const [x, other] of [[p, e.to], [q, e.from]] as const) {
      if (x === undefined) continue;
      G[x * N + x] += g;
      const y = index.get(other);
      if (y !== undefined) G[x * N + y] -= g;
      else if (other === fixed) b[x] += g; // g·(u − v_x): the source node's term
      else if (other !== GROUND) throw new RangeError(`nodalModalReference: node ${other} of ${e.id} has no capacitor to the ground`);
    }
  }
  if (s.kind === 'current') {
    const into = index.get(s.to);
    const outOf = index.get(s.from);
    if (into !== undefined) b[into] += 1;
    if (outOf !== undefined) b[outOf] -= 1;
  }
  // Ĝ = C^{−1/2} G C^{−1/2}, b̂ = C^{−1/2} b
  const r = nodes.map((v) => 1 / Math.sqrt(cap.get(v)!));
  for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) G[i * N + j] *= r[i] * r[j];
  const eig = symmetricEigen(G, N);
  const Qt = eig.vectors; // row j: eigenvector j
  const beta = new Float64Array(N);
  for (let j = 0; j < N; j++) {
    let acc = 0;
    for (let i = 0; i < N; i++) acc += Qt[j * N + i] * b[i] * r[i];
    beta[j] = acc;
  }
  return n.probes.map((probe) => {
    const p = index.get(probe.node);
    if (p === undefined) throw new RangeError(`nodalModalReference: probe ${probe.node} is not a state node`);
    const out = new Float64Array(times.length);
    for (let j = 0; j < N; j++) {
      const w = Qt[j * N + p] * beta[j] * r[p] * s.amplitude;
      if (w === 0) continue;
      for (let k = 0; k < times.length; k++) out[k] += w * rampResponse(-eig.values[j], s.rise, times[k]);
    }
    return out;
  });
}
