/**
 * Parameter references in exported code: every parameter lives in one namespace (MATLAB struct `p.C`, Python
 * dict `p["C"]`), so no parameter can collide with a matrix name (A, B, C, D, E, Bd), a module (np, control)
 * or a language keyword. Function applications of the expression text (cos, sqrt, exp, …) map to the target
 * language's functions.
 */

/** An identifier of the expression text not preceded by a letter, digit, `_` or `.` (so not inside 1e-5). */
const IDENT = /(?<![A-Za-z0-9_.])([A-Za-z_][A-Za-z0-9_]*)(\s*\()?/g;

export interface CodeDialect {
  /** The reference of parameter `name`. */
  readonly parameter: (name: string) => string;
  /** The target's name of function `f` (sqrt, cos, …). */
  readonly fn: (f: string) => string;
  /** The power operator. */
  readonly pow: string;
}

export const MATLAB_DIALECT: CodeDialect = {
  parameter: (name) => `p.${name}`,
  fn: (f) => f,
  pow: '^',
};

export const PYTHON_DIALECT: CodeDialect = {
  parameter: (name) => `p[${JSON.stringify(name)}]`,
  fn: (f) => `np.${f === 'abs' ? 'abs' : f}`,
  pow: '**',
};

/** Expression text (mathjs syntax) in the dialect: parameters through the namespace, functions mapped. */
export function codeExpression(text: string, parameters: ReadonlySet<string>, d: CodeDialect): string {
  const out = text.replace(IDENT, (whole, name: string, call: string | undefined) => {
    if (call !== undefined) return `${d.fn(name)}(`;
    return parameters.has(name) ? d.parameter(name) : whole;
  });
  return d.pow === '^' ? out : out.replace(/\^/g, d.pow);
}

/** A MATLAB struct field or Python dict key needs a valid field name: MATLAB fields are identifiers. */
export function isMatlabField(name: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_]{0,62}$/.test(name);
}
