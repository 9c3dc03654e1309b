/**
 * Printers of the structured form (structured-table.ts): its equations written out term by term (text,
 * LaTeX), the products that give A, B, C, D, the shared subexpressions, and the JSON of the sparse blocks.
 * The printed size grows with the number of nonzeros, never with the expanded rational entries. The text and LaTeX
 * list names, equations and the terms of each sum in natural order (v_C2 before v_C10: export/natural-order.ts); the
 * JSON keeps the model's order, which its indices refer to.
 */
import { latexIdentifier } from '../export/export-latex';
import { naturalOrder, naturalPermutation } from '../export/natural-order';
import type { StructuredBlock, StructuredTable } from './structured-table';
import { STRUCTURED_BLOCKS } from './structured-table';

export const STRUCTURED_PRODUCTS = {
  A: 'E⁻¹·(A_xx + A_xz·M⁻¹·R_x)',
  B: 'E⁻¹·(B_x + A_xz·M⁻¹·R_u)',
  C: 'C_x + C_z·M⁻¹·R_x',
  D: 'D_u + C_z·M⁻¹·R_u',
} as const;

/** With dependent storage, in the numeric model's state x̃ = x − Bd·u (Z_· = M⁻¹·R_·; structured-form.ts). */
export const STRUCTURED_DEPENDENT_PRODUCTS = {
  'd\'': 'D_x x\' + D_u u\',  D_x = P_d + Y_d·M⁻¹·R_x,  D_u = Q_d + Y_d·M⁻¹·R_u',
  s: 'S_x x\' + S_u u\',  S_x = N_d·D_x + N_x,  S_u = N_d·D_u',
  Ê: 'E − H·S_x − L_xd·D_x,  H = A_xs + A_xz·M⁻¹·R_s',
  A: 'Ê⁻¹·(A_xx + A_xz·M⁻¹·R_x)',
  Bd: 'Ê⁻¹·(H·S_u + L_xd·D_u)',
  B: 'Ê⁻¹·(B_x + A_xz·M⁻¹·R_u) + A·Bd',
  C: 'C_x + C_z·M⁻¹·R_x + K·A,  K = G·S_x,  G = C_s + C_z·M⁻¹·R_s',
  D: 'D_u + C_z·M⁻¹·R_u + K·Ê⁻¹·(B_x + A_xz·M⁻¹·R_u) + C·Bd',
  Ey: "K·Bd + G·S_u (the u' term of y)",
} as const;

const productsOf = (t: StructuredTable): Readonly<Record<string, string>> => (t.dependent.length > 0 ? STRUCTURED_DEPENDENT_PRODUCTS : STRUCTURED_PRODUCTS);
const headerOf = (t: StructuredTable) =>
  t.dependent.length > 0
    ? "E x' = A_xx x + A_xz z + A_xs s + B_x u + L_xd d',   M z = R_x x + R_u u + R_s s,   s = N_d d' + N_x x',   d = P_d x + Q_d u + Y_d z,   y = C_x x + C_z z + C_s s + D_u u"
    : "E x' = A_xx x + A_xz z + B_x u,   M z = R_x x + R_u u,   y = C_x x + C_z z + D_u u";

const COMPOUND = /[+]|.-|\//;

interface Term {
  readonly coefficient: string;
  readonly variable: string;
}

/** rank[i]: where names[i] stands in natural order. */
function naturalRank(names: readonly string[]): Int32Array {
  const rank = new Int32Array(names.length);
  naturalPermutation(names).forEach((i, k) => (rank[i] = k));
  return rank;
}

/** The terms of row i of a block, over the given variable names, in natural order of the variables. */
function rowTerms(b: StructuredBlock, i: number, names: readonly string[], latex: boolean, rank: Int32Array): Term[] {
  return b.entries
    .filter((e) => e.i === i)
    .sort((e, f) => rank[e.j] - rank[f.j])
    .map((e) => ({ coefficient: latex ? e.latex : e.text, variable: names[e.j] }));
}

function sumText(terms: readonly Term[], times: string, wrap: (c: string) => string, latex: boolean): string {
  if (terms.length === 0) return '0';
  return terms
    .map((t, k) => {
      const neg = t.coefficient.startsWith('-') && !COMPOUND.test(t.coefficient.slice(1));
      const mag = neg ? t.coefficient.slice(1) : t.coefficient;
      const inverse = /^1\/(.+)$/.exec(mag);
      const over = (d: string) => (latex ? `\\frac{${t.variable}}{${d}}` : `${t.variable}/${/^[A-Za-z_][A-Za-z0-9_]*$|^\(.*\)$/.test(d) ? d : `(${d})`}`);
      const body = mag === '1' ? t.variable : inverse ? over(inverse[1]) : `${COMPOUND.test(mag) ? wrap(mag) : mag}${times}${t.variable}`;
      return k === 0 ? (neg ? `-${body}` : body) : neg ? ` - ${body}` : ` + ${body}`;
    })
    .join('');
}

interface EquationSet {
  readonly title: string;
  readonly lhs: readonly string[][];
  readonly rhs: readonly string[][];
}

function equations(t: StructuredTable, latex: boolean): EquationSet[] {
  const v = (names: readonly string[], dot = false) => names.map((n) => (latex ? (dot ? `\\dot{${latexIdentifier(n)}}` : latexIdentifier(n)) : dot ? `${n}'` : n));
  const B = t.blocks;
  const times = latex ? '\\,' : '·';
  const wrap = (c: string) => (latex ? `\\left(${c}\\right)` : `(${c})`);
  const sum = (parts: Term[]) => sumText(parts, times, wrap, latex);
  const x = v(t.states);
  const xd = v(t.states, true);
  const z = v(t.algebraic);
  const u = v(t.inputs);
  const rx = naturalRank(t.states);
  const rz = naturalRank(t.algebraic);
  const ru = naturalRank(t.inputs);
  const rs = naturalRank(t.dependentFlows);
  const rd = naturalRank(t.dependentLevels);
  const ny = t.outputs.length;
  const dep = t.dependent.length > 0;
  const sv = v(t.dependentFlows);
  const dv = v(t.dependentLevels);
  const dd = v(t.dependentLevels, true);
  // the rows in natural order of their variable (states, static unknowns, dependent flows); outputs as given
  const dyn = Array.from(naturalPermutation(t.states), (i) => [sum(rowTerms(B.E, i, xd, latex, rx)), sum([...rowTerms(B.Axx, i, x, latex, rx), ...rowTerms(B.Axz, i, z, latex, rz), ...rowTerms(B.Axs, i, sv, latex, rs), ...rowTerms(B.Bx, i, u, latex, ru), ...rowTerms(B.Lxd, i, dd, latex, rd)])]);
  const stat = Array.from(naturalPermutation(t.algebraic), (i) => [sum(rowTerms(B.M, i, z, latex, rz)), sum([...rowTerms(B.Rx, i, x, latex, rx), ...rowTerms(B.Ru, i, u, latex, ru), ...rowTerms(B.Rs, i, sv, latex, rs)])]);
  const flows = naturalPermutation(t.dependentFlows);
  const law = Array.from(flows, (i) => [sv[i], sum([...rowTerms(B.Nd, i, dd, latex, rd), ...rowTerms(B.Nx, i, xd, latex, rx)])]);
  const lev = Array.from(flows, (i) => [dv[i], sum([...rowTerms(B.Pd, i, x, latex, rx), ...rowTerms(B.Qd, i, u, latex, ru), ...rowTerms(B.Yd, i, z, latex, rz)])]);
  const out = Array.from({ length: ny }, (_, i) => [v(t.outputs)[i], sum([...rowTerms(B.Cx, i, x, latex, rx), ...rowTerms(B.Cz, i, z, latex, rz), ...rowTerms(B.Cs, i, sv, latex, rs), ...rowTerms(B.Du, i, u, latex, ru)])]);
  return [
    { title: dep ? "Dynamic equations (E x' = A_xx x + A_xz z + A_xs s + B_x u + L_xd d')" : "Dynamic equations (E x' = A_xx x + A_xz z + B_x u)", lhs: dyn.map((r) => [r[0]]), rhs: dyn.map((r) => [r[1]]) },
    { title: dep ? 'Static network (M z = R_x x + R_u u + R_s s)' : 'Static network (M z = R_x x + R_u u)', lhs: stat.map((r) => [r[0]]), rhs: stat.map((r) => [r[1]]) },
    { title: `Dependent storage ${t.dependent.join(', ')} (s = N_d d' + N_x x')`, lhs: law.map((r) => [r[0]]), rhs: law.map((r) => [r[1]]) },
    { title: 'Dependent storage variables (d = P_d x + Q_d u + Y_d z)', lhs: lev.map((r) => [r[0]]), rhs: lev.map((r) => [r[1]]) },
    { title: dep ? 'Outputs (y = C_x x + C_z z + C_s s + D_u u)' : 'Outputs (y = C_x x + C_z z + D_u u)', lhs: out.map((r) => [r[0]]), rhs: out.map((r) => [r[1]]) },
  ];
}

export function structuredToText(t: StructuredTable): string {
  const out = [
    `${t.name}: structured form, the static network kept whole (${t.algebraic.length} static unknowns)`,
    `  ${headerOf(t)}`,
    ...Object.entries(productsOf(t)).map(([k, f]) => `  ${k} = ${f}`),
    `states x:          ${naturalOrder(t.states).join(', ') || '(none)'}`,
    ...(t.dependent.length > 0 ? [`dependent storage: ${naturalOrder(t.dependent).join(', ')}: s = ${t.dependentFlows.join(', ')}; d = ${t.dependentLevels.join(', ')}`] : []),
    `static unknowns z: ${naturalOrder(t.algebraic).join(', ') || '(none)'}`,
    `inputs u:          ${naturalOrder(t.inputs).join(', ') || '(none)'}`,
    `outputs y:         ${t.outputs.join(', ') || '(none)'}`,
  ];
  if (t.shared.length > 0) out.push('', 'where', ...t.shared.map((s) => `  ${s.name} = ${s.text}`));
  for (const set of equations(t, false)) {
    if (set.lhs.length === 0) continue;
    out.push('', `${set.title}:`, ...set.lhs.map((l, i) => `  ${l[0]} = ${set.rhs[i][0]}`));
  }
  return out.join('\n');
}

export function structuredToLatex(t: StructuredTable): string {
  const out = [
    `% ${t.name}: structured form, the static network kept whole`,
    t.dependent.length > 0
      ? `% dependent storage ${t.dependent.join(', ')}; in x~ = x - B_d u: D_x = P_d + Y_d M^{-1} R_x,  D_u = Q_d + Y_d M^{-1} R_u,  S_x = N_d D_x + N_x,  S_u = N_d D_u,  H = A_{xs} + A_{xz} M^{-1} R_s,  \\hat E = E - H S_x - L_{xd} D_x,  A = \\hat E^{-1}(A_{xx} + A_{xz} M^{-1} R_x),  B_d = \\hat E^{-1}(H S_u + L_{xd} D_u),  B = \\hat E^{-1}(B_x + A_{xz} M^{-1} R_u) + A B_d,  G = C_s + C_z M^{-1} R_s,  K = G S_x,  C = C_x + C_z M^{-1} R_x + K A,  D = D_u + C_z M^{-1} R_u + K \\hat E^{-1}(B_x + A_{xz} M^{-1} R_u) + C B_d,  E_y = K B_d + G S_u`
      : '% A = E^{-1}(A_{xx} + A_{xz} M^{-1} R_x),  B = E^{-1}(B_x + A_{xz} M^{-1} R_u),  C = C_x + C_z M^{-1} R_x,  D = D_u + C_z M^{-1} R_u',
  ];
  if (t.shared.length > 0) {
    out.push('% Shared subexpressions', '\\begin{aligned}', ...t.shared.map((s) => `  ${s.name} &= ${s.latex} \\\\`), '\\end{aligned}');
  }
  for (const set of equations(t, true)) {
    if (set.lhs.length === 0) continue;
    out.push(`% ${set.title}`, '\\begin{aligned}', ...set.lhs.map((l, i) => `  ${l[0]} &= ${set.rhs[i][0]} \\\\`), '\\end{aligned}');
  }
  return out.join('\n');
}

export function structuredToJson(t: StructuredTable): Record<string, unknown> {
  const blocks: Record<string, unknown> = {};
  for (const k of STRUCTURED_BLOCKS) {
    const b = t.blocks[k];
    blocks[k] = { rows: b.rows, cols: b.cols, entries: b.entries.map((e) => [e.i, e.j, t.symbolic ? e.text : e.value]) };
  }
  return {
    name: t.name,
    form: 'structured',
    symbolic: t.symbolic,
    states: t.states,
    algebraic: t.algebraic,
    dependent: t.dependent,
    dependentFlows: t.dependentFlows,
    dependentLevels: t.dependentLevels,
    inputs: t.inputs,
    outputs: t.outputs,
    products: productsOf(t),
    shared: t.shared.map((s) => ({ name: s.name, [t.symbolic ? 'text' : 'value']: t.symbolic ? s.text : s.value })),
    blocks,
    ...(t.symbolic ? { parameters: Object.fromEntries(t.parameters) } : {}),
  };
}
