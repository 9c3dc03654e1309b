/**
 * The shape of a description as written (after the JSON Schema check): what the readers consume.
 * Field meanings are documented in schema/system.schema.json.
 */

export type RawValue = number | string;

export interface RawPort {
  readonly from: string;
  readonly to: string;
  readonly domain?: string;
  readonly label?: string;
}

export interface RawElement {
  readonly id: string;
  readonly kind: string;
  readonly from?: string;
  readonly to?: string;
  readonly value?: RawValue;
  /** A constitutive law in place of `value`: one key (charge, across, flux or through) → an expression, or
   *  `parametric` → a parametric curve. */
  readonly law?: RawLaw;
  readonly domain?: string;
  readonly label?: string;
  readonly description?: string;
  readonly input?: string;
  readonly ports?: readonly RawPort[];
  readonly ratio?: RawValue;
  readonly between?: readonly string[];
  readonly coupling?: RawValue;
}

/** An explicit law { "<form>": "expression" } or a parametric one { "parametric": { … } }. */
export type RawLaw = Readonly<Record<string, string>> | { readonly parametric: RawParametricLaw };

/** A parametric law as written: the curve parameter, its interval and two coordinates (keys by element type). */
export interface RawParametricLaw {
  readonly parameter?: string;
  readonly interval?: readonly number[];
  readonly across?: string;
  readonly through?: string;
  readonly charge?: string;
  readonly flux?: string;
}

export type RawParameter = number | null | { readonly value: number | null; readonly unit?: string; readonly description?: string };

export interface RawOutput {
  readonly name?: string;
  readonly element?: string;
  readonly port?: 1 | 2;
  readonly variable?: 'across' | 'through';
  readonly node?: string;
  readonly reference?: string;
}

export interface RawSystem {
  readonly name?: string;
  readonly title?: string;
  readonly description?: string;
  readonly parameters?: Readonly<Record<string, RawParameter>>;
  readonly elements?: readonly RawElement[];
  readonly twoPorts?: readonly RawElement[];
  readonly two_ports?: readonly RawElement[];
  readonly mutuals?: readonly RawElement[];
  readonly outputs?: readonly RawOutput[];
  readonly ground?: string | readonly string[];
}

/** An element's class as far as cross-references care: its branch type, or two-port / mutual. */
export type ElementClass = 'A' | 'T' | 'D' | 'E' | 'J' | 'two-port' | 'mutual';
