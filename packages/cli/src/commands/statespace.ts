/**
 * sysgraph statespace: A, B, C, D, E, Bd as JSON, LaTeX, MATLAB, Python or text. A description with laws is
 * nonlinear: its model x' = f(x, u, t) is printed instead (nonlinear-statespace.ts), never the linear model
 * about zero; --linearise gives A, B, C, D at an operating point.
 */
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import {
  modelToJson, modelToLatex, modelToMatlab, modelToPython, modelToText, sparseModelToJson, sparseModelToMatlab,
  sparseModelToPython, sparseModelToText,
} from '@sysgraph/formulation';
import type { StateSpace } from '@sysgraph/formulation';
import type { CsrMatrix } from '@sysgraph/linalg';
import { buildModel } from '../build-model';
import type { ModelOptions } from '../build-model';
import { hasLaws, requireLaws } from '../nonlinear/law-elements';
import { nonlinearStatespaceReport } from './nonlinear-statespace';
import type { NonlinearStatespaceOptions } from './nonlinear-statespace';

export type StateSpaceFormat = 'json' | 'latex' | 'matlab' | 'python' | 'text';

export type StatespaceOptions = ModelOptions & NonlinearStatespaceOptions;

/** The options of the linear formulation that a nonlinear model does not have: 'unsupported' naming the option. */
function checkNonlinearOptions(opts: StatespaceOptions): void {
  const refuse = (option: string, expected: string) => {
    throw new SysgraphError('unsupported', `${option} applies to linear descriptions; this one has elements given by laws`, { field: option, expected });
  };
  if (opts.symbolicParams !== undefined) refuse('--symbolic-params', 'no --symbolic-params: the nonlinear model is printed in all its parameters');
  if (opts.symbolic && opts.linearise) refuse('--symbolic', 'no --symbolic with --linearise: the operating point is numeric');
  if (opts.formulation === 'masd') refuse('--formulation', 'general: MASD\'s closed form is linear');
  if (opts.stateChoice === 'b2') refuse('--state-choice', 'b1: the states of a nonlinear model are the variables its laws are written in');
}

export function statespaceReport(desc: SystemDescription, format: StateSpaceFormat, opts: StatespaceOptions): string {
  if (hasLaws(desc)) {
    checkNonlinearOptions(opts);
    return nonlinearStatespaceReport(desc, format, opts);
  }
  if (opts.linearise) requireLaws(desc, '--linearise');
  if (opts.inputs?.length) requireLaws(desc, '--input');
  if (opts.guess?.length) requireLaws(desc, '--guess');
  if (opts.time !== undefined) requireLaws(desc, '--time');
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
