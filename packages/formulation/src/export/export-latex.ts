/** LaTeX of the model: \dot{\tilde x} = A \tilde x + B u,  y = C \tilde x + D u + E \dot u, with named vectors. */
import type { Cell, ModelTable } from './model-table';
import { isZeroMatrix } from './model-table';

export function latexIdentifier(name: string): string {
  const m = /^([A-Za-z]+)_(.+)$/.exec(name);
  const esc = (s: string) => s.replace(/([\\{}_^#$%&~])/g, '\\$1');
  if (m) {
    const base = m[1] === 'phi' ? '\\phi' : m[1];
    return `${base}_{\\mathrm{${esc(m[2])}}}`;
  }
  return `\\mathrm{${esc(name)}}`;
}

export function latexMatrix(m: readonly (readonly Cell[])[]): string {
  if (m.length === 0 || m[0].length === 0) return '[\\,]';
  return `\\begin{bmatrix} ${m.map((row) => row.map((c) => c.latex).join(' & ')).join(' \\\\ ')} \\end{bmatrix}`;
}

export function latexVector(names: readonly string[], dot = false): string {
  if (names.length === 0) return '[\\,]';
  return `\\begin{bmatrix} ${names.map((n) => (dot ? `\\dot{${latexIdentifier(n)}}` : latexIdentifier(n))).join(' \\\\ ')} \\end{bmatrix}`;
}

export function modelToLatex(t: ModelTable): string {
  const M = t.matrices;
  const lines = [
    `% ${t.name}: state-space model (${t.formulation} formulation, states ${t.stateChoice})`,
    '\\begin{aligned}',
    `${latexVector(t.states, true)} &= ${latexMatrix(M.A)} ${latexVector(t.states)} + ${latexMatrix(M.B)} ${latexVector(t.inputs)} \\\\`,
  ];
  if (t.outputs.length > 0) {
    const e = isZeroMatrix(M.E) ? '' : ` + ${latexMatrix(M.E)} ${latexVector(t.inputs, true)}`;
    lines.push(`${latexVector(t.outputs)} &= ${latexMatrix(M.C)} ${latexVector(t.states)} + ${latexMatrix(M.D)} ${latexVector(t.inputs)}${e}`);
  }
  lines.push('\\end{aligned}');
  if (!isZeroMatrix(M.Bd)) {
    lines.push(`% The state is x~ = x - Bd u (an input derivative was present), with Bd = ${latexMatrix(M.Bd)}`);
  }
  return lines.join('\n');
}
