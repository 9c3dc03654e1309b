/**
 * The result of reading a SPICE netlist: the validated SystemDescription (what parseSystem gives for the same
 * circuit written as JSON) and the netlist's analysis cards as data.
 */
import type { ExpressionParser } from '../expression';
import type { SystemDescription } from '../types';

export interface ReadNetlistOptions {
  /** The description's name (SPICE has none; the title goes to `title`); default "system". */
  readonly name?: string;
  /** The name the ground node gets in the description (SPICE writes `0` or `gnd`); default "0". */
  readonly ground?: string;
  /** The expression parser that makes the value expressions (parseSystem's parser's `expressions` gives the
   *  very objects the JSON path would); default: one made on first use and shared by later calls. */
  readonly expressions?: ExpressionParser;
}

/** `.tran tstep tstop [tstart [tmax]] [uic]`, in seconds. */
export interface TranCard {
  readonly tstep: number;
  readonly tstop: number;
  readonly tstart: number;
  /** The largest internal step, when given. */
  readonly tmax?: number;
  readonly uic: boolean;
  readonly line: number;
}

/**
 * The transient waveform of an independent source, as written and as a signal of the simulate package
 * (packages/simulate/src/signals/parse-signal.ts): the source's input (named by its id) takes `signal`.
 */
export interface SourceWaveform {
  /** The source's id, which is also the name of its input in the description. */
  readonly input: string;
  /** The SPICE function as written (lower case). */
  readonly spice: 'pwl' | 'sin' | 'pulse';
  /** Its arguments as written, after scale factors (defaults not filled in). */
  readonly arguments: readonly number[];
  /** The same waveform as signal text: pwl(t0, v0, …), sine(a, f, phase, offset) or an expression of t. */
  readonly signal: string;
  readonly line: number;
}

/** `.ic v(node)=value`: the node's voltage against ground at t = 0 (node name as stored, lower case). */
export interface NodeInitial {
  readonly node: string;
  readonly value: number;
  readonly line: number;
}

/** `IC=value` on a C card (its voltage) or an L card (its current), by the element's id. */
export interface ElementInitial {
  readonly element: string;
  readonly value: number;
  readonly line: number;
}

/** The initial conditions written in the netlist (read-ic-card.ts); what they mean depends on `.tran … uic`. */
export interface InitialConditions {
  readonly nodes: readonly NodeInitial[];
  readonly elements: readonly ElementInitial[];
}

export interface SpiceNetlist {
  readonly description: SystemDescription;
  /** The first line of the netlist, trimmed. */
  readonly title: string;
  /** The `.tran` card, if any. */
  readonly tran?: TranCard;
  /** One per source with a transient waveform, in netlist order. */
  readonly waveforms: readonly SourceWaveform[];
  /** Input name → signal text, for simulate()'s `inputs` option (the waveforms' signals). */
  readonly signals: Readonly<Record<string, string>>;
  /** `.options` entries, names in lower case: a number, a word, or true for a bare flag. */
  readonly options: ReadonlyMap<string, number | string | true>;
  /** `.ic` node voltages and `IC=` of C and L cards (empty lists when none). */
  readonly initial: InitialConditions;
}
