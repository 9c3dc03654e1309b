/**
 * The symbolic backend: matrix entries are exact rational functions of the parameters (packages/symbolic:
 * canonical reduced num/den over bigint polynomials). Solves go through the symbolic package's structured
 * solver (diagonal, triangular and block detection; fraction-free Bareiss elimination), never a generic
 * symbolic inverse. Pivot weights and numeric values are taken at seeded generic parameter values.
 */
import { SysgraphError, seededRandom } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import { createExpressionParser } from '@sysgraph/description';
import {
  FieldMatrix, RationalFunction, VariableSet, assertSymbolicAffordable, estimateMatrixCost, fromMathNode, monomialBound, rowDegrees,
  rationalFunctionField, solve as symbolicSolve, toLatex, toText,
} from '@sysgraph/symbolic';
import type { Field } from '@sysgraph/symbolic';
import type { MathNode } from 'mathjs';
import type { Backend } from './backend';
import { denseAlgebra } from './algebra/dense-algebra';
import type { Dense } from './algebra/dense-algebra';
import { SingularMatrix } from './algebra/matrix-algebra';
import type { CellFormat } from './export/model-table';

export interface SymbolicBackend {
  readonly backend: Backend<Dense<RationalFunction>, RationalFunction>;
  readonly cells: CellFormat<RationalFunction>;
  /** The value at the description's parameter values (NaN where one has none). */
  evaluate(rf: RationalFunction): number;
  readonly variables: VariableSet;
}

/** The expression with the given parameters replaced by their values (a mixed symbolic model). */
function substitute(node: MathNode, values: ReadonlyMap<string, MathNode>): MathNode {
  if (values.size === 0) return node;
  return node.transform((n: MathNode) => (n.type === 'SymbolNode' && values.has((n as { name?: string }).name ?? '') ? values.get((n as { name?: string }).name!)! : n));
}

/** Seeded generic parameter values in [0.5, 2). */
function genericValues(names: readonly string[], seed = 0x5eed): Map<string, number> {
  const rnd = seededRandom(seed);
  return new Map(names.map((n) => [n, 0.5 + 1.5 * rnd()]));
}

export interface SymbolicOptions {
  /**
   * The parameters kept as symbols (a mixed model); every other parameter with a value is substituted by it,
   * exactly. Default: every parameter stays symbolic.
   */
  readonly keep?: readonly string[];
}

export function symbolicBackend(desc: SystemDescription, opts: SymbolicOptions = {}): SymbolicBackend {
  const keep = opts.keep ? new Set(opts.keep) : undefined;
  for (const k of keep ?? []) {
    if (!desc.parameters.has(k)) throw new SysgraphError('unknown-parameter', `--symbolic-params: no parameter ${k}`, { element: k, field: 'symbolic-params', expected: `one of ${[...desc.parameters.keys()].join(', ')}` });
  }
  const numbers = createExpressionParser();
  const substituted = new Map<string, MathNode>();
  for (const [k, v] of desc.parameters) if (keep && !keep.has(k) && v !== null) substituted.set(k, numbers.fromNumber(v).node);
  const names = [...desc.parameters.keys()].filter((k) => !substituted.has(k));
  const variables = VariableSet.of(names);
  const rf = rationalFunctionField(variables);
  const generic = genericValues(names);
  const values = new Map<string, number>();
  for (const [k, v] of desc.parameters) values.set(k, v ?? NaN);

  // Numeric values of entries at seeded generic parameter values (pivot magnitudes, singularity tests).
  const field: Field<RationalFunction> = { ...rf, toNumber: (a: RationalFunction) => a.evaluate(generic) };
  const algebra = denseAlgebra(field);
  // Solves through the symbolic package's structured fraction-free solver.
  algebra.solve = (a: Dense<RationalFunction>, b: Dense<RationalFunction>) => {
    const n = a.length;
    const m = b[0]?.length ?? algebra.cols(b);
    if (n === 0) return algebra.zeros(0, m);
    // Refuse before starting when the elimination would swell (packages/symbolic cost guard).
    // The term-count verdict only: the time estimate of the guard is far too pessimistic on network matrices.
    // Only the symbols that stay symbolic count: substituted parameters are numbers, and numbers merge
    // (monomialBound: a matrix in k symbols expands to at most Π (1 + D_v) terms, D_v its degree in v).
    const rows = a.map((row, i) => (b[i] ? [...row, ...b[i]] : row));
    const bound = monomialBound(rowDegrees(rows, variables.size));
    const cost = estimateMatrixCost(a.map((row) => row.map((x) => (rf.isZero(x) ? 0 : x.termCount))), { refuseMilliseconds: Infinity, monomialBound: bound });
    try {
      assertSymbolicAffordable(cost);
    } catch (e) {
      throw new SysgraphError('symbolic-too-costly', `the symbolic model would need an elimination of a ${n}×${n} matrix expanding to about ${cost.terms.toExponential(1)} terms : use the numeric model, or keep only some parameters symbolic (symbolic-params)`, { expected: (e as SysgraphError).expected });
    }
    try {
      const x = symbolicSolve(FieldMatrix.fromRows(rf, a), FieldMatrix.fromRows(rf, b.length > 0 ? b : Array.from({ length: n }, () => [])));
      const out = algebra.zeros(n, m);
      for (let i = 0; i < n; i++) for (let j = 0; j < m; j++) out[i][j] = x.get(i, j);
      return out;
    } catch (e) {
      if (e instanceof SysgraphError && (e.code === 'singular-matrix' || e.code === 'bad-value')) {
        const col = Number((e as { column?: number }).column ?? 0);
        throw new SingularMatrix(Number.isFinite(col) ? col : 0, n);
      }
      throw e;
    }
  };
  const backend: Backend<Dense<RationalFunction>, RationalFunction> = {
    name: 'symbolic',
    algebra,
    scalar: (expr, ctx) => fromMathNode(substitute(expr.node, substituted), variables, { context: ctx, addVariables: false, atoms: true }),
    sqrt: (_a, ctx) => {
      throw new SysgraphError('unsupported', `${ctx.element}.${ctx.field}: a coupling coefficient k gives M = k·sqrt(L1·L2), which is not rational; give the mutual inductance M instead, or use the numeric model`, { element: ctx.element, field: ctx.field, expected: 'a mutual inductance value M' });
    },
  };
  const evaluate = (a: RationalFunction) => {
    try {
      return a.evaluate(values);
    } catch {
      return NaN;
    }
  };
  return {
    backend,
    cells: { cell: (a) => ({ text: toText(a), latex: toLatex(a), value: evaluate(a) }) },
    evaluate,
    variables,
  };
}
