/**
 * MATLAB/Octave and Python code of the structured form: parameters in the namespace p (parameter-namespace.ts),
 * the shared subexpressions w1, w2, … once, the sparse blocks entry by entry, then A, B, C, D by the products
 *   A = E \ (Axx + Axz*(M \ Rx)),  B = E \ (Bx + Axz*(M \ Ru)),  C = Cx + Cz*(M \ Rx),  D = Du + Cz*(M \ Ru).
 * With dependent storage (structured-form.ts), in the state x̃ = x − Bd·u:  Zs = M \ Rs,
 *   Dx = Pd + Yd*Zx,  Dv = Qd + Yd*Zu,  Sx = Nd*Dx + Nx,  Su = Nd*Dv,  H = Axs + Axz*Zs,  Eh = E − H*Sx − Lxd*Dx,
 *   A = Eh \ (Axx + Axz*Zx),  Bv = Eh \ (Bx + Axz*Zu),  Bd = Eh \ (H*Su + Lxd*Dv),  B = Bv + A*Bd,
 *   G = Cs + Cz*Zs,  K = G*Sx,  C = Cx + Cz*Zx + K*A,  D = Du + Cz*Zu + K*Bv + C*Bd,  Ey = K*Bd + G*Su (y's u' term).
 */
import { MATLAB_DIALECT, PYTHON_DIALECT, codeExpression } from '../export/parameter-namespace';
import type { CodeDialect } from '../export/parameter-namespace';
import type { StructuredTable } from './structured-table';
import { STRUCTURED_BLOCKS } from './structured-table';

function expression(t: StructuredTable, text: string, d: CodeDialect, shared: ReadonlySet<string>): string {
  if (!t.symbolic) return text;
  const params = new Set([...t.parameters.keys()].filter((k) => !shared.has(k)));
  return codeExpression(text, params, d);
}

function parameterLines(t: StructuredTable, matlab: boolean): string[] {
  if (!t.symbolic) return [];
  return matlab
    ? ['p = struct();', ...[...t.parameters].map(([k, v]) => (v === null ? `p.${k} = sym('${k}');  % no value given` : `p.${k} = ${v};`))]
    : ['p = {}', ...[...t.parameters].map(([k, v]) => (v === null ? `p[${JSON.stringify(k)}] = None  # no value given: set it before use` : `p[${JSON.stringify(k)}] = ${v}`))];
}

export function structuredToMatlab(t: StructuredTable): string {
  const shared = new Set(t.shared.map((s) => s.name));
  const lines = [
    `% ${t.name}: structured form from sysgraph (the static network kept whole); parameters in the struct p`,
    t.dependent.length > 0 ? `% E x' = Axx x + Axz z + Axs s + Bx u + Lxd d',  M z = Rx x + Ru u + Rs s,  s = Nd d' + Nx x',  d = Pd x + Qd u + Yd z,  y = Cx x + Cz z + Cs s + Du u` : `% E x' = Axx x + Axz z + Bx u,  M z = Rx x + Ru u,  y = Cx x + Cz z + Du u`,
    ...parameterLines(t, true),
    ...t.shared.map((s) => `${s.name} = ${expression(t, s.text, MATLAB_DIALECT, shared)};`),
  ];
  for (const k of STRUCTURED_BLOCKS) {
    const b = t.blocks[k];
    lines.push(`${k} = zeros(${b.rows}, ${b.cols});`);
    for (const e of b.entries) lines.push(`${k}(${e.i + 1}, ${e.j + 1}) = ${expression(t, e.text, MATLAB_DIALECT, shared)};`);
  }
  if (t.dependent.length > 0) {
    const solveM = (R: string) => (t.algebraic.length > 0 ? `M \\ ${R}` : `zeros(0, size(${R}, 2))`);
    lines.push(`Zx = ${solveM('Rx')};`, `Zu = ${solveM('Ru')};`, `Zs = ${solveM('Rs')};`, 'Dx = Pd + Yd*Zx;', 'Dv = Qd + Yd*Zu;', 'Sx = Nd*Dx + Nx;', 'Su = Nd*Dv;', 'H = Axs + Axz*Zs;', 'Eh = E - H*Sx - Lxd*Dx;', 'A = Eh \\ (Axx + Axz*Zx);', 'Bv = Eh \\ (Bx + Axz*Zu);', 'Bd = Eh \\ (H*Su + Lxd*Dv);', 'B = Bv + A*Bd;', 'G = Cs + Cz*Zs;', 'K = G*Sx;', 'C = Cx + Cz*Zx + K*A;', 'D = Du + Cz*Zu + K*Bv + C*Bd;', 'Ey = K*Bd + G*Su;');
    return lines.join('\n');
  }
  lines.push(
    'Zx = M \\ Rx;',
    'Zu = M \\ Ru;',
    'A = E \\ (Axx + Axz*Zx);',
    'B = E \\ (Bx + Axz*Zu);',
    'C = Cx + Cz*Zx;',
    'D = Du + Cz*Zu;',
  );
  return lines.join('\n');
}

export function structuredToPython(t: StructuredTable): string {
  const shared = new Set(t.shared.map((s) => s.name));
  const lines = [
    `# ${t.name}: structured form from sysgraph (the static network kept whole); parameters in the dict p`,
    t.dependent.length > 0 ? `# E x' = Axx x + Axz z + Axs s + Bx u + Lxd d',  M z = Rx x + Ru u + Rs s,  s = Nd d' + Nx x',  d = Pd x + Qd u + Yd z,  y = Cx x + Cz z + Cs s + Du u` : `# E x' = Axx x + Axz z + Bx u,  M z = Rx x + Ru u,  y = Cx x + Cz z + Du u`,
    'import numpy as np',
    ...parameterLines(t, false),
    ...t.shared.map((s) => `${s.name} = ${expression(t, s.text, PYTHON_DIALECT, shared)}`),
  ];
  for (const k of STRUCTURED_BLOCKS) {
    const b = t.blocks[k];
    lines.push(`${k} = np.zeros((${b.rows}, ${b.cols}))`);
    for (const e of b.entries) lines.push(`${k}[${e.i}, ${e.j}] = ${expression(t, e.text, PYTHON_DIALECT, shared)}`);
  }
  const nz = t.algebraic.length;
  const nx = t.states.length;
  if (t.dependent.length > 0) {
    lines.push(
      ...(['x', 'u', 's'] as const).map((k) => (nz > 0 ? `Z${k} = np.linalg.solve(M, R${k})` : `Z${k} = np.zeros((0, R${k}.shape[1]))`)),
      'Dx = Pd + Yd @ Zx',
      'Dv = Qd + Yd @ Zu',
      'Sx = Nd @ Dx + Nx',
      'Su = Nd @ Dv',
      'H = Axs + Axz @ Zs',
      'Eh = E - H @ Sx - Lxd @ Dx',
      'A = np.linalg.solve(Eh, Axx + Axz @ Zx)',
      'Bv = np.linalg.solve(Eh, Bx + Axz @ Zu)',
      'Bd = np.linalg.solve(Eh, H @ Su + Lxd @ Dv)',
      'B = Bv + A @ Bd',
      'G = Cs + Cz @ Zs',
      'K = G @ Sx',
      'C = Cx + Cz @ Zx + K @ A',
      'D = Du + Cz @ Zu + K @ Bv + C @ Bd',
      'Ey = K @ Bd + G @ Su',
    );
    return lines.join('\n');
  }
  lines.push(
    nz > 0 ? 'Zx = np.linalg.solve(M, Rx)' : 'Zx = np.zeros((0, Rx.shape[1]))',
    nz > 0 ? 'Zu = np.linalg.solve(M, Ru)' : 'Zu = np.zeros((0, Ru.shape[1]))',
    nx > 0 ? 'A = np.linalg.solve(E, Axx + Axz @ Zx)' : 'A = np.zeros((0, 0))',
    nx > 0 ? 'B = np.linalg.solve(E, Bx + Axz @ Zu)' : 'B = np.zeros((0, Bx.shape[1]))',
    'C = Cx + Cz @ Zx',
    'D = Du + Cz @ Zu',
  );
  return lines.join('\n');
}
