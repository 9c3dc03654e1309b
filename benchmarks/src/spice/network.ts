/**
 * Network: one lumped circuit as plain data (two-terminal R, L, C and one ramp source), the single source from
 * which the SPICE netlist, the sysgraph description and the exact modal reference of the benchmark are all built.
 */

/** The ground node of every network (written `0` in SPICE). */
export const GROUND = 'gnd';

export interface NetworkElement {
  readonly id: string;
  readonly kind: 'R' | 'L' | 'C';
  /** Positive terminal (SPICE n+, sysgraph `from`). */
  readonly from: string;
  readonly to: string;
  /** Ω, H or F. */
  readonly value: number;
}

/**
 * The one independent source: a ramp 0 → amplitude over `rise`, then constant.
 *   voltage: v(from) − v(to) = u(t);   current: u(t) flows from `from` through the source into `to`.
 */
export interface RampSource {
  readonly id: string;
  readonly kind: 'voltage' | 'current';
  readonly from: string;
  readonly to: string;
  readonly amplitude: number;
  readonly rise: number;
}

/** A node voltage compared between the tools; `capacitor` is the capacitor from that node to the ground. */
export interface Probe {
  readonly node: string;
  readonly capacitor: string;
}

export interface Network {
  /** 'rc-ladder' | 'rc-grid' | 'rlc-line'. */
  readonly family: string;
  /** The size the tables quote (sections, nodes or states). */
  readonly size: number;
  readonly sizeLabel: string;
  readonly states: number;
  readonly elements: readonly NetworkElement[];
  readonly source: RampSource;
  readonly probes: readonly Probe[];
  /** Simulated span [0, tEnd]. */
  readonly tEnd: number;
  /** Per-element values and the input, for the tables. */
  readonly values: string;
}

/** A short printable summary (elements by kind, the source, the probes). */
export function formatNetwork(n: Network): string {
  const count = (k: string) => n.elements.filter((e) => e.kind === k).length;
  const s = n.source;
  return [
    `${n.family} ${n.sizeLabel}: ${n.states} states; R ${count('R')}, L ${count('L')}, C ${count('C')}`,
    `  ${s.kind} ramp ${s.id}: ${s.from} → ${s.to}, ${s.amplitude} over ${s.rise} s; 0–${n.tEnd} s`,
    `  values: ${n.values}`,
    `  probes: ${n.probes.map((p) => p.node).join(', ')}`,
  ].join('\n');
}
