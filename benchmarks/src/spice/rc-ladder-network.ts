/**
 * rcLadderNetwork: N sections of series R = 1 kΩ/N and shunt C = 1 µF/N (a 1 kΩ, 1 µF distributed RC line),
 * driven by a 1 V ramp of 4 µs rise at n0, open at the far end; 0–4 ms. N states.
 *
 *   C v_k' = (v_{k−1} − v_k)/R − (v_k − v_{k+1})/R,   v_0 = u(t),   no current beyond node N.
 */
import { GROUND } from './network';
import type { Network, NetworkElement, Probe } from './network';

export const RC_LADDER = { totalR: 1e3, totalC: 1e-6, rise: 4e-6, tEnd: 4e-3 } as const;

export const ladderNode = (k: number): string => `n${k}`;

export function rcLadderNetwork(N: number): Network {
  if (!Number.isInteger(N) || N < 2) throw new RangeError(`rcLadderNetwork: N must be an integer ≥ 2, got ${N}`);
  const R = RC_LADDER.totalR / N;
  const C = RC_LADDER.totalC / N;
  const elements: NetworkElement[] = [];
  for (let k = 1; k <= N; k++) {
    elements.push({ id: `R${k}`, kind: 'R', from: ladderNode(k - 1), to: ladderNode(k), value: R });
    elements.push({ id: `C${k}`, kind: 'C', from: ladderNode(k), to: GROUND, value: C });
  }
  const probeAt = (k: number): Probe => ({ node: ladderNode(k), capacitor: `C${k}` });
  return {
    family: 'rc-ladder',
    size: N,
    sizeLabel: `N = ${N}`,
    states: N,
    elements,
    source: { id: 'Vs', kind: 'voltage', from: ladderNode(0), to: GROUND, amplitude: 1, rise: RC_LADDER.rise },
    probes: uniqueProbes([1, Math.ceil(N / 4), Math.ceil(N / 2), N].map(probeAt)),
    tEnd: RC_LADDER.tEnd,
    values: `R = ${RC_LADDER.totalR} Ω/N, C = ${RC_LADDER.totalC} F/N; 1 V ramp, 4 µs rise; 0–4 ms`,
  };
}

/** Probes in order, each node once. */
export function uniqueProbes(probes: readonly Probe[]): Probe[] {
  const seen = new Set<string>();
  return probes.filter((p) => (seen.has(p.node) ? false : (seen.add(p.node), true)));
}
