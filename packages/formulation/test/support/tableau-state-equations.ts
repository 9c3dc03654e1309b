/**
 * The independent oracle: state equations x' = Ax x + Au u + Ad u' from the two-level node-potential tableau,
 * without a tree or a loop matrix (formulation.md section 13; conventions of section 1; threshold of section 8).
 *
 * Unknowns z = [z0; z1], z0 = [φ, i] (level 0), z1 = [φ', i'] (level 1); across variables are φ(a) − φ(b).
 * Rows:  level 0: KCL, static and source laws (source → u), the states fixed (w_k = x_k);
 *        level 1: KCL, static and source laws (source → u');
 *        storage: i_C = C v_C',  v_L = Σ L i'  (level 0 value, level 1 rate).
 * Right-hand sides: one column per x_k, u_j, u'_j. Solved by SVD least squares (minimum norm).
 */
import { Matrix } from 'ml-matrix';
import { SysgraphError } from '@sysgraph/core';
import type { OracleNetwork, IndexedNetwork } from './oracle-network';
import { indexNetwork } from './oracle-network';
import type { SparseRow } from './tableau-rows';
import { kclRows, lawRows, levelSize, potentialRow, storageRows, variableRow } from './tableau-rows';
import { fullSvd, nullBasis, pseudoSolve } from './dense-svd';

export interface StateChoice {
  branch: string;
  variable: 'across' | 'through';
}

/** One branch or node variable as an affine function: w = Cx x + Du u + Eu u' (row vectors). */
export interface AffineValue {
  Cx: number[];
  Du: number[];
  Eu: number[];
  /** True when every null vector of the tableau leaves w unchanged. */
  unique: boolean;
}

export interface TableauResult {
  /** Every null vector of the tableau has zero x'-components. */
  xdotUnique: boolean;
  /** The least-squares residual is ~0 for every right-hand side column. */
  consistent: boolean;
  Ax: number[][];
  Au: number[][];
  Ad: number[][];
  states: StateChoice[];
  inputs: string[];
  /** Tableau size (rows × columns) and rank, for reports. */
  size: { rows: number; columns: number; rank: number };
  branchValue(branch: string, variable: 'across' | 'through'): AffineValue;
  nodeValue(node: string): AffineValue;
}

/** Null-vector components at most this large count as zero (null vectors have unit norm). */
export const NULL_COMPONENT_TOLERANCE = 1e-8;
/** Relative residual above which a column counts as inconsistent. */
export const RESIDUAL_TOLERANCE = 1e-8;

function denseRows(rows: SparseRow[], columns: number): Matrix {
  const m = new Matrix(rows.length, columns);
  rows.forEach((row, r) => row.forEach((c, j) => m.set(r, j, c)));
  return m;
}

function checkInputs(net: IndexedNetwork, inputs: string[]): number[] {
  const sources = net.branches.map((b, k) => ({ b, k })).filter(({ b }) => b.kind === 'E' || b.kind === 'J');
  const columnOfSource: number[] = net.branches.map(() => -1);
  inputs.forEach((id, j) => {
    const k = net.branchIndex.get(id);
    if (k === undefined || (net.branches[k].kind !== 'E' && net.branches[k].kind !== 'J')) {
      throw new SysgraphError('unknown-element', `input ${id} is not a source of the network`, {
        element: id,
        field: 'inputs',
        expected: 'the id of an E or J branch',
      });
    }
    if (columnOfSource[k] >= 0) {
      throw new SysgraphError('duplicate-id', `input ${id} is listed twice`, { element: id, field: 'inputs', expected: 'each source once' });
    }
    columnOfSource[k] = j;
  });
  const missing = sources.filter(({ k }) => columnOfSource[k] < 0).map(({ b }) => b.id);
  if (missing.length) {
    throw new SysgraphError('missing-field', `sources without an input column: ${missing.join(', ')}`, {
      element: missing[0],
      field: 'inputs',
      expected: 'every source listed once in inputs',
      elements: missing,
    });
  }
  return columnOfSource;
}

function stateIndex(net: IndexedNetwork, states: StateChoice[]): number[] {
  return states.map((s) => {
    const k = net.branchIndex.get(s.branch);
    if (k === undefined || (s.variable !== 'across' && s.variable !== 'through')) {
      throw new SysgraphError('unknown-element', `state ${s.branch}/${String(s.variable)} is not a branch variable`, {
        element: s.branch,
        field: 'states',
        expected: 'a branch id with variable across or through',
      });
    }
    return k;
  });
}

/** Solve the tableau for x' and every branch and node variable as affine functions of x, u, u'. */
export function tableauStateEquations(net: OracleNetwork, states: StateChoice[], inputs: string[]): TableauResult {
  const g = indexNetwork(net);
  const columnOfSource = checkInputs(g, inputs);
  const stateBranches = stateIndex(g, states);
  const n0 = levelSize(g);
  const nx = states.length;
  const nu = inputs.length;
  const rhsColumns = nx + 2 * nu; // [x | u | u']

  const rows: SparseRow[] = [];
  const rhs: { row: number; column: number }[] = [];
  for (const level of [0, 1]) {
    const offset = level * n0;
    rows.push(...kclRows(g, offset));
    for (const law of lawRows(g, offset)) {
      // Source law: v_E = u_E, i_J = u_J at level 0; their derivatives = u' at level 1.
      if (law.source >= 0) rhs.push({ row: rows.length, column: nx + level * nu + columnOfSource[law.source] });
      rows.push(law.row);
    }
    if (level === 0) {
      // States fixed at level 0: w_k = x_k.
      stateBranches.forEach((k, s) => {
        rhs.push({ row: rows.length, column: s });
        rows.push(variableRow(g, k, states[s].variable, 0));
      });
    }
  }
  // Storage laws couple the levels: C v_C' = i_C and Σ L i_L' = v_L.
  rows.push(...storageRows(g, n0, 0));

  const t = denseRows(rows, 2 * n0);
  const r = new Matrix(rows.length, rhsColumns);
  for (const { row, column } of rhs) r.set(row, column, 1);
  const svd = fullSvd(t);
  const z = pseudoSolve(svd, r);
  const nullSpace = nullBasis(svd);

  // Consistency: ‖T z − r‖ ≤ tol (σ_max ‖z‖ + ‖r‖) for every column.
  const residual = t.mmul(z).sub(r);
  let consistent = true;
  for (let c = 0; c < rhsColumns; c++) {
    const res = residual.getColumnVector(c).norm();
    const scale = svd.sigmaMax * z.getColumnVector(c).norm() + r.getColumnVector(c).norm();
    if (res > RESIDUAL_TOLERANCE * Math.max(scale, 1e-300)) consistent = false;
  }

  const evaluate = (row: SparseRow): AffineValue => {
    const value = new Array<number>(rhsColumns).fill(0);
    row.forEach((coef, j) => {
      for (let c = 0; c < rhsColumns; c++) value[c] += coef * z.get(j, c);
    });
    let drift = 0;
    for (let q = 0; q < nullSpace.columns; q++) {
      let dot = 0;
      row.forEach((coef, j) => (dot += coef * nullSpace.get(j, q)));
      drift = Math.max(drift, Math.abs(dot));
    }
    return {
      Cx: value.slice(0, nx),
      Du: value.slice(nx, nx + nu),
      Eu: value.slice(nx + nu),
      unique: drift <= NULL_COMPONENT_TOLERANCE,
    };
  };

  // x'_k is the level-1 counterpart of the state variable.
  const xdot = stateBranches.map((k, s) => evaluate(variableRow(g, k, states[s].variable, n0)));
  return {
    xdotUnique: xdot.every((w) => w.unique),
    consistent,
    Ax: xdot.map((w) => w.Cx),
    Au: xdot.map((w) => w.Du),
    Ad: xdot.map((w) => w.Eu),
    states: states.map((s) => ({ ...s })),
    inputs: [...inputs],
    size: { rows: rows.length, columns: 2 * n0, rank: svd.rank },
    branchValue(branch, variable) {
      const k = g.branchIndex.get(branch);
      if (k === undefined) {
        throw new SysgraphError('unknown-element', `no branch ${branch}`, { element: branch, field: 'branch', expected: 'a branch id' });
      }
      return evaluate(variableRow(g, k, variable, 0));
    },
    nodeValue(node) {
      const n = g.nodes.indexOf(node);
      if (n < 0) {
        throw new SysgraphError('unknown-element', `no node ${node}`, { element: node, field: 'node', expected: 'a node name' });
      }
      return evaluate(potentialRow(g, n, 0));
    },
  };
}
