/**
 * The equation set of a StateMint-style file (README.md): the five fields of the StateMint tutorial — input
 * variables, state-variable elemental equations, other elemental equations, constraint (continuity and
 * compatibility) equations, output variables — plus parameters with values and an optional map to a linear
 * graph's variables (check-equations). `where` is how errors name a place in the user's own file: "line 12" for
 * the text form, a JSON pointer ("/elemental/3") for the JSON form.
 */

/** The sections of an equation file that hold equations. */
export type EquationSection = 'states' | 'elemental' | 'constraints';

/** One equation as written: `lhs = rhs` (the state equations' lhs ends in a prime, x'). */
export interface RawEquation {
  readonly section: EquationSection;
  readonly text: string;
  readonly where: string;
}

/** A name as written in [inputs], [outputs] or [parameters]. */
export interface RawName {
  readonly name: string;
  readonly where: string;
}

export interface RawParameter extends RawName {
  /** Its value; null when the file gives none (the model is then symbolic only). */
  readonly value: number | null;
}

/** A line of [graph]: a variable of the file and the linear-graph variable it stands for (v_R, i_motor.1). */
export interface RawGraphName extends RawName {
  readonly graph: string;
}

export interface RawEquationSet {
  readonly name?: string;
  readonly title?: string;
  readonly parameters: readonly RawParameter[];
  readonly inputs: readonly RawName[];
  readonly equations: readonly RawEquation[];
  readonly outputs: readonly RawName[];
  readonly graph: readonly RawGraphName[];
}

/** The kind of a symbol of the set. */
export type SymbolKind = 'parameter' | 'input' | 'state' | 'variable';

/** One equation read: the variable it defines and its right side as a validated expression. */
export interface Equation {
  readonly section: EquationSection;
  readonly where: string;
  /** The text as written. */
  readonly text: string;
  /** The variable on the left (a state for a state equation, whose left side is its derivative). */
  readonly defines: string;
  /** The right side; a derivative x' appears as the symbol derivativeName(x). */
  readonly rhs: import('@sysgraph/description').Expression;
}

export interface EquationSet {
  readonly name: string;
  readonly title?: string;
  /** Parameter values by name (null: no value). */
  readonly parameters: ReadonlyMap<string, number | null>;
  readonly inputs: readonly string[];
  /** In the order of their state equations. */
  readonly states: readonly string[];
  /** The variables defined by the other elemental and the constraint equations, in file order. */
  readonly variables: readonly string[];
  /** State equations first (in file order), then the others (in file order). */
  readonly equations: readonly Equation[];
  readonly outputs: readonly string[];
  /** Where each input, output and equation's variable is written (for errors). */
  readonly whereOf: ReadonlyMap<string, string>;
  /** file variable → linear-graph variable ([graph]). */
  readonly graph: ReadonlyMap<string, string>;
  /** Where each [graph] entry is written, by the file's variable. */
  readonly graphWhere: ReadonlyMap<string, string>;
  /** The kind of every symbol (derivative symbols excluded). */
  readonly kinds: ReadonlyMap<string, SymbolKind>;
}
