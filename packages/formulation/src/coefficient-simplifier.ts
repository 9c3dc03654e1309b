/**
 * coefficientSimplifier: the coefficients of the hand derivation (graph/derivation.ts) in lowest terms,
 * through the exact rational arithmetic of the symbolic package: "1/(1 / kt)" → "kt", "-(-1 / D)" → "1/D".
 * Non-rational functions of parameters (cos(alpha), sqrt(k1*k2)) are opaque atoms, printed as written:
 * "1/((2 * cos(alpha)))" → "1/(2*cos(alpha))". A coefficient the parser refuses is left as written.
 * coefficientLatex: the same coefficients in LaTeX (\frac{1}{2 \cos\left(\alpha\right)}).
 */
import type { SystemDescription } from '@sysgraph/description';
import { createExpressionParser } from '@sysgraph/description';
import { VariableSet, fromMathNode, toLatex, toText } from '@sysgraph/symbolic';
import type { RationalFunction } from '@sysgraph/symbolic';

function coefficientReader(desc: SystemDescription): (text: string) => RationalFunction | undefined {
  const vars = VariableSet.of(desc.parameters.keys());
  const parser = createExpressionParser();
  return (text) => {
    try {
      return fromMathNode(parser.parse(text, desc.parameters).node, vars, { addVariables: false, atoms: true });
    } catch {
      return undefined;
    }
  };
}

export function coefficientSimplifier(desc: SystemDescription): (text: string) => string {
  const read = coefficientReader(desc);
  return (text) => {
    const rf = read(text);
    return rf ? toText(rf) : text;
  };
}

export function coefficientLatex(desc: SystemDescription): (text: string) => string {
  const read = coefficientReader(desc);
  return (text) => {
    const rf = read(text);
    return rf ? toLatex(rf) : `\\mathrm{${text.replace(/([\\{}_^#$%&~])/g, '\\$1')}}`;
  };
}
