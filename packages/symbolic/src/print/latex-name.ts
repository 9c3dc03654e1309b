/**
 * latexName: a parameter name in LaTeX. "K_v" → "K_{v}", Greek names → commands ("tau" → "\tau",
 * "omega_n" → "\omega_{n}", "Omega" → "\Omega"); other names print as they are ("kt" → "kt").
 */

const GREEK = new Set([
  'alpha', 'beta', 'gamma', 'delta', 'epsilon', 'varepsilon', 'zeta', 'eta', 'theta', 'vartheta', 'iota',
  'kappa', 'lambda', 'mu', 'nu', 'xi', 'pi', 'varpi', 'rho', 'varrho', 'sigma', 'varsigma', 'tau',
  'upsilon', 'phi', 'varphi', 'chi', 'psi', 'omega',
  'Gamma', 'Delta', 'Theta', 'Lambda', 'Xi', 'Pi', 'Sigma', 'Upsilon', 'Phi', 'Psi', 'Omega',
]);

function part(s: string): string {
  if (GREEK.has(s)) return `\\${s}`;
  return s.replace(/_/g, '\\_');
}

export function latexName(name: string): string {
  const k = name.indexOf('_');
  if (k <= 0 || k === name.length - 1) return part(name);
  return `${part(name.slice(0, k))}_{${part(name.slice(k + 1))}}`;
}
