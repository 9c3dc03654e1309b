/**
 * The messages between the page and the engine worker: one request (the description text and the settings),
 * one answer (everything the page shows), all structured-clone data: what grows with the network is typed arrays
 * and packed strings (the graph, the derivation, a large model's entries, the trace's columns), whose buffers are
 * transferred; no object per branch, equation or entry.
 */
import type { Settings } from './settings';
import type { PackedStrings } from './packed-strings';

export type { PackedStrings } from './packed-strings';

export interface RunRequest {
  /** Increases with every request; the page ignores answers to requests it has superseded. */
  readonly id: number;
  readonly text: string;
  readonly settings: Settings;
}

/** A SysgraphError as plain data, with the stage that raised it. */
export interface ErrorInfo {
  readonly stage: 'parse' | 'structure' | 'formulate' | 'simulate' | 'internal';
  readonly code: string;
  readonly message: string;
  readonly element?: string;
  readonly field?: string;
  readonly expected?: string;
  readonly elements?: readonly string[];
  readonly path?: string;
}

export interface DiagnosticInfo {
  readonly code: string;
  readonly severity: string;
  readonly message: string;
  readonly elements: readonly string[];
}

export interface GraphNode {
  readonly name: string;
  readonly component: number;
  readonly ground: boolean;
}

export interface GraphBranch {
  readonly id: string;
  readonly element: string;
  readonly kind: string;
  /** Branch class: E, A, D, T, J, TF, GY. */
  readonly cls: string;
  readonly domain: string;
  readonly from: string;
  readonly to: string;
  readonly inTree: boolean;
  /** The branch carries a state variable (A-type in the tree, T-type among the links). */
  readonly state: boolean;
  readonly label?: string;
}

export interface GraphDrawing {
  readonly nodes: readonly GraphNode[];
  readonly branches: readonly GraphBranch[];
  readonly twoPorts: readonly { readonly id: string; readonly kind: string; readonly ports: readonly [string, string]; readonly label?: string }[];
}

/**
 * The drawing data as sent (packed-graph.ts): typed arrays and packed strings, no object per node or branch.
 * Branch k: ids k, elements k, kinds[kind[k]], classes[cls[k]], domains[domain[k]], nodes from[k] → to[k] (indices
 * into nodeNames), flags bit 1 in the tree, bit 2 carries a state, bit 4 labelled (labels k).
 */
export interface PackedGraph {
  readonly nodeNames: PackedStrings;
  readonly nodeComponent: Int32Array;
  /** 1 for the ground of its component. */
  readonly nodeGround: Uint8Array;
  readonly ids: PackedStrings;
  readonly elements: PackedStrings;
  readonly labels: PackedStrings;
  readonly kinds: readonly string[];
  readonly kind: Uint16Array;
  readonly classes: readonly string[];
  readonly cls: Uint16Array;
  readonly domains: readonly string[];
  readonly domain: Uint16Array;
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly flags: Uint8Array;
  readonly twoPorts: GraphDrawing['twoPorts'];
}

export interface DerivationView {
  readonly treeBranches: readonly string[];
  readonly links: readonly string[];
  /** LaTeX of the primary, secondary and state variables. */
  readonly primary: readonly string[];
  readonly secondary: readonly string[];
  readonly states: readonly string[];
  /** LaTeX blocks of the elemental, continuity and compatibility equations (one equation per entry). */
  readonly elemental: readonly string[];
  readonly continuity: readonly string[];
  readonly compatibility: readonly string[];
  readonly counts: { readonly B: number; readonly N: number; readonly components: number; readonly acrossSources: number; readonly throughSources: number };
}

/** The derivation as sent (packed-derivation.ts): every list packed into one string. */
export type PackedDerivation = { readonly [K in Exclude<keyof DerivationView, 'counts'>]: PackedStrings } & { readonly counts: DerivationView['counts'] };

export type MatrixKey = 'A' | 'B' | 'C' | 'D' | 'E' | 'Bd';

export interface MatrixView {
  readonly rows: number;
  readonly cols: number;
  /** Float64 values (NaN where a parameter has no value). */
  readonly value: readonly (readonly number[])[];
  /** LaTeX of each numeric entry. */
  readonly latex: readonly (readonly string[])[];
  /** LaTeX of each symbolic entry, when a symbolic model was derived. */
  readonly symbolic?: readonly (readonly string[])[];
}

/** A matrix by its nonzero entries (row, column, value), transferred without copying. */
export interface SparseMatrixView {
  readonly rows: number;
  readonly cols: number;
  readonly rowIdx: Int32Array;
  readonly colIdx: Int32Array;
  readonly values: Float64Array;
}

/**
 * A model above LARGE_STATES states, shown as sparsity pictures and a table of entries: the state-space
 * matrices (x' = A x + B u) of a dense model, or the descriptor form (M x' = A x + B u) of a sparse one, whose
 * A = M⁻¹A₀ is never formed (it is dense).
 */
export interface LargeModelView {
  readonly form: 'state-space' | 'descriptor';
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  /** M (descriptor form only), A, B, C, D. */
  readonly matrices: Readonly<Record<string, SparseMatrixView>>;
  /** The states the simulation records (outputs always): the first few, not all of a large model. */
  readonly recordedStates: number;
}

export interface ModelView {
  /** 'general-b1', 'general-b2', 'masd-b1', … */
  readonly key: string;
  readonly formulation: string;
  readonly stateChoice: string;
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly matrices: Readonly<Record<MatrixKey, MatrixView>>;
  readonly diagnostics: readonly DiagnosticInfo[];
  /** Why a symbolic model is missing, when it is. */
  readonly symbolicNote?: string;
  /** A large model: its matrices by their entries (the typeset matrices above are empty). */
  readonly large?: LargeModelView;
  readonly exports: { readonly matlab: string; readonly python: string; readonly latex: string; readonly json: string };
}

/** One of MASD's named quantities: its equation number, definition, labels, numbers and LaTeX. */
export interface MasdQuantityView {
  readonly name: string;
  /** The paper's equation number, "(6)", or "ext." / "" for the extension columns and the transformer maps. */
  readonly equation: string;
  readonly definition: string;
  readonly rowLabels: readonly string[];
  readonly colLabels: readonly string[];
  readonly values: readonly (readonly number[])[];
  /** `name = definition = [labelled numbers] \tag{n}`. */
  readonly latex: string;
  /** The same with symbolic entries, when the entries are symbolic. */
  readonly symbolic?: string;
}

/** MASD's closed form (where it applies) and the structured form (when the engine prints it instead of A). */
export interface ClosedFormView {
  readonly quantities: readonly MasdQuantityView[];
  /** The table as text (masdTableToText), for download. */
  readonly text: string;
  /** Why the symbolic entries are missing, when they are. */
  readonly symbolicNote?: string;
  readonly structured?: { readonly latex: string; readonly notes: readonly string[] };
}

/** A complex number (a pole or a zero). */
export interface ComplexValue {
  readonly re: number;
  readonly im: number;
}

/** Poles, zeros and the frequency response of every output–input pair (linear time-invariant models). */
export interface FrequencyView {
  readonly poles: readonly ComplexValue[];
  /** The zeros of each pair H_ij (empty where H_ij ≡ 0 or has none). */
  readonly zeros: readonly { readonly output: string; readonly input: string; readonly zeros: readonly ComplexValue[] }[];
  /** rad/s, log spaced. */
  readonly omega: Float64Array;
  readonly pairs: readonly { readonly output: string; readonly input: string; readonly magnitudeDb: Float64Array; readonly phaseDeg: Float64Array }[];
  /** H(0), when A is not singular. */
  readonly dcGain?: readonly (readonly number[])[];
}

/**
 * A description with laws (docs/nonlinear.md): its nonlinear model x' = f(x, u, t), y = g(x, u, t) with
 * LaTeX of f, g and the Jacobians, and the operating point at rest (u = 0, t = 0) where RunResult.model, the
 * linearisation, was taken.
 */
export interface NonlinearView {
  /** The states: the variable each storage law is written in (across, charge, through or flux). */
  readonly states: readonly { readonly name: string; readonly element: string; readonly quantity: string }[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  /** Implicit variables of D-type elements, solved at each evaluation. */
  readonly implicit: readonly string[];
  readonly lawElements: readonly string[];
  readonly latex: { readonly f: string; readonly g: string; readonly dfdx: string; readonly dfdu: string };
  /** The model as text (formatNonlinear), for download. */
  readonly text: string;
  readonly operatingPoint: {
    readonly t: number;
    readonly x: readonly number[];
    readonly u: readonly number[];
    readonly y: readonly number[];
    /** false: no equilibrium at rest was found and the Jacobians are those at x = 0. */
    readonly equilibrium: boolean;
  };
  /** Set when a law is not differentiable at rest: the Jacobians use secants of this width (f is exact). */
  readonly secantWidth?: number;
}

/**
 * A description with values in t (docs/time-varying.md): the linear time-varying model, s' = A(t) s + B(t) u
 * (charge-flux) or x' = A(t) x + B(t) u + Bd(t) u' (across-through), with A(t), B(t), Bd(t) in LaTeX (one symbol
 * per varying value, defined in `symbols`); RunResult.model holds the matrices at `time`.
 */
export interface TimeVaryingView {
  readonly form: 'charge-flux' | 'across-through';
  readonly storageLaw: 'conservative' | 'non-conservative';
  readonly states: readonly string[];
  readonly physicalStates: readonly string[];
  readonly inputs: readonly string[];
  /** The varying values and their rates d/dt, as text. */
  readonly values: readonly { readonly element: string; readonly field: string; readonly value: string; readonly rate: string }[];
  /** LaTeX: the definition of each time symbol, and the entries of A(t), B(t), Bd(t); absent with `symbolicNote`. */
  readonly latex?: { readonly symbols: readonly string[]; readonly A: readonly (readonly string[])[]; readonly B: readonly (readonly string[])[]; readonly Bd: readonly (readonly string[])[] };
  readonly symbolicNote?: string;
  /** The time of the numeric matrices (RunResult.model). */
  readonly time: number;
}

export interface TraceView {
  readonly names: readonly string[];
  readonly units: readonly string[];
  /** 'state' or 'output' for every column after t. */
  readonly roles: readonly ('state' | 'output')[];
  readonly columns: Float64Array[];
  readonly solver: string;
  readonly solverReason: string;
}

export interface InputInfo {
  readonly name: string;
  /** The signal used when the settings name none: step(value) for a source with a constant, else step(1). */
  readonly defaultSignal: string;
  readonly unit: string;
}

export interface ComparisonRow {
  readonly left: string;
  readonly right: string;
  /** What was compared: 'matrices' (same states) or 'invariants' (D and Markov parameters C Aᵏ B). */
  readonly measure: string;
  readonly largest: number;
  /** The largest entry compared, to read the difference against. */
  readonly scale: number;
  readonly note: string;
}

export interface ComparisonView {
  readonly rows: readonly ComparisonRow[];
  readonly masdNote: string;
}

/** What the overlay pairs: the other state choice, the linear model of a nonlinear one, the other time-varying form. */
export type OverlayKind = 'state-choice' | 'linear-vs-nonlinear' | 'tv-forms';

/**
 * Sent after the main answer: the comparison of every formulation, whether MASD's closed form is on offer,
 * and the other state choice simulated with the same inputs (overlaid plots).
 */
export interface FollowUp {
  readonly id: number;
  readonly kind: 'follow-up';
  readonly comparison: ComparisonView;
  /** Every formulation of the system, for showing them side by side. */
  readonly models: readonly ModelView[];
  readonly masdAvailable: boolean;
  /**
   * The right-hand trace overlaid on the answer's: the other state choice ('state-choice'), or for a
   * description with laws the linear model simulated with the same inputs ('linear-vs-nonlinear').
   */
  readonly overlay?: { readonly kind: OverlayKind; readonly leftKey: string; readonly rightKey: string; readonly right: TraceView };
}

export interface RunResult {
  readonly id: number;
  readonly kind: 'result';
  readonly ok: true;
  readonly name: string;
  readonly title?: string;
  readonly summary?: string;
  /** The linear graph, packed (packed-graph.ts: unpackGraph for a small one). */
  readonly graph: PackedGraph;
  /** The derivation, packed (packed-derivation.ts). */
  readonly derivation: PackedDerivation;
  /**
   * The model on show: the settings' formulation and state choice (general where MASD does not apply); for a
   * description with laws, the linearisation of its nonlinear model at rest (key 'linearised').
   */
  readonly model: ModelView;
  /** Present for a description with laws: the nonlinear model, which is what is simulated. */
  readonly nonlinear?: NonlinearView;
  /** Present for a description with values in t: the time-varying model, which is what is simulated. */
  readonly timeVarying?: TimeVaryingView;
  /** Present when the model on show is MASD's: its named quantities C, L, R, G, T1…T12, … (and the structured form). */
  readonly closedForm?: ClosedFormView;
  /** Present for a linear time-invariant model up to the large-model threshold: poles, zeros, Bode data. */
  readonly frequency?: FrequencyView;
  /** Present for an equation file (no linear graph): its format and a note shown instead of the graph and derivation. */
  readonly equations?: { readonly format: string; readonly note: string };
  /** The description's parameters with a numeric value, as used (after the settings' paramValues). */
  readonly parameters?: readonly { readonly name: string; readonly value: number }[];
  readonly inputs: readonly InputInfo[];
  readonly tEnd: number;
  readonly simulation: { readonly ok: true; readonly trace: TraceView } | { readonly ok: false; readonly errors: readonly ErrorInfo[] };
  /** Milliseconds per stage, measured in the worker. */
  readonly timings: Readonly<Record<string, number>>;
}

export interface RunFailure {
  readonly id: number;
  readonly kind: 'result';
  readonly ok: false;
  readonly errors: readonly ErrorInfo[];
}

export type RunAnswer = RunResult | RunFailure;

export type WorkerMessage = RunAnswer | FollowUp | SweepPoint | SweepDone;

/**
 * A parameter sweep (the sweep panel): `count` (1…20) values of `parameter` evenly spaced over [from, to], each
 * compiled and simulated by the engine with the page's settings, end time tEnd; `output` the plotted column.
 * The worker runs one point per task and answers each with a SweepPoint, then a SweepDone; a SweepCancel (or a
 * newer sweep) stops it between points.
 */
export interface SweepRequest {
  readonly kind: 'sweep';
  readonly id: number;
  readonly text: string;
  readonly settings: Settings;
  readonly parameter: string;
  readonly from: number;
  readonly to: number;
  readonly count: number;
  readonly output: string;
  readonly tEnd: number;
}

export interface SweepCancel {
  readonly kind: 'sweep-cancel';
  readonly id: number;
}

export interface SweepPoint {
  readonly kind: 'sweep-point';
  readonly id: number;
  readonly index: number;
  readonly value: number;
  readonly t: Float64Array;
  readonly y: Float64Array;
}

export interface SweepDone {
  readonly kind: 'sweep-done';
  readonly id: number;
  readonly cancelled: boolean;
  readonly errors?: readonly ErrorInfo[];
}

export type SweepMessage = SweepPoint | SweepDone;
