/**
 * coefficientSimplifier: the coefficients of the hand derivation (graph/derivation.ts) in lowest terms,
 * through the exact rational arithmetic of the symbolic package: "1/(1 / kt)" → "kt", "-(-1 / D)" → "1/D".
 * Coefficients that are not rational (sqrt, cos, …) are left as written.
 */
import type { SystemDescription } from '@sysgraph/description';
import { createExpressionParser } from '@sysgraph/description';
import { VariableSet, fromMathNode, toText } from '@sysgraph/symbolic';

export function coefficientSimplifier(desc: SystemDescription): (text: string) => string {
  const vars = VariableSet.of(desc.parameters.keys());
  const parser = createExpressionParser();
  return (text) => {
    try {
      return toText(fromMathNode(parser.parse(text, desc.parameters).node, vars, { addVariables: false }));
    } catch {
      return text;
    }
  };
}
