/**
 * Code that rebuilds the model elsewhere: MATLAB (ss(A,B,C,D) with names) and Python (numpy arrays and a
 * python-control `ss`). Symbolic entries become expressions over parameter variables assigned first.
 */
import type { Cell, ModelTable } from './model-table';
import { isZeroMatrix } from './model-table';

const safeName = (s: string) => s.replace(/[^A-Za-z0-9_]/g, '_').replace(/^([0-9])/, '_$1');

function parameterLines(t: ModelTable, assign: (name: string, value: string) => string, missing: (name: string) => string): string[] {
  if (!t.symbolic) return [];
  return [...t.parameters].map(([k, v]) => (v === null ? missing(k) : assign(safeName(k), String(v))));
}

function expr(c: Cell, pow: string): string {
  return pow === '^' ? c.text : c.text.replace(/\^/g, '**');
}

export function modelToMatlab(t: ModelTable): string {
  const mat = (m: readonly (readonly Cell[])[], rows: number, cols: number) =>
    m.length === 0 || cols === 0 ? `zeros(${rows}, ${cols})` : `[${m.map((row) => row.map((c) => expr(c, '^')).join(', ')).join('; ')}]`;
  const nx = t.states.length;
  const nu = t.inputs.length;
  const ny = t.outputs.length;
  const cell = (xs: readonly string[]) => `{${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ')}}`;
  const M = t.matrices;
  const lines = [
    `% ${t.name}: state-space model from sysgraph (${t.formulation} formulation, states ${t.stateChoice})`,
    `% x~' = A x~ + B u,  y = C x~ + D u + E u',  x = x~ + Bd u`,
    ...parameterLines(t, (k, v) => `${k} = ${v};`, (k) => `syms ${safeName(k)}  % no value given`),
    `A = ${mat(M.A, nx, nx)};`,
    `B = ${mat(M.B, nx, nu)};`,
    `C = ${mat(M.C, ny, nx)};`,
    `D = ${mat(M.D, ny, nu)};`,
    `E = ${mat(M.E, ny, nu)};  % coefficient of u'`,
    `Bd = ${mat(M.Bd, nx, nu)};`,
    `sys = ss(A, B, C, D, 'StateName', ${cell(t.states)}, 'InputName', ${cell(t.inputs)}, 'OutputName', ${cell(t.outputs)});`,
  ];
  if (!isZeroMatrix(M.E)) lines.push(`% Note: E is nonzero: the outputs also depend on du/dt, which ss() cannot hold.`);
  return lines.join('\n');
}

export function modelToPython(t: ModelTable): string {
  const arr = (m: readonly (readonly Cell[])[], rows: number, cols: number) =>
    m.length === 0 || cols === 0 ? `np.zeros((${rows}, ${cols}))` : `np.array([${m.map((row) => `[${row.map((c) => expr(c, '**')).join(', ')}]`).join(', ')}], dtype=float)`;
  const nx = t.states.length;
  const nu = t.inputs.length;
  const ny = t.outputs.length;
  const M = t.matrices;
  const list = (xs: readonly string[]) => `[${xs.map((x) => JSON.stringify(x)).join(', ')}]`;
  const lines = [
    `# ${t.name}: state-space model from sysgraph (${t.formulation} formulation, states ${t.stateChoice})`,
    `# x~' = A x~ + B u,  y = C x~ + D u + E u',  x = x~ + Bd u`,
    'import numpy as np',
    'import control',
    ...parameterLines(t, (k, v) => `${k} = ${v}`, (k) => `${safeName(k)} = None  # no value given: set it before use`),
    `A = ${arr(M.A, nx, nx)}`,
    `B = ${arr(M.B, nx, nu)}`,
    `C = ${arr(M.C, ny, nx)}`,
    `D = ${arr(M.D, ny, nu)}`,
    `E = ${arr(M.E, ny, nu)}  # coefficient of du/dt in the outputs`,
    `Bd = ${arr(M.Bd, nx, nu)}`,
    `sys = control.ss(A, B, C, D, states=${list(t.states)}, inputs=${list(t.inputs)}, outputs=${list(t.outputs)})`,
  ];
  return lines.join('\n');
}
