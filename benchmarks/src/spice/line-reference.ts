/**
 * lineModalReference: the exact response of the distortionless RLC line (rlc-line-network.ts) from the closed
 * form eigenpairs of its skew-symmetric state matrix, for any N.
 *
 *   a_k = √L i_k,  b_k = √C v_k,  z = (a_1, b_1, …, a_N, b_N),  ω0 = 1/√(LC),  α = R/L = G/C:
 *   z' = (ω0 S − α I) z + e_1 u/√L,   S = tridiag(sub = +1, 0, super = −1)   (2N × 2N)
 *   With D = diag(iᵏ):  D⁻¹ S D = −i T,  T = tridiag(1, 0, 1) = Q Θ Qᵀ,
 *   θ_j = 2 cos(jπ/(2N + 1)),  Q_kj = √(2/(2N + 1)) sin(k jπ/(2N + 1))   (k, j = 1 … 2N)
 *   y = Qᵀ D⁻¹ z:  y_j' = μ_j y_j + Q_1j u/√L,   μ_j = −α − i ω0 θ_j
 *   v_p = b_p/√C = (1/√C) Re( i^{2p−1} Σ_j Q_{2p,j} y_j ) = A ω0 Re( i^{2p−1} Σ_j Q_{2p,j} Q_1j r(μ_j, t) )
 */
import type { Network } from './network';
import type { ProbeTraces } from './nodal-reference';
import { RLC_LINE, rlcLineSection } from './rlc-line-network';
import { complexRampResponse } from './ramp-response';

export function lineModalReference(n: Network, times: Float64Array): ProbeTraces {
  if (n.family !== 'rlc-line') throw new RangeError(`lineModalReference: an rlc-line network, got ${n.family}`);
  const N = n.size / 2;
  const { R, L, C, G } = rlcLineSection(N);
  const alpha = R / L;
  if (Math.abs(G / C - alpha) > 1e-12 * alpha) throw new RangeError('lineModalReference: the line is not distortionless (R/L ≠ G/C)');
  const omega0 = 1 / Math.sqrt(L * C);
  const m = 2 * N;
  const Q = (k: number, j: number) => Math.sqrt(2 / (m + 1)) * Math.sin((k * j * Math.PI) / (m + 1));
  const probes = n.probes.map((p) => Number(p.node.slice(1)));
  const sums = probes.map(() => ({ re: new Float64Array(times.length), im: new Float64Array(times.length) }));
  for (let j = 1; j <= m; j++) {
    const theta = 2 * Math.cos((j * Math.PI) / (m + 1));
    const mu = { re: -alpha, im: -omega0 * theta };
    const r = times.map(() => 0);
    const ri = times.map(() => 0);
    times.forEach((t, i) => {
      const q = complexRampResponse(mu, RLC_LINE.rise, t);
      r[i] = q.re;
      ri[i] = q.im;
    });
    probes.forEach((p, a) => {
      const w = Q(2 * p, j) * Q(1, j);
      for (let i = 0; i < times.length; i++) {
        sums[a].re[i] += w * r[i];
        sums[a].im[i] += w * ri[i];
      }
    });
  }
  // Re(i^{2p−1} c) = (−1)^p Im(c)·… : i^{2p−1} = i·(−1)^{p−1}, Re(i c) = −Im c
  return probes.map((p, a) => {
    const sign = p % 2 === 1 ? -1 : 1;
    return Float64Array.from(sums[a].im, (x) => sign * x * omega0 * n.source.amplitude);
  });
}
