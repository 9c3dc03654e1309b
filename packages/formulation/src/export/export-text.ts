/** A plain-text rendering of the model for the terminal. */
import type { ModelTable } from './model-table';
import { MATRIX_NAMES, isZeroMatrix } from './model-table';

export function modelToText(t: ModelTable): string {
  const out: string[] = [
    `${t.name}: x~' = A x~ + B u,  y = C x~ + D u + E u'  (${t.formulation} formulation, states ${t.stateChoice})`,
    `states:  ${t.states.join(', ') || '(none)'}`,
    `inputs:  ${t.inputs.join(', ') || '(none)'}`,
    `outputs: ${t.outputs.join(', ') || '(none)'}`,
  ];
  for (const k of MATRIX_NAMES) {
    const m = t.matrices[k];
    if ((k === 'E' || k === 'Bd') && isZeroMatrix(m)) continue;
    const rowNames = k === 'A' || k === 'B' || k === 'Bd' ? t.states : t.outputs;
    const colNames = k === 'A' || k === 'C' ? t.states : t.inputs;
    out.push('', `${k} =`);
    if (m.length === 0 || m[0].length === 0) {
      out.push('  (empty)');
      continue;
    }
    const cells = m.map((row) => row.map((c) => c.text));
    let w = colNames.reduce((n, c) => Math.max(n, c.length), 0);
    for (const row of cells) for (const c of row) w = Math.max(w, c.length);
    const rw = rowNames.reduce((n, r) => Math.max(n, r.length), 0);
    out.push(`  ${' '.repeat(rw)}  ${colNames.map((c) => c.padStart(w)).join('  ')}`);
    cells.forEach((row, i) => out.push(`  ${rowNames[i].padEnd(rw)}  ${row.map((c) => c.padStart(w)).join('  ')}`));
  }
  if (!isZeroMatrix(t.matrices.Bd)) out.push('', 'x~ = x - Bd u: an input derivative was present (D5).');
  for (const d of t.diagnostics) out.push(`${d.severity} ${d.code}: ${d.message}`);
  return out.join('\n');
}
