/**
 * stateChoiceLabels: the names of the two state choices in the system's own domain. b1 takes the across
 * variables of A-type elements and the through variables of T-type elements (v_C, i_L in a circuit; velocity
 * and force of masses and springs; pressure and flow of tanks and inertances); b2 their integrals, the
 * generalised momenta and displacements (q_C, φ_L; momentum p and displacement x; volume V and pressure
 * momentum Γ). A system of several domains is named by the domain of most storage branches, electrical first
 * on a tie (the motor and pump is read as a circuit driving a machine).
 */
import type { GraphBranch, PackedGraph } from '../engine/protocol';

export interface StateChoiceLabels {
  readonly domain: string;
  readonly b1: { readonly label: string; readonly hint: string };
  readonly b2: { readonly label: string; readonly hint: string };
}

const LABELS: Readonly<Record<string, Omit<StateChoiceLabels, 'domain'>>> = {
  electrical: {
    b1: { label: 'v_C, i_L', hint: 'b1: capacitor voltages and inductor currents' },
    b2: { label: 'q_C, φ_L', hint: 'b2: capacitor charges and inductor flux linkages' },
  },
  translational: {
    b1: { label: 'v_m, F_k', hint: 'b1: mass velocities and spring forces' },
    b2: { label: 'p_m, x_k', hint: 'b2: mass momenta p and spring displacements x' },
  },
  rotational: {
    b1: { label: 'Ω_J, T_k', hint: 'b1: inertia angular velocities and shaft torques' },
    b2: { label: 'h_J, θ_k', hint: 'b2: angular momenta h and shaft twist angles θ' },
  },
  fluid: {
    b1: { label: 'P_C, Q_I', hint: 'b1: tank pressures and inertance flow rates' },
    b2: { label: 'V_C, Γ_I', hint: 'b2: tank volumes V and pressure momenta Γ of the inertances' },
  },
  thermal: {
    b1: { label: 'T_C', hint: 'b1: temperatures of the thermal capacitances' },
    b2: { label: 'Q_C', hint: 'b2: heats stored in the thermal capacitances' },
  },
};

const ORDER = ['electrical', 'translational', 'rotational', 'fluid', 'thermal'];

export function stateChoiceLabels(branches: readonly Pick<GraphBranch, 'cls' | 'domain'>[]): StateChoiceLabels {
  const counts = new Map<string, number>();
  for (const b of branches) if ((b.cls === 'A' || b.cls === 'T') && LABELS[b.domain]) counts.set(b.domain, (counts.get(b.domain) ?? 0) + 1);
  return labelsByCounts(counts);
}

/** The same from the packed graph the worker sends (its class and domain tables), with no object per branch. */
export function stateChoiceLabelsOf(g: PackedGraph): StateChoiceLabels {
  const counts = new Map<string, number>();
  for (let k = 0; k < g.cls.length; k++) {
    const cls = g.classes[g.cls[k]];
    const domain = g.domains[g.domain[k]];
    if ((cls === 'A' || cls === 'T') && LABELS[domain]) counts.set(domain, (counts.get(domain) ?? 0) + 1);
  }
  return labelsByCounts(counts);
}

function labelsByCounts(counts: ReadonlyMap<string, number>): StateChoiceLabels {
  let best = 'electrical';
  let most = 0;
  for (const d of ORDER) {
    const n = counts.get(d) ?? 0;
    if (n > most) {
      best = d;
      most = n;
    }
  }
  return { domain: best, ...LABELS[best] };
}
