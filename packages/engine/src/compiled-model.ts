/** The engine's compiled model: what compile() returns and simulate(), analyze() and compare() take. */
import type { Diagnostic } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import type { EquationModel, EquationSet } from '@sysgraph/equations';
import type { StateChoice, StorageLaw, TimeMath, TimeVaryingForm } from '@sysgraph/formulation';
import type { Structure } from '@sysgraph/graph';
import type { SimulationModel } from '@sysgraph/simulate';
import type { ModelFamily } from './family';
import type { SymbolicFormOptions, SymbolicForms } from './linear/symbolic-forms';
import type { BuiltModel } from './linear/build-model';
import type { NetlistDefaults } from './netlist/netlist-defaults';
import type { NonlinearBuild } from './nonlinear/build-nonlinear';
import type { TimeVaryingBuild } from './time-varying/build-time-varying';

/** How the model is formulated (each option applies to its family; a bad combination is a typed error). */
export interface FormulationOptions {
  /** Linear: b1 (v_C, i_L, default) or b2 (q_C, λ_L). */
  readonly stateChoice?: StateChoice;
  /** Linear: the general hybrid formulation (default) or MASD's closed form. */
  readonly formulation?: 'general' | 'masd';
  /** Time-varying: charge-flux (default) or across-through states. */
  readonly form?: TimeVaryingForm;
  /** Time-varying: conservative (default) or non-conservative storage laws. */
  readonly storageLaw?: StorageLaw;
  /** Laws: the width of the secants in the Jacobians (absent: exact derivatives, secants only on a retry). */
  readonly secantWidth?: number;
  /** The mathjs instance that differentiates in t (one per process or worker; created when absent). */
  readonly math?: TimeMath;
}

export interface CompileOptions extends FormulationOptions {
  /** The reader by name ('json', 'spice', 'statemint'); else by `path`'s extension, else by sniffing the text. */
  readonly format?: string;
  /** The file the text came from (its extension picks the reader, its base name names the system). */
  readonly path?: string;
  /** The system's name when the input gives none. */
  readonly name?: string;
  /** Parameter values replacing the description's. */
  readonly parameters?: Readonly<Record<string, number>>;
}

export interface CompiledModel {
  readonly name: string;
  /** The reader that read the input ('description' for an already parsed one). */
  readonly format: string;
  /** The linear-graph description ('unsupported' for an equation set, which has none). */
  readonly description: SystemDescription;
  /** An equation set's derived model (family 'equations'). */
  readonly equations?: EquationModel;
  /** An equation set as read and checked, with --param values applied (family 'equations'). */
  readonly equationSet?: EquationSet;
  /** The family, chosen once from the description (family.ts). */
  readonly family: ModelFamily;
  readonly options: FormulationOptions;
  /** A SPICE netlist's analysis cards as simulation defaults and its start (DC operating point, .ic, uic). */
  readonly netlist?: NetlistDefaults;
  /** Normal tree, loop matrix, partition (built on first read). */
  readonly structure: Structure;
  /** The model the solvers integrate, with units (built on first read). */
  readonly simulation: SimulationModel;
  readonly inputNames: readonly string[];
  readonly stateNames: readonly string[];
  readonly outputNames: readonly string[];
  /** The units of the states and outputs, from the elements' domains ('' where there is none: b2 charges). */
  readonly units: { readonly states: readonly string[]; readonly outputs: readonly string[] };
  /** Each input's default signal: the netlist's waveform, else the source's constant, else step(1). */
  readonly defaultSignals: Readonly<Record<string, string>>;
  /** The structure's and the formulation's diagnostics (formulation.md section 8). */
  readonly diagnostics: readonly Diagnostic[];
  /** The default end time for these signals and initial values (end-time.ts), and why. */
  endTime(signals?: Readonly<Record<string, string>>, initial?: Readonly<Record<string, number>>): { readonly tEnd: number; readonly why: string };
  /** Linear family: the numeric state-space model and its table. */
  linear(): BuiltModel;
  /** Linear family: the model in the parameters (symbolic; built on demand, then kept). */
  symbolic(keep?: readonly string[]): BuiltModel;
  /**
   * Linear family: the symbolic model in the form asked for (expanded, structured, masd), or the readable one with
   * notes saying why (linear/symbolic-forms.ts); MASD's named quantities with `form: 'masd'`.
   */
  symbolicForms(options?: SymbolicFormOptions): SymbolicForms;
  /** Laws: the nonlinear model (its symbolic form built on first read of `result`). */
  nonlinear(secantWidth?: number): NonlinearBuild;
  /** Values in t: the time-varying model. */
  timeVarying(): TimeVaryingBuild;
}
