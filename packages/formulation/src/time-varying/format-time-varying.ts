/**
 * Printable forms of the time-varying model: the time-varying values and their rates, the state equations in
 * words, the matrices at a given time, and the symbolic A(t), B(t) with the meaning of each time symbol.
 */
import { toText } from '@sysgraph/symbolic';
import type { RationalFunction } from '@sysgraph/symbolic';
import type { Dense } from '../algebra/dense-algebra';
import type { TimeVaryingModel } from './time-varying-model';
import type { TimeVaryingSymbolic } from './time-varying-symbolic';

function table(title: string, rows: readonly string[], cols: readonly string[], cell: (i: number, j: number) => string): string[] {
  if (rows.length === 0 || cols.length === 0) return [`${title}: (empty)`];
  const cells = rows.map((_, i) => cols.map((_, j) => cell(i, j)));
  const head = ['', ...cols];
  const width = head.map((h, j) => (j === 0 ? rows.reduce((w, r) => Math.max(w, r.length), h.length) : cells.reduce((w, r) => Math.max(w, r[j - 1].length), h.length)));
  const line = (xs: readonly string[]) => xs.map((x, j) => x.padStart(width[j])).join('  ');
  return [`${title}:`, line(head), ...rows.map((r, i) => line([r, ...cells[i]]))];
}

const number = (x: number) => (x === 0 ? '0' : Math.abs(x) >= 1e-3 && Math.abs(x) < 1e5 ? String(Number(x.toPrecision(6))) : x.toExponential(4));

/** The model, and its matrices at time t when given. */
export function formatTimeVarying(tv: TimeVaryingModel, t?: number): string {
  const lines = [
    `time-varying model: ${tv.form} states, ${tv.storageLaw} storage laws`,
    `  states:  ${tv.states.join(', ') || '(none)'}${tv.form === 'charge-flux' ? `   (physical: ${tv.physicalStates.join(', ')})` : ''}`,
    `  inputs:  ${tv.inputs.join(', ') || '(none)'}`,
    `  outputs: ${tv.outputs.join(', ') || '(none)'}`,
    tv.form === 'charge-flux' ? "  s' = A(t) s + B(t) u,  y = C(t) s + D(t) u + E(t) u'" : "  x' = A(t) x + B(t) u + Bd(t) u',  y = C(t) x + D(t) u + E(t) u'",
    '  time-varying values:',
    ...(tv.timeVarying.length === 0 ? ['    (none)'] : tv.timeVarying.map((v) => `    ${v.element}.${v.field} = ${v.value}    d/dt = ${v.rate}`)),
  ];
  if (t !== undefined) {
    const at = tv.at(t);
    const m = (title: string, M: number[][], rows: readonly string[], cols: readonly string[]) => table(`${title}(${t})`, rows, cols, (i, j) => number(M[i][j])).map((l) => `  ${l}`);
    for (const l of [m('A', at.A, tv.states, tv.states), m('B', at.B, tv.states, tv.inputs)].flat()) lines.push(l);
    if (tv.form === 'across-through') for (const l of m('Bd', at.Bd, tv.states, tv.inputs)) lines.push(l);
    for (const l of [m('C', at.C, tv.outputs, tv.states), m('D', at.D, tv.outputs, tv.inputs), m('E', at.E, tv.outputs, tv.inputs)].flat()) lines.push(l);
  }
  return lines.join('\n');
}

/** The symbolic A(t), B(t) (and Bd(t) in the across-through form) with the time symbols explained. */
export function formatTimeVaryingSymbolic(sym: TimeVaryingSymbolic): string {
  const cell = (M: Dense<RationalFunction>) => (i: number, j: number) => toText(M[i][j]);
  const lines = [
    `time-varying model (symbolic): ${sym.form} states, ${sym.storageLaw} storage laws`,
    '  time symbols:',
    ...(sym.symbols.length === 0 ? ['    (none)'] : sym.symbols.map((x) => `    ${x.name} = ${x.expression}`)),
    ...table('A(t)', sym.states, sym.states, cell(sym.A)).map((l) => `  ${l}`),
    ...table('B(t)', sym.states, sym.inputs, cell(sym.B)).map((l) => `  ${l}`),
  ];
  if (sym.form === 'across-through') for (const l of table('Bd(t)', sym.states, sym.inputs, cell(sym.Bd))) lines.push(`  ${l}`);
  return lines.join('\n');
}
