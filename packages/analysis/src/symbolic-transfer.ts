/**
 * symbolicTransfer: the transfer matrix of a symbolic state-space model as exact rational functions of the
 * parameters and the Laplace variable s (Kailath, Linear Systems, 1980, §2.2; the u' term of the general
 * formulation, formulation.md, adds s·E):
 *
 *     H(s) = C (sI − A)⁻¹ B + D + s E,        Δ(s) = det(sI − A),
 *
 * computed without any symbolic inverse: X = (sI − A)⁻¹ B is the solution of (sI − A) X = B by the symbolic
 * package's structured solver (diagonal, triangular and block detection, then fraction-free Bareiss), then
 * H = C X + D + s E. Δ(s) is the common denominator of every entry (Cramer: X = adj(sI − A) B / Δ), by Bareiss.
 * The cost guard runs first. Poles: the eigenvalues of A at given parameter values.
 */
import { SysgraphError } from '@sysgraph/core';
import { FieldMatrix, RationalFunction, determinant, rationalFunctionField, solve } from '@sysgraph/symbolic';
import type { CostThresholds, SymbolicCost, VariableSet } from '@sysgraph/symbolic';
import { collectInS } from './collect-in-s';
import type { FractionInS } from './collect-in-s';
import type { Complex } from './complex';
import { laplaceVariable } from './laplace-variable';
import { poles } from './poles';
import { assertTransferAffordable, transferCost } from './transfer-cost';

/** The part of a StateSpace<RationalFunction[][]> (packages/formulation) that H(s) reads. */
export interface SymbolicModel {
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly A: readonly (readonly RationalFunction[])[];
  readonly B: readonly (readonly RationalFunction[])[];
  readonly C: readonly (readonly RationalFunction[])[];
  readonly D: readonly (readonly RationalFunction[])[];
  readonly E: readonly (readonly RationalFunction[])[];
}

export type ParameterValueMap = ReadonlyMap<string, number> | Readonly<Record<string, number>>;

export interface SymbolicTransferOptions {
  /** Parameter values (name → value) for the numeric poles; without them `poles` is null. */
  readonly values?: ParameterValueMap;
  /** Passed to the cost guard (estimateMatrixCost): raise them to allow larger expansions. */
  readonly thresholds?: CostThresholds;
}

export interface SymbolicTransfer {
  /** The parameters followed by the Laplace variable (a new set; the caller's is not changed). */
  readonly variables: VariableSet;
  /** The Laplace variable: 's', or another name when a parameter is called s (then `renamed`). */
  readonly laplace: { readonly name: string; readonly index: number; readonly renamed: boolean };
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  /** H[i][j] = Y_i(s)/U_j(s) in canonical reduced form (common factors of numerator and Δ cancelled). */
  readonly H: readonly (readonly RationalFunction[])[];
  /** H[i][j] collected in powers of s with a monic denominator. */
  readonly entries: readonly (readonly FractionInS[])[];
  /** Δ(s) = det(sI − A) as a rational function of the parameters and s. */
  readonly characteristicPolynomial: RationalFunction;
  /** Coefficients of s^0 … s^n of Δ(s) (rational functions of the parameters); the last is 1. */
  readonly characteristic: readonly RationalFunction[];
  /** Eigenvalues of A at `values`, sorted by real then imaginary part; null without values. */
  readonly poles: readonly Complex[] | null;
  /** The cost guard's estimate for this model. */
  readonly cost: SymbolicCost;
}

function checkShape(name: string, m: readonly (readonly unknown[])[], rows: number, cols: number): void {
  const ok = m.length === rows && m.every((r) => r.length === cols);
  if (!ok) {
    throw new SysgraphError('bad-value', `${name} is not ${rows} × ${cols}`, {
      field: name,
      expected: `a ${rows} × ${cols} matrix (states × states, states × inputs, outputs × states, outputs × inputs)`,
    });
  }
}

export function symbolicTransfer(ss: SymbolicModel, variables: VariableSet, opts: SymbolicTransferOptions = {}): SymbolicTransfer {
  const n = ss.states.length;
  const m = ss.inputs.length;
  const p = ss.outputs.length;
  checkShape('A', ss.A, n, n);
  checkShape('B', ss.B, n, m);
  checkShape('C', ss.C, p, n);
  checkShape('D', ss.D, p, m);
  checkShape('E', ss.E, p, m);

  const lv = laplaceVariable(variables);
  const F = rationalFunctionField(lv.variables);
  const s = RationalFunction.variable(lv.variables, lv.index);
  const re = (rows: readonly (readonly RationalFunction[])[]) => rows.map((r) => r.map(lv.rehome));
  const [A, B, C, D, E] = [re(ss.A), re(ss.B), re(ss.C), re(ss.D), re(ss.E)];

  // sI − A
  const sIminusA = FieldMatrix.fromFunction(F, n, n, (i, j) => (i === j ? F.sub(s, A[i][j]) : F.neg(A[i][j])));
  const cost = transferCost(sIminusA, m, opts.thresholds, F.gcdOptions);
  assertTransferAffordable(cost, n);

  // Δ(s) = det(sI − A) (Bareiss); X = (sI − A)⁻¹ B from (sI − A) X = B (structured, fraction-free).
  const characteristicPolynomial = n === 0 ? F.one : determinant(sIminusA);
  const X = n === 0 || m === 0 || p === 0 ? null : solve(sIminusA, FieldMatrix.fromRows(F, B));

  // H = C X + D + s E
  const H = Array.from({ length: p }, (_, i) =>
    Array.from({ length: m }, (_, j) => {
      let h = F.add(D[i][j], F.mul(s, E[i][j]));
      for (let k = 0; k < n; k++) {
        if (!C[i][k].isZero()) h = F.add(h, F.mul(C[i][k], X!.get(k, j)));
      }
      return h;
    }),
  );

  const characteristic = collectInS(characteristicPolynomial, lv.index, F.gcdOptions).numerator;
  const entries = H.map((row) => row.map((h) => collectInS(h, lv.index, F.gcdOptions)));
  return {
    variables: lv.variables,
    laplace: { name: lv.name, index: lv.index, renamed: lv.renamed },
    states: [...ss.states],
    inputs: [...ss.inputs],
    outputs: [...ss.outputs],
    H,
    entries,
    characteristicPolynomial,
    characteristic,
    poles: opts.values ? numericPoles(A, lv.variables, opts.values) : null,
    cost,
  };
}

/** λ(A) at the parameter values; a parameter used by A without a value throws 'missing-parameter-value'. */
function numericPoles(A: RationalFunction[][], variables: VariableSet, values: ParameterValueMap): Complex[] {
  const used = new Set<number>();
  for (const row of A) for (const a of row) for (const v of a.usedVariableIndices()) used.add(v);
  const x = variables.valuesFrom(values, used);
  return poles({ A: A.map((row) => row.map((a) => a.evaluate(x))) });
}
