/**
 * latexName: a parameter name in LaTeX. "K_v" → "K_{v}", Greek names → commands ("tau" → "\tau",
 * "omega_n" → "\omega_{n}", "Omega" → "\Omega"); a multi-letter base prints as one italic word
 * ("kt" → "\mathit{kt}", "Rf" → "\mathit{Rf}"), so that a product of names never reads as single letters.
 */

const GREEK = new Set([
  'alpha', 'beta', 'gamma', 'delta', 'epsilon', 'varepsilon', 'zeta', 'eta', 'theta', 'vartheta', 'iota',
  'kappa', 'lambda', 'mu', 'nu', 'xi', 'pi', 'varpi', 'rho', 'varrho', 'sigma', 'varsigma', 'tau',
  'upsilon', 'phi', 'varphi', 'chi', 'psi', 'omega',
  'Gamma', 'Delta', 'Theta', 'Lambda', 'Xi', 'Pi', 'Sigma', 'Upsilon', 'Phi', 'Psi', 'Omega',
]);

function part(s: string, base: boolean): string {
  if (GREEK.has(s)) return `\\${s}`;
  const escaped = s.replace(/_/g, '\\_');
  return base && s.length > 1 ? `\\mathit{${escaped}}` : escaped;
}

export function latexName(name: string): string {
  const k = name.indexOf('_');
  if (k <= 0 || k === name.length - 1) return part(name, true);
  return `${part(name.slice(0, k), true)}_{${part(name.slice(k + 1), false)}}`;
}
