/**
 * graphRows: the linear graph's own equations (the hand derivation of packages/graph's deriveEquations: B − S
 * elemental, continuity, compatibility) as numeric rows over its variables at the parameter values — each row
 * lhs − Σ c·ref = 0, a variable named v_BRANCH or i_BRANCH (with ' for its derivative) — plus the derivative of
 * every continuity and compatibility equation (constant coefficients), so that an equation written in
 * derivatives (v_L = L i_L' with i_L = i_motor.1) is recognised too.
 */
import { createExpressionParser, evaluateExpression } from '@sysgraph/description';
import type { SystemDescription } from '@sysgraph/description';
import { deriveEquations } from '@sysgraph/graph';
import type { Equation, Structure, VariableRef } from '@sysgraph/graph';

export interface GraphRow {
  /** The graph's equation (absent for a derivative of one). */
  readonly equation?: Equation;
  /** symbol → coefficient of lhs − rhs. */
  readonly row: ReadonlyMap<string, number>;
  /** The symbol on the left. */
  readonly lhs: string;
}

export const graphSymbol = (ref: VariableRef, derivative = false): string => `${ref.variable === 'across' ? 'v' : 'i'}_${ref.branch}${ref.derivative || derivative ? "'" : ''}`;

export function graphRows(structure: Structure, desc: SystemDescription): GraphRow[] {
  const d = deriveEquations(structure.partition, desc);
  const parser = createExpressionParser();
  const value = (text: string) => evaluateExpression(parser.parse(text, desc.parameters), desc.parameters);
  const rows: GraphRow[] = [];
  const add = (eq: Equation | undefined, derivative: boolean) => {
    const src = eq!;
    const row = new Map<string, number>();
    const lhs = graphSymbol(src.lhs, derivative);
    row.set(lhs, 1);
    for (const t of src.rhs) {
      const s = graphSymbol(t.ref, derivative);
      row.set(s, (row.get(s) ?? 0) - value(t.coefficient));
    }
    rows.push({ ...(derivative ? {} : { equation: src }), row, lhs });
  };
  for (const eq of [...d.elemental, ...d.continuity, ...d.compatibility]) add(eq, false);
  for (const eq of [...d.continuity, ...d.compatibility]) if (!eq.lhs.derivative && eq.rhs.every((t) => !t.ref.derivative)) add(eq, true);
  return rows;
}
