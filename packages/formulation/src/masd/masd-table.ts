/**
 * masdTable: MASD's closed form as named products (masd-products.ts): every quantity — the leaves F_XY, C1, C2,
 * L11…L22, R1, G2, N12, Map_·, then N21, R2, G1, M_V, M_I, C (6), L (7), R (8), G (9), T1…T12 (10–21),
 * R_loop, G_cut, B3, B4, y, h, k, z (22–25), the B blocks (26–36) and the blocks of A, B, Bd (27, 28) — with its
 * equation number, its definition over named quantities, its row/column labels and, where expanded, its entries.
 * A symbolic quantity whose entries would not stay small is given by its definition only (`expanded: false`).
 * Compound entries that occur twice are named once (w1, w2, …; export/shared-subexpressions.ts). Printers for
 * text, LaTeX and JSON; the JSON's `assembly` says how A, B and Bd are laid out from named blocks.
 */
import type { Structure } from '@sysgraph/graph';
import type { RationalFunction } from '@sysgraph/symbolic';
import type { Backend } from '../backend';
import type { Cell, CellFormat } from '../export/model-table';
import { latexIdentifier } from '../export/export-latex';
import { naturalOrder, naturalPermutation } from '../export/natural-order';
import { SIMPLE_OR_RECIPROCAL, sharedSubexpressions } from '../export/shared-subexpressions';
import type { SharedSubexpression } from '../export/shared-subexpressions';
import { MASD_GROUP_SYMBOL } from './masd-partition';
import type { MasdGroup } from './masd-partition';
import { masdProducts, MASD_ASSEMBLY } from './masd-products';
import type { MasdAxis, MasdProductsOptions } from './masd-products';
import { exprLatex, exprText, latexQuantityName } from './masd-expression';

export interface MasdQuantityTable {
  readonly name: string;
  /** The paper's equation number, "(6)", or "ext." / "6.3" / "" for the extension columns, the input map and the rest. */
  readonly equation: string;
  /** The definition over named quantities (text); for a leaf, what it is. */
  readonly definition: string;
  readonly latexDefinition: string;
  /** True for the quantities read off the description (F blocks, element matrices, N12, Map parts). */
  readonly leaf: boolean;
  readonly note: string;
  readonly rowAxis: string;
  readonly colAxis: string;
  readonly rowLabels: readonly string[];
  readonly colLabels: readonly string[];
  /** False when the entries would not stay small: the definition is the quantity. */
  readonly expanded: boolean;
  /** The entries (shared subexpressions by name), empty when not expanded. */
  readonly cells: readonly (readonly Cell[])[];
  /** An earlier quantity with the same (nonzero) entries, printed by name instead of again (R_loop = R when T5 = 0); matrices of more than 144 entries only. */
  readonly sameAs?: string;
}

export interface MasdTable {
  readonly name: string;
  readonly symbolic: boolean;
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly assembly: typeof MASD_ASSEMBLY;
  readonly quantities: readonly MasdQuantityTable[];
  readonly shared: readonly SharedSubexpression[];
  readonly parameters?: ReadonlyMap<string, number | null>;
}

/**
 * Above this many entries a quantity's JSON lists its nonzero entries as [row, column, entry] triplets, and a
 * matrix equal to an earlier one is printed by that name in text and LaTeX.
 */
const DENSE_ENTRIES = 144;

export function masdTable<M, T>(
  name: string,
  structure: Structure,
  be: Backend<M, T>,
  cells: CellFormat<T>,
  opts: MasdProductsOptions & { readonly parameters?: ReadonlyMap<string, number | null> } = {},
): MasdTable {
  const alg = be.algebra;
  const mp = masdProducts(structure, be, opts);
  const ids = mp.partition.ids;
  const labels = (axis: MasdAxis): readonly string[] => (axis === 'u' ? mp.inputs : ids[axis as MasdGroup]);
  const axisName = (a: MasdAxis) => (a === 'u' ? 'u' : MASD_GROUP_SYMBOL[a as MasdGroup]);
  const dense = mp.quantities.map((q) => (q.value === undefined ? undefined : alg.toDense(q.value)));
  const symbolic = be.name === 'symbolic';
  const parameters = opts.parameters;
  const naming = sharedSubexpressions(
    symbolic ? dense.flatMap((m) => (m ? m.flat().filter((t) => !alg.field.isZero(t)) : [])) : [],
    alg.field,
    (t) => cells.cell(t),
    (s) => parameters?.has(s) === true || mp.states.includes(s) || mp.inputs.includes(s),
    symbolic ? (t) => (t as unknown as RationalFunction).hash() : undefined,
    // 1/K3 (a conductance, a compliance) reads better as written than as a name.
    SIMPLE_OR_RECIPROCAL,
  );
  const zero = cells.cell(alg.field.zero);
  const quantities = mp.quantities.map((q, k) => ({
    name: q.name,
    equation: q.equation,
    definition: q.expr ? exprText(q.expr) : q.note,
    latexDefinition: q.expr ? exprLatex(q.expr) : `\text{${q.note.replace(/[_&%#{}]/g, (c) => `\${c}`)}}`,
    leaf: q.expr === undefined,
    note: q.expr ? q.note : '',
    rowAxis: axisName(q.rows),
    colAxis: axisName(q.cols),
    rowLabels: labels(q.rows),
    colLabels: labels(q.cols),
    expanded: dense[k] !== undefined,
    cells: dense[k] ? dense[k].map((row) => row.map((x) => (alg.field.isZero(x) ? zero : naming.cell(x)))) : [],
  }));
  // A repeated large nonzero matrix (R_loop = R + T5 with T5 = 0) is printed by the earlier name.
  const seen = new Map<string, string>();
  const withSame = quantities.map((q) => {
    if (!q.expanded || q.rowLabels.length * q.colLabels.length <= DENSE_ENTRIES || q.cells.every((row) => row.every(isZeroCell))) return q;
    const key = `${q.rowAxis}|${q.colAxis}|${q.cells.map((row) => row.map((x) => x.text).join('\u0001')).join('\u0002')}`;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, q.name);
      return q;
    }
    return { ...q, sameAs: first };
  });
  return { name, symbolic, states: mp.states, inputs: mp.inputs, assembly: MASD_ASSEMBLY, quantities: withSame, shared: naming.shared, ...(parameters ? { parameters } : {}) };
}

/** Above this many columns a matrix prints as its nonzero entries, row by row. */
const DENSE_COLUMNS = 12;

const isZeroCell = (c: Cell) => c.text === '0';

/** The quantity's rows and columns in natural order of their labels (export/natural-order.ts: printing only). */
function inNaturalOrder(q: MasdQuantityTable): MasdQuantityTable {
  const rows = naturalPermutation(q.rowLabels);
  const cols = naturalPermutation(q.colLabels);
  const rowLabels = Array.from(rows, (i) => q.rowLabels[i]);
  const colLabels = Array.from(cols, (j) => q.colLabels[j]);
  const cells = q.cells.length === 0 ? q.cells : Array.from(rows, (i) => Array.from(cols, (j) => q.cells[i][j]));
  return { ...q, rowLabels, colLabels, cells };
}

function headText(q: MasdQuantityTable): string {
  const dims = `[${q.rowAxis} × ${q.colAxis}, ${q.rowLabels.length}×${q.colLabels.length}]`;
  if (q.leaf) return `${q.name}: ${q.definition}   ${dims}`;
  return `${q.name}${q.equation ? ` ${q.equation}` : ''} = ${q.definition}   ${dims}${q.note ? `   (${q.note})` : ''}`;
}

function bodyText(table: MasdQuantityTable): string[] {
  const q = inNaturalOrder(table);
  const r = q.rowLabels.length;
  const c = q.colLabels.length;
  if (r === 0 || c === 0) return ['  (empty)'];
  if (!q.expanded) return ['  (not expanded: its entries would not stay small; the definition is the quantity)'];
  if (q.cells.every((row) => row.every(isZeroCell))) return ['  0'];
  if (q.sameAs) return [`  = ${q.sameAs} (the same entries)`];
  if (c > DENSE_COLUMNS) {
    return q.cells.flatMap((row, i) => {
      const nz = row.map((x, j) => (isZeroCell(x) ? '' : `${q.colLabels[j]}: ${x.text}`)).filter((e) => e !== '');
      return nz.length === 0 ? [] : [`  ${q.rowLabels[i]} → ${nz.join(', ')}`];
    });
  }
  const texts = q.cells.map((row) => row.map((x) => x.text));
  const w = Math.max(...q.colLabels.map((l) => l.length), ...texts.flat().map((s) => s.length));
  const rw = Math.max(0, ...q.rowLabels.map((l) => l.length));
  return [`  ${' '.repeat(rw)}  ${q.colLabels.map((l) => l.padStart(w)).join('  ')}`, ...texts.map((row, i) => `  ${q.rowLabels[i].padEnd(rw)}  ${row.map((s) => s.padStart(w)).join('  ')}`)];
}

const ASSEMBLY_TEXT = 'A = [A_CC, A_CL; A_LC, A_LL],  B = [B_C; B_L],  Bd = [Bd_C; Bd_L]  (rows C then L, columns u)';

export function masdTableToText(t: MasdTable): string {
  const out = [
    `${t.name}: MASD closed form, corrected (formulation.md section 6), as named products; the paper's equation numbers in parentheses`,
    `  states x̃: ${naturalOrder(t.states).join(', ') || '(none)'}`,
    `  inputs u: ${naturalOrder(t.inputs).join(', ') || '(none)'}`,
    `  ${ASSEMBLY_TEXT}`,
  ];
  if (t.shared.length > 0) out.push('', 'where', ...t.shared.map((s) => `  ${s.name} = ${s.text}`));
  for (const q of t.quantities) out.push('', headText(q), ...bodyText(q));
  return out.join('\n');
}

function bodyLatex(table: MasdQuantityTable): string | undefined {
  const q = inNaturalOrder(table);
  const r = q.rowLabels.length;
  const c = q.colLabels.length;
  if (r === 0 || c === 0) return '[\\,]';
  if (!q.expanded) return undefined;
  if (q.cells.every((row) => row.every(isZeroCell))) return '0';
  if (q.sameAs) return latexQuantityName(q.sameAs);
  return `\\begin{array}{c|${'c'.repeat(c)}} & ${q.colLabels.map((l) => latexIdentifier(l)).join(' & ')} \\\\ \\hline ${q.cells.map((row, i) => `${latexIdentifier(q.rowLabels[i])} & ${row.map((x) => x.latex).join(' & ')}`).join(' \\\\ ')} \\end{array}`;
}

export function masdTableToLatex(t: MasdTable): string {
  const out = [
    `% ${t.name}: MASD closed form, corrected (formulation.md section 6), as named products, with the paper's equation numbers`,
    `% ${ASSEMBLY_TEXT}`,
  ];
  if (t.shared.length > 0) out.push('% Shared subexpressions', '\\begin{aligned}', ...t.shared.map((s) => `  ${s.name} &= ${s.latex} \\\\`), '\\end{aligned}');
  for (const q of t.quantities) {
    const tag = q.equation.startsWith('(') ? ` \\tag{${q.equation.slice(1, -1)}}` : '';
    const body = bodyLatex(q);
    const lhs = latexQuantityName(q.name);
    const rhs = q.leaf ? body ?? '' : body === undefined ? q.latexDefinition : `${q.latexDefinition} = ${body}`;
    out.push(`% ${headText(q)}`, `\\begin{equation} ${lhs} = ${rhs}${tag} \\end{equation}`);
  }
  return out.join('\n');
}

export function masdTableToJson(t: MasdTable): Record<string, unknown> {
  const entry = (x: Cell) => (t.symbolic ? x.text : x.value);
  const entries = (q: MasdQuantityTable): Record<string, unknown> => {
    if (!q.expanded) return {};
    const same = q.sameAs ? { sameAs: q.sameAs } : {};
    if (q.rowLabels.length * q.colLabels.length <= DENSE_ENTRIES) return { ...same, matrix: q.cells.map((row) => row.map(entry)) };
    return { ...same, entries: q.cells.flatMap((row, i) => row.flatMap((x, j) => (isZeroCell(x) ? [] : [[i, j, entry(x)]]))) };
  };
  return {
    name: t.name,
    form: 'masd',
    symbolic: t.symbolic,
    states: t.states,
    inputs: t.inputs,
    assembly: t.assembly,
    shared: t.shared.map((s) => ({ name: s.name, [t.symbolic ? 'text' : 'value']: t.symbolic ? s.text : s.value })),
    quantities: t.quantities.map((q) => ({
      name: q.name,
      equation: q.equation,
      definition: q.definition,
      leaf: q.leaf,
      ...(q.note ? { note: q.note } : {}),
      rows: q.rowLabels,
      cols: q.colLabels,
      expanded: q.expanded,
      ...entries(q),
    })),
    ...(t.symbolic && t.parameters ? { parameters: Object.fromEntries(t.parameters) } : {}),
  };
}

/**
 * The JSON as text, indented, with every array of numbers and strings on one line (a matrix row, a triplet, a
 * label list): JSON strings never hold a raw line break, so only the whitespace between tokens changes.
 */
export function masdTableToJsonText(t: MasdTable, indent = 2): string {
  return JSON.stringify(masdTableToJson(t), null, indent).replace(/\[\s*\n[^[\]{}]*?\]/g, (m) => m.replace(/^\[\s*\n\s*/, '[').replace(/\n\s*\]$/, ']').replace(/\n\s*/g, ' '));
}
