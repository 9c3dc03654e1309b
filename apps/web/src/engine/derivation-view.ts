/**
 * derivationView: the derivation of the linear-graph method (StateMint tutorial, "Example") as LaTeX pieces:
 * primary, secondary and state variables and one line per elemental, continuity and compatibility equation.
 * The equations are typeset by the graph stage's own formatDerivationLatex, one equation at a time.
 */
import type { Derivation, VariableRef } from '@sysgraph/graph';
import { formatDerivationLatex } from '@sysgraph/graph';
import { SysgraphError } from '@sysgraph/core';
import type { DerivationView } from './protocol';

const escapeName = (s: string) => s.replace(/([\\{}_^#$%&~])/g, '\\$1');

/** v_{id} or i_{id} (the graph stage's notation), dotted for a derivative. */
export function variableLatex(r: VariableRef): string {
  const letter = r.variable === 'across' ? 'v' : 'i';
  return `${r.derivative ? `\\dot{${letter}}` : letter}_{\\mathrm{${escapeName(r.branch)}}}`;
}

const GREEK = new Set(['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'kappa', 'lambda', 'mu', 'nu', 'xi', 'pi', 'rho', 'sigma', 'tau', 'phi', 'chi', 'psi', 'omega', 'Omega', 'Phi', 'Theta']);

/**
 * A state, input or output name (v_C1, i_L1, q_C1, phi_L1, tau_k, Q_R) in the same notation: a one-letter or
 * Greek head before the first underscore is the symbol and the rest an upright subscript; any other name is a
 * word, set upright whole (coupling_force, v1). Optionally with a tilde and a dot over the symbol.
 */
export function stateLatex(name: string, mark: { readonly dot?: boolean; readonly tilde?: boolean } = {}): string {
  const sep = name.indexOf('_');
  const head = sep > 0 ? name.slice(0, sep) : '';
  const symbolic = sep > 0 && sep < name.length - 1 && (/^[A-Za-z]$/.test(head) || GREEK.has(head));
  let base = symbolic ? (GREEK.has(head) ? `\\${head}` : head) : `\\mathrm{${escapeName(name)}}`;
  if (mark.tilde) base = `\\tilde{${base}}`;
  if (mark.dot) base = `\\dot{${base}}`;
  return symbolic ? `${base}_{\\mathrm{${escapeName(name.slice(sep + 1))}}}` : base;
}

/**
 * The equations' LaTeX lines, in order (elemental, continuity, compatibility): one call of the graph stage's
 * formatDerivationLatex, whose every equation is one `lhs &= rhs \\` line — O(B) for the whole derivation
 * (a call per equation repeated the tree and link lists each time: O(B²), seconds for a 32 × 32 grid).
 */
function equationLines(d: Derivation): string[] {
  return formatDerivationLatex(d)
    .split('\n')
    .filter((l) => l.includes('&='))
    .map((l) => l.trim().replace(/\\\\$/, '').trim());
}

export function derivationView(d: Derivation): DerivationView {
  const lines = equationLines(d);
  const ne = d.elemental.length;
  const nc = d.continuity.length;
  if (lines.length !== ne + nc + d.compatibility.length) {
    throw new SysgraphError('unsupported', `derivationView: ${lines.length} equation lines for ${ne + nc + d.compatibility.length} equations`, { field: 'derivation', expected: 'one LaTeX line per equation' });
  }
  return {
    treeBranches: d.treeBranches,
    links: d.links,
    primary: d.primary.map(variableLatex),
    secondary: d.secondary.map(variableLatex),
    states: d.states.map((x) => stateLatex(x)),
    elemental: lines.slice(0, ne),
    continuity: lines.slice(ne, ne + nc),
    compatibility: lines.slice(ne + nc),
    counts: d.counts,
  };
}
