/**
 * The engine's signal parser: one restricted parser (@sysgraph/simulate's createRestrictedParser: mathjs node
 * classes, and mathjs's own parser only for text outside plain arithmetic) per process, built on first use, and
 * each signal text parsed once per run. Before, every parseSignal without a parser built its own (the value at
 * t = 0 for the start, the end time, then the solver's own for the run): three or more per signal and run.
 * A parser holds no state between parses (the text's tree is compiled into a closure), so one serves every run.
 */
import { createRestrictedParser, parseSignal } from '@sysgraph/simulate';
import type { RestrictedParser, Signal } from '@sysgraph/simulate';

let shared: RestrictedParser | undefined;

/** The process's signal parser (built on first use). */
export function signalParser(): RestrictedParser {
  return (shared ??= createRestrictedParser());
}

/** One signal from its text, by the shared parser ('bad-signal' naming the input on bad text). */
export function engineSignal(text: string, input: string): Signal {
  return parseSignal(text, input, signalParser());
}

/** Every input's signal from its text, parsed once. */
export function engineSignals(texts: Readonly<Record<string, string>>): Record<string, Signal> {
  return Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, engineSignal(text, name)]));
}
