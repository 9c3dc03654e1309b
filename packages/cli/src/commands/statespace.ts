/** sysgraph statespace: A, B, C, D, E, Bd as JSON, LaTeX, MATLAB, Python or text. */
import type { SystemDescription } from '@sysgraph/description';
import { modelToJson, modelToLatex, modelToMatlab, modelToPython, modelToText } from '@sysgraph/formulation';
import { buildModel } from '../build-model';
import type { ModelOptions } from '../build-model';

export type StateSpaceFormat = 'json' | 'latex' | 'matlab' | 'python' | 'text';

export function statespaceReport(desc: SystemDescription, format: StateSpaceFormat, opts: ModelOptions): string {
  const { table } = buildModel(desc, opts);
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
