/**
 * rlcLineNetwork: a lossy transmission line of 1 m as N telegrapher sections (2N states), driven by an ideal 1 V
 * ramp of 2.5 ns rise (half the one-way delay: an electrically long line) and open at the far end; 0–50 ns (ten
 * one-way delays).
 *
 *   Per metre: L' = 250 nH, C' = 100 pF (Z0 = √(L'/C') = 50 Ω, delay √(L'C') = 5 ns), R' = 10 Ω,
 *   G' = R'C'/L' = 4 mS (Heaviside's distortionless condition R'/L' = G'/C' = α = 4·10⁷ s⁻¹).
 *   Section k: R: n_{k−1} → m_k (R'/N), L: m_k → n_k (L'/N), C: n_k → gnd (C'/N), Rg: n_k → gnd (N/G').
 *
 *   L i_k' = v_{k−1} − v_k − R i_k,   C v_k' = i_k − i_{k+1} − G v_k,   v_0 = u(t),  i_{N+1} = 0.
 *
 * Every mode decays at the same rate α, so the line rings between its reflecting ends for the whole span (the
 * response at the open end swings towards 2 V); the uniform damping gives a closed-form modal solution.
 */
import { GROUND } from './network';
import type { Network, NetworkElement, Probe } from './network';
import { uniqueProbes } from './rc-ladder-network';

export const RLC_LINE = { Rm: 10, Lm: 250e-9, Cm: 100e-12, Gm: 4e-3, rise: 2.5e-9, tEnd: 50e-9 } as const;

/** Per-section values of an N-section line. */
export function rlcLineSection(N: number): { R: number; L: number; C: number; G: number } {
  return { R: RLC_LINE.Rm / N, L: RLC_LINE.Lm / N, C: RLC_LINE.Cm / N, G: RLC_LINE.Gm / N };
}

export function rlcLineNetwork(N: number): Network {
  if (!Number.isInteger(N) || N < 2) throw new RangeError(`rlcLineNetwork: N must be an integer ≥ 2, got ${N}`);
  const s = rlcLineSection(N);
  const n = (k: number) => `n${k}`;
  const elements: NetworkElement[] = [];
  for (let k = 1; k <= N; k++) {
    elements.push({ id: `R${k}`, kind: 'R', from: n(k - 1), to: `m${k}`, value: s.R });
    elements.push({ id: `L${k}`, kind: 'L', from: `m${k}`, to: n(k), value: s.L });
    elements.push({ id: `C${k}`, kind: 'C', from: n(k), to: GROUND, value: s.C });
    elements.push({ id: `Rg${k}`, kind: 'R', from: n(k), to: GROUND, value: 1 / s.G });
  }
  const probeAt = (k: number): Probe => ({ node: n(k), capacitor: `C${k}` });
  return {
    family: 'rlc-line',
    size: 2 * N,
    sizeLabel: `${2 * N} states (N = ${N})`,
    states: 2 * N,
    elements,
    source: { id: 'Vs', kind: 'voltage', from: n(0), to: GROUND, amplitude: 1, rise: RLC_LINE.rise },
    probes: uniqueProbes([1, Math.ceil(N / 4), Math.ceil(N / 2), N].map(probeAt)),
    tEnd: RLC_LINE.tEnd,
    values: "per metre L' = 250 nH, C' = 100 pF, R' = 10 Ω, G' = 4 mS (Z0 = 50 Ω, 5 ns delay, distortionless); section = 1/N of it; 1 V ramp, 2.5 ns rise, open end; 0–50 ns",
  };
}
