/**
 * Code that rebuilds the model elsewhere: MATLAB/Octave (matrices, and ss(A,B,C,D) with names when the
 * function exists) and Python (numpy arrays, and a python-control `ss` when `import control` works).
 * Parameters live in one namespace, `p.C` (MATLAB struct) or `p["C"]` (Python dict), assigned first, so a
 * parameter never collides with a matrix name (parameter-namespace.ts).
 */
import { SysgraphError } from '@sysgraph/core';
import type { Cell, ModelTable } from './model-table';
import { isZeroMatrix } from './model-table';
import { MATLAB_DIALECT, PYTHON_DIALECT, codeExpression, isMatlabField } from './parameter-namespace';
import type { CodeDialect } from './parameter-namespace';

type Grid = readonly (readonly Cell[])[];

function cellCode(t: ModelTable, c: Cell, d: CodeDialect): string {
  if (!t.symbolic) return c.text;
  return codeExpression(c.text, new Set(t.parameters.keys()), d);
}

function checkMatlabNames(t: ModelTable): void {
  if (!t.symbolic) return;
  for (const k of t.parameters.keys()) {
    if (!isMatlabField(k)) {
      throw new SysgraphError('bad-value', `parameter ${k} is not a MATLAB struct field name`, { element: k, field: 'parameters', expected: 'a letter followed by letters, digits or underscores (at most 63)' });
    }
  }
}

export function modelToMatlab(t: ModelTable): string {
  checkMatlabNames(t);
  // Each entry in parentheses: inside [ ], "a -b" would read as two columns.
  const entry = (c: Cell) => {
    const s = cellCode(t, c, MATLAB_DIALECT);
    return /\s/.test(s) ? `(${s})` : s;
  };
  const mat = (m: Grid, rows: number, cols: number) =>
    m.length === 0 || cols === 0 ? `zeros(${rows}, ${cols})` : `[${m.map((row) => row.map(entry).join(', ')).join('; ')}]`;
  const nx = t.states.length;
  const nu = t.inputs.length;
  const ny = t.outputs.length;
  const cell = (xs: readonly string[]) => `{${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ')}}`;
  const M = t.matrices;
  const params = t.symbolic
    ? ['p = struct();', ...[...t.parameters].map(([k, v]) => (v === null ? `p.${k} = sym('${k}');  % no value given` : `p.${k} = ${v};`))]
    : [];
  const lines = [
    `% ${t.name}: state-space model from sysgraph (${t.formulation} formulation, states ${t.stateChoice})`,
    `% x~' = A x~ + B u,  y = C x~ + D u + E u',  x = x~ + Bd u;  parameters in the struct p`,
    ...params,
    `A = ${mat(M.A, nx, nx)};`,
    `B = ${mat(M.B, nx, nu)};`,
    `C = ${mat(M.C, ny, nx)};`,
    `D = ${mat(M.D, ny, nu)};`,
    `E = ${mat(M.E, ny, nu)};  % coefficient of u'`,
    `Bd = ${mat(M.Bd, nx, nu)};`,
    `% ss() needs the Control System Toolbox (MATLAB) or the control package (Octave: pkg load control)`,
    `if exist('ss') ~= 0`,
    `  sys = ss(A, B, C, D, 'StateName', ${cell(t.states)}, 'InputName', ${cell(t.inputs)}, 'OutputName', ${cell(t.outputs)});`,
    `end`,
  ];
  if (!isZeroMatrix(M.E)) lines.push(`% Note: E is nonzero: the outputs also depend on du/dt, which ss() cannot hold.`);
  return lines.join('\n');
}

export function modelToPython(t: ModelTable): string {
  const arr = (m: Grid, rows: number, cols: number) =>
    m.length === 0 || cols === 0 ? `np.zeros((${rows}, ${cols}))` : `np.array([${m.map((row) => `[${row.map((c) => cellCode(t, c, PYTHON_DIALECT)).join(', ')}]`).join(', ')}], dtype=float)`;
  const nx = t.states.length;
  const nu = t.inputs.length;
  const ny = t.outputs.length;
  const M = t.matrices;
  const list = (xs: readonly string[]) => `[${xs.map((x) => JSON.stringify(x)).join(', ')}]`;
  const params = t.symbolic
    ? ['p = {}', ...[...t.parameters].map(([k, v]) => (v === null ? `p[${JSON.stringify(k)}] = None  # no value given: set it before use` : `p[${JSON.stringify(k)}] = ${v}`))]
    : [];
  const lines = [
    `# ${t.name}: state-space model from sysgraph (${t.formulation} formulation, states ${t.stateChoice})`,
    `# x~' = A x~ + B u,  y = C x~ + D u + E u',  x = x~ + Bd u;  parameters in the dict p`,
    'import numpy as np',
    'try:',
    '    import control',
    'except ImportError:  # python-control is optional: the arrays are the model',
    '    control = None',
    ...params,
    `A = ${arr(M.A, nx, nx)}`,
    `B = ${arr(M.B, nx, nu)}`,
    `C = ${arr(M.C, ny, nx)}`,
    `D = ${arr(M.D, ny, nu)}`,
    `E = ${arr(M.E, ny, nu)}  # coefficient of du/dt in the outputs`,
    `Bd = ${arr(M.Bd, nx, nu)}`,
    'if control is not None:',
    `    sys = control.ss(A, B, C, D, states=${list(t.states)}, inputs=${list(t.inputs)}, outputs=${list(t.outputs)})`,
  ];
  return lines.join('\n');
}
