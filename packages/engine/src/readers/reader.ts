/**
 * A reader: one input format turned into a SystemDescription (and, for formats that carry an analysis, the
 * simulation defaults they state). A format is one module that registers a Reader (registry.ts) by name, by file
 * extensions and by a sniff of the text, so that a new format (StateMint equations, bond graphs) is one file.
 */
import type { SystemDescription, SystemParser } from '@sysgraph/description';
import type { EquationModel, EquationSet } from '@sysgraph/equations';
import type { NetlistDefaults } from '../netlist/netlist-defaults';

export interface ReadOptions {
  /** The system's name when the input gives none (a file name without its extension). */
  readonly name?: string;
  /** The configured JSON parser to use (a worker builds one and keeps it); the shared one when absent. */
  readonly parser?: SystemParser;
}

export interface ReadResult {
  readonly description: SystemDescription;
  /** A SPICE netlist's analysis cards as simulation defaults (waveforms, .tran, .options, .save, its start). */
  readonly netlist?: NetlistDefaults;
}

/**
 * What a reader of a model that is not a linear graph returns: StateMint-style equations (readers/equations-reader.ts)
 * derive their state equations directly; compile gives them the family 'equations'.
 */
export interface EquationsReadResult {
  readonly equations: EquationModel;
  readonly set: EquationSet;
}

export interface Reader {
  /** The format's name, as `format` in compile's input ('json', 'spice'). */
  readonly name: string;
  /** File extensions, lower case with the dot ('.cir'). */
  readonly extensions: readonly string[];
  /** Whether a text without a name or extension looks like this format (cheap: a glance at its start). */
  sniff(text: string): boolean;
  /** Reads text, or (for formats with an object form, JSON) an already parsed object. */
  read(input: string | object, options: ReadOptions): ReadResult | EquationsReadResult;
}
