/**
 * Large models (sparse backend) are exported without any dense n × n array: matrices as (i, j, v) triplets in
 * JSON, `sparse(i, j, v, m, n)` in MATLAB and `scipy.sparse.coo_matrix` in Python; the text form gives sizes.
 * The descriptor form (E x' = A0 x + B0 u + B1 u') is exported, since A = E⁻¹A0 need not be formed.
 */
import type { CsrMatrix } from '@sysgraph/linalg';
import type { StateSpace } from '../state-space';

export interface Triplets {
  readonly rows: number;
  readonly cols: number;
  readonly i: number[];
  readonly j: number[];
  readonly v: number[];
}

export function toTriplets(a: CsrMatrix): Triplets {
  const i: number[] = [];
  const j: number[] = [];
  const v: number[] = [];
  for (let r = 0; r < a.rows; r++) for (let p = a.rowPtr[r]; p < a.rowPtr[r + 1]; p++) if (a.values[p] !== 0) {
    i.push(r);
    j.push(a.colIdx[p]);
    v.push(a.values[p]);
  }
  return { rows: a.rows, cols: a.cols, i, j, v };
}


function matrices(ss: StateSpace<CsrMatrix>): Record<string, CsrMatrix> {
  return { ...ss.descriptor, Bd: ss.Bd, C: ss.C, D: ss.D, F: ss.E } as unknown as Record<string, CsrMatrix>;
}

export function sparseModelToJson(name: string, ss: StateSpace<CsrMatrix>): Record<string, unknown> {
  const m = matrices(ss);
  return {
    name,
    form: "descriptor: E x' = A0 x + B0 u + B1 u', y = C x~ + D u + F u', x = x~ + Bd u",
    format: 'triplets (0-based row i, column j, value v)',
    states: ss.states,
    inputs: ss.inputs,
    outputs: ss.outputs,
    ...Object.fromEntries(Object.entries(m).map(([k, a]) => [k, toTriplets(a)])),
    diagnostics: ss.diagnostics,
  };
}

export function sparseModelToText(name: string, ss: StateSpace<CsrMatrix>): string {
  const m = matrices(ss);
  return [
    `${name}: E x' = A0 x + B0 u + B1 u' (sparse descriptor form; A = E⁻¹A0 is not formed)`,
    `${ss.states.length} states, ${ss.inputs.length} inputs (${ss.inputs.join(', ')}), ${ss.outputs.length} outputs`,
    ...Object.entries(m).map(([k, a]) => `  ${k.padEnd(3)} ${a.rows} × ${a.cols}, ${a.nnz} nonzeros`),
    ...ss.diagnostics.map((d) => `${d.severity} ${d.code}: ${d.message}`),
  ].join('\n');
}

export function sparseModelToMatlab(name: string, ss: StateSpace<CsrMatrix>): string {
  const lines = [`% ${name}: sparse descriptor model from sysgraph: E x' = A0 x + B0 u + B1 u'`];
  for (const [k, a] of Object.entries(matrices(ss))) {
    const t = toTriplets(a);
    lines.push(`${k} = sparse([${t.i.map((x) => x + 1).join(' ')}], [${t.j.map((x) => x + 1).join(' ')}], [${t.v.join(' ')}], ${t.rows}, ${t.cols});`);
  }
  lines.push('sys = dss(full(E \\ A0), full(E \\ (B0 + A0*Bd)), full(C), full(D), eye(size(E)));  % only for moderate sizes');
  return lines.join('\n');
}

export function sparseModelToPython(name: string, ss: StateSpace<CsrMatrix>): string {
  const lines = [`# ${name}: sparse descriptor model from sysgraph: E x' = A0 x + B0 u + B1 u'`, 'import numpy as np', 'import scipy.sparse as sp'];
  for (const [k, a] of Object.entries(matrices(ss))) {
    const t = toTriplets(a);
    lines.push(`${k} = sp.coo_matrix((np.array([${t.v.join(', ')}]), (np.array([${t.i.join(', ')}], dtype=int), np.array([${t.j.join(', ')}], dtype=int))), shape=(${t.rows}, ${t.cols})).tocsr()`);
  }
  return lines.join('\n');
}

