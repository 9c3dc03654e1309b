/**
 * The canonical, validated system description: what parseSystem() returns and every later stage reads.
 * Input aliases (voltage-source, spring, damper, …) are resolved here; values are in generalised form
 * (C, L, R), so a spring of stiffness k has L = 1/k and a damper of damping b has R = 1/b.
 */
import type { MathNode } from 'mathjs';
import type { Domain, OnePortType, SourceType, TwoPortKind, Variable } from '@sysgraph/core';

/** A validated expression of parameters (restricted mathjs syntax; parameters are plain symbols). */
export interface Expression {
  /** mathjs syntax, as normalised by the parser (e.g. "1 / (k)" for a spring of stiffness k). */
  readonly text: string;
  /** The parsed tree: only ConstantNode (a finite number), SymbolNode (a parameter), OperatorNode (+ − * / ^,
   *  unary − and +), ParenthesisNode and FunctionNode of a whitelisted function (sqrt, exp, log, sin, cos, tan,
   *  abs) with one argument. An undeclared `pi` is stored as the ConstantNode Math.PI. */
  readonly node: MathNode;
  /** The parameter names it uses, sorted (never the time `t`, nor a law's or curve's own variable). */
  readonly parameters: readonly string[];
  /**
   * Whether it uses the time `t` (a reserved name, never a parameter): a time-varying parameter (formulation.md
   * section 11) or a time-varying law. Evaluating it numerically needs a time (evaluateExpression's `time`).
   */
  readonly dependsOnTime: boolean;
}

export interface OnePort {
  readonly id: string;
  /** The kind as the user wrote it (e.g. "spring"), for messages and the derivation. */
  readonly kind: string;
  readonly type: OnePortType;
  readonly domain: Domain;
  readonly from: string;
  readonly to: string;
  /** Generalised value: C for A-type, L for T-type, R for D-type. For an element given by a `law`, its
   *  incremental value at the origin (law variable = 0, t = 0), e.g. C = dQ/dv(0) or C = 1/(dV/dq(0)); for a
   *  parametric law, dz/dw at the parameter value described in ParametricLaw. */
  readonly value: Expression;
  /** The constitutive law, when given in place of a value (nonlinear or time-varying elements). */
  readonly law?: Law;
  /** The value as the user gave it (stiffness, damping, mass, …), for display. */
  readonly userValue: Expression;
  /** Display label, when given. */
  readonly label?: string;
}

/**
 * Which quantity a law gives, as a key of the input's `law` object (MASD section 2.4.2, formulation.md section 12):
 *   A-type: "charge"  q = Q(v)      or "across"  v = V(q)
 *   T-type: "flux"    λ = Φ(i)      or "through" i = I(λ)
 *   D-type: "across"  v = f(i)      or "through" i = g(v)
 */
export type LawForm = 'charge' | 'flux' | 'across' | 'through';

/** The independent variable of a law: across v, through i, charge q (A-type), flux linkage lambda (T-type). */
export type LawVariable = 'v' | 'i' | 'q' | 'lambda';

/** A constitutive law: an explicit curve z = f(x) or a parametric curve (w(ξ), z(ξ)). Discriminated by `kind`. */
export type Law = ExplicitLaw | ParametricLaw;

/** A law given as one quantity in terms of another: `law: { "<form>": "expression of <variable>" }`. */
export interface ExplicitLaw {
  readonly kind: 'explicit';
  readonly form: LawForm;
  /** The variable the expression is written in (v, i, q or lambda). */
  readonly variable: LawVariable;
  /** The expression; `parameters` lists parameters only (not the law variable, not t). */
  readonly expression: Expression;
  /** Whether the expression uses its variable (a law without it is a constant curve). */
  readonly usesVariable: boolean;
  /** Whether the expression uses the time t (a time-varying law). */
  readonly usesTime: boolean;
}

/**
 * A law given as a parametric curve (MASD eq. 40, formulation.md section 12):
 * `law: { "parametric": { "parameter": "s", "interval": [a, b], "<w>": "w(s)", "<z>": "z(s)" } }`.
 * The incremental value is dz/dw = z'(ξ)/w'(ξ). OnePort.value holds it at ξ0 = 0 when 0 lies in the interval
 * and w(0) = 0 identically (at t = 0; the curve passes through the origin), else at the interval's midpoint.
 */
export interface ParametricLaw {
  readonly kind: 'parametric';
  /** The curve parameter ξ (default "s"); it is neither a declared parameter nor t. */
  readonly parameter: string;
  /** The parameter's interval [a, b], finite, a < b. */
  readonly interval: readonly [number, number];
  /**
   * The two coordinates of the curve, [w, z], ordered so that dz/dw is the generalised value:
   *   A-type [across v, charge q] (C = dq/dv), T-type [through i, flux λ] (L = dλ/di),
   *   D-type [through i, across v] (R = dv/di).
   */
  readonly coordinates: readonly [ParametricCoordinate, ParametricCoordinate];
  /** Where OnePort.value was taken: ξ0 (0 on a curve through the origin, else the midpoint). */
  readonly valueAt: number;
  /** Whether a coordinate uses the time t. */
  readonly usesTime: boolean;
}

export interface ParametricCoordinate {
  /** The quantity, as its key in the input: across, through, charge or flux. */
  readonly quantity: LawForm;
  /** The coordinate as an expression of the curve parameter; `parameters` lists parameters only (not ξ, not t). */
  readonly expression: Expression;
}

export interface Source {
  readonly id: string;
  readonly kind: string;
  readonly type: SourceType;
  readonly domain: Domain;
  readonly from: string;
  readonly to: string;
  /** The input's name (default: the element id). Several sources may share one input. */
  readonly input: string;
  /** A constant value given in place of an input name; the input keeps this as its default signal. */
  readonly constant?: Expression;
  /** Display label, when given. */
  readonly label?: string;
}

export interface Port {
  readonly from: string;
  readonly to: string;
  /** Display label, when given. */
  readonly label?: string;
}

export interface TwoPort {
  readonly id: string;
  readonly kind: TwoPortKind;
  readonly domain1: Domain;
  readonly domain2: Domain;
  readonly ports: readonly [Port, Port];
  /** Transformer: v1 = TF·v2, i1 = −i2/TF.  Gyrator: v1 = GY·i2, i1 = −v2/GY. */
  readonly ratio: Expression;
  /** Display label, when given. */
  readonly label?: string;
}

export interface MutualInductance {
  readonly id: string;
  readonly between: readonly [string, string];
  /** "inductance": value is M.  "coupling": value is k, M = k·sqrt(L1·L2). */
  readonly form: 'inductance' | 'coupling';
  readonly value: Expression;
}

export type OutputSpec =
  | {
      readonly name: string;
      readonly kind: 'branch';
      readonly element: string;
      /** 1 or 2 for a two-port; absent for one-ports and sources. */
      readonly port?: 1 | 2;
      readonly variable: Variable;
    }
  | {
      readonly name: string;
      readonly kind: 'node';
      readonly node: string;
      /** The reference node (default: the ground of the node's component). */
      readonly reference: string;
    };

export interface SystemDescription {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** name → value; null keeps the parameter symbolic. Insertion order is the input's order. */
  readonly parameters: ReadonlyMap<string, number | null>;
  readonly oneports: readonly OnePort[];
  readonly sources: readonly Source[];
  readonly twoPorts: readonly TwoPort[];
  readonly mutuals: readonly MutualInductance[];
  readonly outputs: readonly OutputSpec[];
  /** Reference nodes; one per connected component at most. */
  readonly grounds: readonly string[];
  /** Every node, in order of first appearance in the input. */
  readonly nodes: readonly string[];
  /**
   * Node name → its index in `nodes`: the numbering parseSystem builds anyway, kept so that later stages need not
   * hash every node name again (10^6-node networks). Absent in descriptions built by hand; when present it must
   * agree with `nodes`.
   */
  readonly nodeIndex?: ReadonlyMap<string, number>;
  /**
   * The branches as parseSystem numbered them while reading the elements (see BranchNumbering), kept so that
   * buildLinearGraph neither hashes the node names nor sorts the ids again. Absent in descriptions built by hand;
   * buildLinearGraph checks it against the elements (O(B) comparisons) and recomputes what does not agree.
   */
  readonly branchNumbering?: BranchNumbering;
  /** Unit and description of the parameters that have them (display only). */
  readonly parameterDetails?: ReadonlyMap<string, ParameterDetails>;
}

export interface ParameterDetails {
  readonly unit?: string;
  readonly description?: string;
}

/**
 * Branches numbered as the linear graph numbers them: every one-port, then every source, then the two ports of
 * every two-port (each list in its order); a port's id is `<two-port id>.1` or `.2`.
 */
export interface BranchNumbering {
  /** Node indices (into `nodes`) of branch k: from at 2k, to at 2k + 1. */
  readonly terminals: Int32Array;
  /** The branch numbers in code-unit order of their ids (JavaScript's `<`). */
  readonly idOrder: Int32Array;
  /**
   * The connected component of each node (numbered in order of their first node) over these branches, when the
   * reader found them while reading (the netlist's union–find); buildLinearGraph then needs no union–find of its own.
   */
  readonly components?: { readonly component: Int32Array; readonly count: number };
}
