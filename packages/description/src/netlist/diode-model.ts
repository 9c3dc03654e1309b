/**
 * The SPICE diode as a D-type law (ngspice manual section 7.1, level 1 without series resistance, junction
 * capacitance or breakdown):
 *
 *   through = IS·(exp(v/(N·Vt)) − 1),   Vt = k·T/q at SPICE's default temperature 27 °C (T = 300.15 K),
 *
 * k = 1.380649e-23 J/K and q = 1.602176634e-19 C (the SI 2019 exact values): Vt = 0.0258641863… V. The law is
 * written with the numbers in it (a netlist description has no parameters), e.g.
 * `1e-12 * (exp(v / 0.025864186384551486) - 1)`, the very text the JSON path reads for the same element.
 */

export const BOLTZMANN = 1.380649e-23;
export const ELEMENTARY_CHARGE = 1.602176634e-19;
/** 27 °C, SPICE's default TEMP and TNOM. */
export const SPICE_TEMPERATURE = 300.15;
/** Vt = k·T/q at 27 °C. */
export const THERMAL_VOLTAGE = (BOLTZMANN * SPICE_TEMPERATURE) / ELEMENTARY_CHARGE;

/** SPICE's defaults of the two supported parameters. */
export const DIODE_DEFAULTS = { is: 1e-14, n: 1 } as const;

/** The parameters of `.model NAME D(…)` this reader supports (lower case) … */
export const DIODE_PARAMETERS: ReadonlySet<string> = new Set(['is', 'n', 'level']);
/** … and those it accepts only at 0, their default, where they change nothing (series resistance, junction
 *  capacitance, transit time). Any other parameter is `unsupported`. */
export const DIODE_ZERO_PARAMETERS: ReadonlySet<string> = new Set(['rs', 'cjo', 'cj0', 'cj', 'tt']);

export interface DiodeParameters {
  /** Saturation current IS, A. */
  readonly is: number;
  /** Emission coefficient N. */
  readonly n: number;
}

/** The law's text: IS·(exp(v/(N·Vt)) − 1) with IS and N·Vt as the shortest decimals of their doubles. */
export function diodeLawText(p: DiodeParameters): string {
  return `${String(p.is)} * (exp(v / ${String(p.n * THERMAL_VOLTAGE)}) - 1)`;
}
