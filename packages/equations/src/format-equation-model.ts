/**
 * formatEquationModel: an equation set's model as text — the linear model's A, B, C, D, E, F in the parameters
 * (exact rational functions) and at their values; the nonlinear model's explicit equations in evaluation order.
 */
import { toText } from '@sysgraph/symbolic';
import type { FieldMatrix, RationalFunction } from '@sysgraph/symbolic';
import { STATEMINT_MATRICES } from './equation-model';
import type { EquationModel } from './equation-model';

const matrixText = (m: FieldMatrix<RationalFunction>, rows: readonly string[], cols: readonly string[]) => {
  if (m.rows === 0 || m.cols === 0) return '  (empty)';
  const cells = m.toRows().map((row) => row.map((c) => toText(c)));
  const width = Math.max(...cells.flat().map((c) => c.length), ...cols.map((c) => c.length));
  const label = Math.max(...rows.map((r) => r.length));
  const head = `  ${''.padEnd(label)}  ${cols.map((c) => c.padEnd(width)).join('  ')}`;
  return [head, ...cells.map((row, i) => `  ${rows[i].padEnd(label)}  ${row.map((c) => c.padEnd(width)).join('  ')}`)].join('\n');
};

export function formatEquationModel(m: EquationModel): string {
  const lines = [`${m.title ?? m.name}: ${m.kind} equation set; states ${m.states.join(', ') || '(none)'}; inputs ${m.inputs.join(', ') || '(none)'}; outputs ${m.outputs.join(', ') || '(none)'}`];
  if (m.kind === 'nonlinear') {
    lines.push("x' = f(t, x, u, u'), y = g(t, x, u, u'), evaluated in this order:");
    for (const eq of m.order) lines.push(`  ${eq.text.trim()}    (${eq.where})`);
  } else {
    lines.push("x' = A x + B u + E u',  y = C x + D u + F u'  (in the parameters)");
    const du = m.inputs.map((u) => `${u}'`);
    const dims: Record<string, [readonly string[], readonly string[]]> = {
      A: [m.states.map((x) => `${x}'`), m.states],
      B: [m.states.map((x) => `${x}'`), m.inputs],
      E: [m.states.map((x) => `${x}'`), du],
      C: [m.outputs, m.states],
      D: [m.outputs, m.inputs],
      F: [m.outputs, du],
    };
    for (const k of STATEMINT_MATRICES) {
      if (m.symbolic[k].isZero() && (k === 'E' || k === 'F')) continue;
      lines.push(`${k}:`, matrixText(m.symbolic[k], ...dims[k]));
    }
    if (m.numeric) {
      const values = [...m.parameters].filter(([, v]) => v !== null).map(([p, v]) => `${p} = ${v}`);
      lines.push(`at ${values.join(', ') || 'no parameters'}:`);
      for (const k of STATEMINT_MATRICES) {
        if (m.numeric[k].every((row) => row.every((x) => x === 0)) && (k === 'E' || k === 'F')) continue;
        lines.push(`${k} = ${JSON.stringify(m.numeric[k])}`);
      }
    }
  }
  for (const note of m.notes) lines.push(`note: ${note}`);
  return lines.join('\n');
}
