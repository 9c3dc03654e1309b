/**
 * ladderModalReference: the exact response of the N-section RC ladder (rc-ladder-network.ts) from the closed-form
 * eigenpairs of its nodal matrix, for any N (O(N²) for the normalisations, O(N·samples) per probe):
 *
 *   RC v' = K v + e_1 u,  K = tridiag(1, −2, 1) with K_NN = −1
 *   θ_k = (2k − 1)π/(2N + 1),  λ_k = −4 sin²(θ_k/2)/RC,  φ_k(j) = sin(θ_k j),  k = 1 … N
 *   v_j(t) = Σ_k φ_k(j) φ_k(1)/(RC ‖φ_k‖²) · A · r(λ_k, t)
 */
import type { Network } from './network';
import type { ProbeTraces } from './nodal-reference';
import { RC_LADDER } from './rc-ladder-network';
import { rampResponse } from './ramp-response';

export function ladderModalReference(n: Network, times: Float64Array): ProbeTraces {
  if (n.family !== 'rc-ladder') throw new RangeError(`ladderModalReference: an rc-ladder network, got ${n.family}`);
  const N = n.size;
  const RC = (RC_LADDER.totalR / N) * (RC_LADDER.totalC / N);
  const nodes = n.probes.map((p) => Number(p.node.slice(1)));
  const out = nodes.map(() => new Float64Array(times.length));
  for (let k = 1; k <= N; k++) {
    const th = ((2 * k - 1) * Math.PI) / (2 * N + 1);
    const lambda = (-4 * Math.sin(th / 2) ** 2) / RC;
    let norm2 = 0;
    for (let j = 1; j <= N; j++) norm2 += Math.sin(th * j) ** 2;
    const beta = (Math.sin(th) / (RC * norm2)) * n.source.amplitude;
    const r = Float64Array.from(times, (t) => rampResponse(lambda, n.source.rise, t));
    nodes.forEach((j, a) => {
      const w = beta * Math.sin(th * j);
      for (let i = 0; i < times.length; i++) out[a][i] += w * r[i];
    });
  }
  return out;
}
