/**
 * Backend<M, T>: a matrix algebra plus the map from element values (expressions of parameters) to its
 * scalars. Three are provided: dense numbers (small and medium models), sparse numbers (large networks),
 * and exact rational functions of the parameters (symbolic models: symbolic-backend.ts).
 */
import { SysgraphError } from '@sysgraph/core';
import type { Expression } from '@sysgraph/description';
import { evaluateExpression } from '@sysgraph/description';
import type { CsrMatrix } from '@sysgraph/linalg';
import type { MatrixAlgebra } from './algebra/matrix-algebra';
import { denseAlgebra } from './algebra/dense-algebra';
import type { Dense } from './algebra/dense-algebra';
import { sparseAlgebra } from './algebra/sparse-algebra';
import { numberField } from '@sysgraph/symbolic';

export interface ValueContext {
  readonly element: string;
  readonly field: string;
}

export interface Backend<M, T> {
  readonly name: 'numeric' | 'sparse' | 'symbolic';
  readonly algebra: MatrixAlgebra<M, T>;
  scalar(expr: Expression, ctx: ValueContext): T;
  /** √a, where the backend can (numbers); symbolic backends throw 'unsupported'. */
  sqrt(a: T, ctx: ValueContext): T;
}

function numericScalar(values: ReadonlyMap<string, number | null>) {
  return (expr: Expression, ctx: ValueContext): number => {
    // A literal (every value of a generated netlist) is its own value: no parameter check, no tree walk.
    const literal = (expr.node as { value?: unknown }).value;
    if (expr.node.type === 'ConstantNode' && typeof literal === 'number') return literal;
    try {
      return evaluateExpression(expr, values);
    } catch (e) {
      if (e instanceof SysgraphError) {
        throw new SysgraphError(e.code, `${ctx.element}.${ctx.field}: ${e.message}`, { element: ctx.element, field: ctx.field, expected: e.expected, elements: e.elements });
      }
      throw e;
    }
  };
}

/** Dense float64 matrices: every parameter must have a value. */
export function numericBackend(parameters: ReadonlyMap<string, number | null>): Backend<Dense<number>, number> {
  return {
    name: 'numeric',
    algebra: denseAlgebra(numberField, 1e-13),
    scalar: numericScalar(parameters),
    sqrt: (a) => Math.sqrt(a),
  };
}

/** Sparse CSR float64 matrices for networks of 10^4 branches and more. */
export function sparseBackend(parameters: ReadonlyMap<string, number | null>): Backend<CsrMatrix, number> {
  return {
    name: 'sparse',
    algebra: sparseAlgebra(),
    scalar: numericScalar(parameters),
    sqrt: (a) => Math.sqrt(a),
  };
}
