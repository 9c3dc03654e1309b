/**
 * Diagnostics D0–D6 of formulation.md section 8 that do not stop the pipeline
 * (the fatal ones are thrown as SysgraphError).
 */
export type DiagnosticCode =
  | 'D1' // static network singular but x' unique: internal variable undetermined
  | 'D4' // dependent storage element (displaced capacitor, capacitor loop, inductor cutset)
  | 'D5' // input derivative present: state redefined, Bd reported
  | 'D6' // MASD closed-form preconditions fail: general formulation used
  | 'info';

export type Severity = 'info' | 'warning' | 'error';

export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  readonly message: string;
  /** The elements involved, by id. */
  readonly elements: readonly string[];
}

export function diagnostic(
  code: DiagnosticCode,
  severity: Severity,
  message: string,
  elements: readonly string[] = [],
): Diagnostic {
  return { code, severity, message, elements };
}
