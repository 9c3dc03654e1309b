/**
 * Typed errors. Every error names the culprit (element id, field) and says what is expected.
 * Tests check `code` and the structured fields, never the wording.
 */
export type SysgraphErrorCode =
  | 'invalid-json'
  | 'schema'
  | 'unknown-kind'
  | 'duplicate-id'
  | 'missing-field'
  | 'dangling-node'
  | 'self-loop'
  | 'bad-value'
  | 'unknown-parameter'
  | 'non-positive-value'
  | 'bad-mutual-inductance'
  | 'unknown-element'
  | 'bad-output'
  | 'across-source-loop' // D0
  | 'through-source-cutset' // D0'
  | 'no-admissible-tree' // D0''
  | 'singular-static-network' // D1 (error form)
  | 'improper-tree' // D2
  | 'singular-storage' // D3
  | 'missing-parameter-value'
  | 'symbolic-too-costly'
  | 'unsupported'
  | 'bad-signal'
  | 'bad-option'
  | 'solver-failure'
  | 'tolerance-not-met' // a solver whose global error on this model and span would exceed the requested tolerance (it refuses before running)
  | 'singular-matrix'
  | 'bad-ground' // ground naming an unknown node, or two grounds in one connected component
  | 'bad-law' // a constitutive law of the wrong form for its element, or one that cannot be inverted or solved
  | 'no-operating-point' // a netlist's DC operating point (the transient's start without uic) does not exist or is not unique
  | 'bad-file' // an input or output path that cannot be read or written (a directory, missing, empty, not text)
  | 'bad-netlist' // a SPICE netlist line that does not follow the supported grammar (line, element and field named)
  | 'bad-equation'; // an equation file's line: malformed, a variable defined twice or never, an unknown symbol, a set left under- or over-determined

export interface SysgraphErrorDetails {
  /** The element (or two-port, mutual inductance, output, parameter) at fault. */
  readonly element?: string;
  /** The field of that element at fault, e.g. "value", "from", "ports[1].to". */
  readonly field?: string;
  /** What was expected, in words. */
  readonly expected?: string;
  /** Further elements involved: the loop or cutset, the support of a null vector. */
  readonly elements?: readonly string[];
  /** A JSON pointer into the input, where known. */
  readonly path?: string;
}

export class SysgraphError extends Error {
  readonly code: SysgraphErrorCode;
  readonly element?: string;
  readonly field?: string;
  readonly expected?: string;
  readonly elements?: readonly string[];
  readonly path?: string;

  constructor(code: SysgraphErrorCode, message: string, details: SysgraphErrorDetails = {}) {
    super(message);
    this.name = 'SysgraphError';
    this.code = code;
    this.element = details.element;
    this.field = details.field;
    this.expected = details.expected;
    this.elements = details.elements;
    this.path = details.path;
  }

  toJSON(): Record<string, unknown> {
    return {
      code: this.code,
      message: this.message,
      element: this.element,
      field: this.field,
      expected: this.expected,
      elements: this.elements,
      path: this.path,
    };
  }
}

/** Several independent input errors found in one validation pass. */
export class SysgraphErrors extends SysgraphError {
  readonly errors: readonly SysgraphError[];
  constructor(errors: readonly SysgraphError[]) {
    const first = errors[0];
    super(first.code, errors.map((e) => e.message).join('\n'), first);
    this.name = 'SysgraphErrors';
    this.errors = errors;
  }
}

export function isSysgraphError(e: unknown): e is SysgraphError {
  return e instanceof SysgraphError;
}
