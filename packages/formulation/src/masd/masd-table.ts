/**
 * masdTable: MASD's named quantities (MASD_QUANTITIES: C (6), L (7), R (8), G (9), T1…T12 (10–21), y, h, k, z
 * (22–25), the B blocks (26–36)) as printable cells of any backend, with their equation numbers, definitions
 * and row/column labels; printers for LaTeX and JSON (the text printer is formatMasdIntermediates).
 */
import type { Backend } from '../backend';
import type { Cell, CellFormat } from '../export/model-table';
import { latexIdentifier } from '../export/export-latex';
import type { MasdIntermediates } from './masd-intermediates';
import { MASD_QUANTITIES } from './format-masd-intermediates';
import { MASD_GROUP_SYMBOL } from './masd-partition';
import type { MasdGroup } from './masd-partition';

export interface MasdQuantityTable {
  readonly name: string;
  /** The paper's equation number, "(6)", or "ext." / "" for the extension columns and the transformer maps. */
  readonly equation: string;
  readonly definition: string;
  readonly rowAxis: string;
  readonly colAxis: string;
  readonly rowLabels: readonly string[];
  readonly colLabels: readonly string[];
  readonly cells: readonly (readonly Cell[])[];
}

export interface MasdTable {
  readonly name: string;
  readonly symbolic: boolean;
  readonly quantities: readonly MasdQuantityTable[];
}

export function masdTable<M, T>(name: string, im: MasdIntermediates<M>, be: Backend<M, T>, cells: CellFormat<T>): MasdTable {
  const alg = be.algebra;
  const labels = (axis: string): readonly string[] => {
    if (axis === 'u') return im.inputs.inputNames;
    if (axis === 'uM') return im.inputs.parts.flatMap((part) => im.partition.ids[part.group].map((id) => `${part.name}:${id}`));
    return im.partition.ids[axis as MasdGroup];
  };
  const axisName = (a: string) => (a === 'uM' ? 'u_M' : a === 'u' ? 'u' : MASD_GROUP_SYMBOL[a as MasdGroup]);
  const quantities = MASD_QUANTITIES.map((q) => ({
    name: q.name,
    equation: q.equation,
    definition: q.definition,
    rowAxis: axisName(q.rows),
    colAxis: axisName(q.cols),
    rowLabels: labels(q.rows),
    colLabels: labels(q.cols),
    cells: alg.toDense(q.pick(im)).map((row) => row.map((x) => cells.cell(x))),
  }));
  return { name, symbolic: be.name === 'symbolic', quantities };
}

function latexDefinition(d: string): string {
  return d
    .replace(/⁻¹/g, '^{-1}')
    .replace(/ᵀ/g, '^{T}')
    .replace(/−/g, '-')
    .replace(/F_([A-Za-zαθΓ]+)/g, (_, g: string) => `F_{${g.replace(/α/g, '\\alpha ').replace(/θ/g, '\\theta ').replace(/Γ/g, '\\Gamma ').trim()}}`)
    .replace(/M_([VI])/g, 'M_{$1}')
    .replace(/\bT(\d+)/g, 'T_{$1}')
    .replace(/\[([^\]]*)\]/g, '\\quad\\text{[$1]}')
    .replace(/α/g, '\\alpha ')
    .replace(/θ/g, '\\theta ')
    .replace(/Γ/g, '\\Gamma ');
}

function quantityName(n: string): string {
  const m = /^([A-Za-z]+)(\d+)$/.exec(n);
  if (m) return `${m[1]}_{${m[2]}}`;
  return n.replace(/α/g, '\\alpha').replace(/θ/g, '\\theta').replace(/Γ/g, '\\Gamma').replace(/_(\w+)$/, '_{$1}').replace(/_([^{].*)$/, '_{$1}');
}

export function masdTableToLatex(t: MasdTable): string {
  const out = [`% ${t.name}: MASD closed form, corrected (formulation.md section 6), with the paper's equation numbers`];
  for (const q of t.quantities) {
    const r = q.cells.length;
    const c = q.cells[0]?.length ?? 0;
    const tag = q.equation.startsWith('(') ? ` \\tag{${q.equation.slice(1, -1)}}` : '';
    const body = r === 0 || c === 0
      ? '[\\,]'
      : `\\begin{array}{c|${'c'.repeat(c)}} & ${q.colLabels.map((l) => latexIdentifier(l)).join(' & ')} \\\\ \\hline ${q.cells.map((row, i) => `${latexIdentifier(q.rowLabels[i])} & ${row.map((x) => x.latex).join(' & ')}`).join(' \\\\ ')} \\end{array}`;
    out.push(`% ${q.name} ${q.equation}: ${q.definition}`, `\\begin{equation} ${quantityName(q.name)} = ${latexDefinition(q.definition)} = ${body}${tag} \\end{equation}`);
  }
  return out.join('\n');
}

export function masdTableToJson(t: MasdTable): Record<string, unknown> {
  return {
    name: t.name,
    form: 'masd',
    symbolic: t.symbolic,
    quantities: t.quantities.map((q) => ({
      name: q.name,
      equation: q.equation,
      definition: q.definition,
      rows: q.rowLabels,
      cols: q.colLabels,
      matrix: q.cells.map((row) => row.map((x) => (t.symbolic ? x.text : x.value))),
    })),
  };
}

export function masdTableToText(t: MasdTable): string {
  const out = [`${t.name}: MASD closed form, corrected (formulation.md section 6); the paper's equation numbers in parentheses`];
  for (const q of t.quantities) {
    const r = q.cells.length;
    const c = q.cells[0]?.length ?? 0;
    out.push('', `${q.name}${q.equation ? ` ${q.equation}` : ''} = ${q.definition}   [${q.rowAxis} × ${q.colAxis}, ${r}×${c}]`);
    if (r === 0 || c === 0) {
      out.push('  (empty)');
      continue;
    }
    const texts = q.cells.map((row) => row.map((x) => x.text));
    const w = Math.max(...q.colLabels.map((l) => l.length), ...texts.flat().map((s) => s.length));
    const rw = Math.max(0, ...q.rowLabels.map((l) => l.length));
    out.push(`  ${' '.repeat(rw)}  ${q.colLabels.map((l) => l.padStart(w)).join('  ')}`);
    texts.forEach((row, i) => out.push(`  ${q.rowLabels[i].padEnd(rw)}  ${row.map((s) => s.padStart(w)).join('  ')}`));
  }
  return out.join('\n');
}
