/**
 * sysgraph statespace: A, B, C, D, E, Bd as JSON, LaTeX, MATLAB, Python or text. A description with laws is
 * nonlinear: its model x' = f(x, u, t) is printed instead (nonlinear-statespace.ts), never the linear model
 * about zero; --linearise gives A, B, C, D at an operating point. A description with values in t is linear
 * time-varying: A(t), B(t) and, with --time T, the matrices at T (time-varying-statespace.ts).
 */
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import {
  masdTableToJsonText, masdTableToLatex, masdTableToText, modelToJson, modelToLatex, modelToMatlab, modelToPython, modelToText,
  sparseModelToJson, sparseModelToMatlab, sparseModelToPython, sparseModelToText, structuredToJson, structuredToLatex,
  structuredToMatlab, structuredToPython, structuredToText,
} from '@sysgraph/engine';
import type { MasdTable, ModelTable, StateSpace, StructuredTable } from '@sysgraph/engine';
import type { CsrMatrix } from '@sysgraph/linalg';
import { buildModel, hasLaws, masdModel, requireLaws, isTimeVarying, requireTimeVarying, symbolicForms } from '@sysgraph/engine';
import type { ModelOptions, SymbolicForm, TimeVaryingBuildOptions } from '@sysgraph/engine';
import { nonlinearStatespaceReport } from './nonlinear-statespace';
import type { NonlinearStatespaceOptions } from './nonlinear-statespace';
import { timeVaryingStatespaceReport } from './time-varying-statespace';

export type StateSpaceFormat = 'json' | 'latex' | 'matlab' | 'python' | 'text';

export type StatespaceOptions = ModelOptions & NonlinearStatespaceOptions & Pick<TimeVaryingBuildOptions, 'form' | 'storageLaw' | 'math'> & {
  /** --symbolic-form: expanded, structured or masd (default: expanded when readable, else structured). */
  readonly symbolicForm?: SymbolicForm;
  /** --intermediates (with --formulation masd): MASD's named quantities C, L, R, G, T1…T12, … */
  readonly intermediates?: boolean;
};

/** A linear model's table in the chosen format (shared by descriptions and equation files). */
export function formatModel(table: ModelTable, format: StateSpaceFormat): string {
  switch (format) {
    case 'json':
      return JSON.stringify(modelToJson(table), null, 2);
    case 'latex':
      return modelToLatex(table);
    case 'matlab':
      return modelToMatlab(table);
    case 'python':
      return modelToPython(table);
    default:
      return modelToText(table);
  }
}

function formatStructured(t: StructuredTable, format: StateSpaceFormat): string {
  switch (format) {
    case 'json':
      return JSON.stringify(structuredToJson(t), null, 2);
    case 'latex':
      return structuredToLatex(t);
    case 'matlab':
      return structuredToMatlab(t);
    case 'python':
      return structuredToPython(t);
    default:
      return structuredToText(t);
  }
}

function formatMasd(t: MasdTable, format: StateSpaceFormat, option: string): string {
  switch (format) {
    case 'json':
      return masdTableToJsonText(t);
    case 'latex':
      return masdTableToLatex(t);
    case 'text':
      return masdTableToText(t);
    default:
      throw new SysgraphError('bad-option', `${option} prints as text, latex or json`, { field: '--format', expected: 'text, latex or json' });
  }
}

function checkFormOptions(opts: StatespaceOptions): void {
  if (opts.symbolicForm !== undefined && !opts.symbolic) {
    throw new SysgraphError('bad-option', '--symbolic-form applies to the symbolic model', { field: '--symbolic-form', expected: '--symbolic (or --symbolic-params NAMES) with --symbolic-form' });
  }
  if (opts.intermediates && opts.formulation !== 'masd') {
    throw new SysgraphError('bad-option', "--intermediates prints MASD's closed form", { field: '--intermediates', expected: '--formulation masd --intermediates' });
  }
}

/** The options of time-invariant models that a time-varying one does not have: typed errors naming the option. */
function checkTimeVaryingOptions(desc: SystemDescription, opts: StatespaceOptions): void {
  const refuse = (option: string, expected: string) => {
    throw new SysgraphError('unsupported', `${option} does not apply to a time-varying description (values in t)`, { field: option, expected });
  };
  if (opts.formulation === 'masd') refuse('--formulation', "general: MASD's closed form is time-invariant");
  if (opts.symbolicForm !== undefined) refuse('--symbolic-form', 'no --symbolic-form: A(t), B(t) are printed expanded');
  if (opts.intermediates) refuse('--intermediates', "no --intermediates: MASD's closed form is time-invariant");
  if (opts.stateChoice === 'b2') refuse('--state-choice', '--tv-form charge-flux (the default) for charges and flux linkages');
  if (opts.linearise) refuse('--linearise', 'no --linearise: the model is linear; --time T gives its matrices at T');
  if (opts.inputs?.length) requireLaws(desc, '--input');
  if (opts.guess?.length) requireLaws(desc, '--guess');
}

/** The options of the linear formulation that a nonlinear model does not have: 'unsupported' naming the option. */
function checkNonlinearOptions(opts: StatespaceOptions): void {
  const refuse = (option: string, expected: string) => {
    throw new SysgraphError('unsupported', `${option} applies to linear descriptions; this one has elements given by laws`, { field: option, expected });
  };
  if (opts.symbolicParams !== undefined) refuse('--symbolic-params', 'no --symbolic-params: the nonlinear model is printed in all its parameters');
  if (opts.symbolic && opts.linearise) refuse('--symbolic', 'no --symbolic with --linearise: the operating point is numeric');
  if (opts.formulation === 'masd') refuse('--formulation', 'general: MASD\'s closed form is linear');
  if (opts.symbolicForm !== undefined) refuse('--symbolic-form', 'no --symbolic-form: the nonlinear model is printed as f(x, u, t)');
  if (opts.intermediates) refuse('--intermediates', "no --intermediates: MASD's closed form is linear");
  if (opts.stateChoice === 'b2') refuse('--state-choice', 'b1: the states of a nonlinear model are the variables its laws are written in');
}

export function statespaceReport(desc: SystemDescription, format: StateSpaceFormat, opts: StatespaceOptions): string {
  if (opts.form !== undefined) requireTimeVarying(desc, '--tv-form');
  if (opts.storageLaw !== undefined) requireTimeVarying(desc, '--storage-law');
  if (isTimeVarying(desc)) {
    checkTimeVaryingOptions(desc, opts);
    return timeVaryingStatespaceReport(desc, format, { form: opts.form, storageLaw: opts.storageLaw, math: opts.math, time: opts.time, symbolic: opts.symbolic, symbolicParams: opts.symbolicParams, note: opts.note });
  }
  if (hasLaws(desc)) {
    checkNonlinearOptions(opts);
    return nonlinearStatespaceReport(desc, format, opts);
  }
  if (opts.linearise) requireLaws(desc, '--linearise');
  if (opts.inputs?.length) requireLaws(desc, '--input');
  if (opts.guess?.length) requireLaws(desc, '--guess');
  if (opts.time !== undefined) requireLaws(desc, '--time');
  checkFormOptions(opts);
  if (opts.intermediates) return formatMasd(masdModel(desc, opts.symbolicParams, opts.symbolic === true), format, '--intermediates');
  if (opts.symbolic) {
    const forms = symbolicForms(desc, { form: opts.symbolicForm, symbolicParams: opts.symbolicParams, stateChoice: opts.stateChoice, formulation: opts.formulation });
    for (const n of forms.notes) opts.note?.(`note: ${n}`);
    if (forms.structured) return formatStructured(forms.structured, format);
    if (forms.masd) return formatMasd(forms.masd, format, '--symbolic-form masd');
    return formatModel(forms.table!, format);
  }
  const { table, numeric } = buildModel(desc, opts);
  if (!table) {
    // A large network: the sparse descriptor form, never a dense n × n array.
    const ss = numeric as StateSpace<CsrMatrix>;
    switch (format) {
      case 'json':
        return JSON.stringify(sparseModelToJson(desc.name, ss));
      case 'matlab':
        return sparseModelToMatlab(desc.name, ss);
      case 'python':
        return sparseModelToPython(desc.name, ss);
      default:
        return sparseModelToText(desc.name, ss);
    }
  }
  return formatModel(table, format);
}
