/** sysgraph statespace: A, B, C, D, E, Bd as JSON, LaTeX, MATLAB, Python or text. */
import type { SystemDescription } from '@sysgraph/description';
import {
  modelToJson, modelToLatex, modelToMatlab, modelToPython, modelToText, sparseModelToJson, sparseModelToMatlab,
  sparseModelToPython, sparseModelToText,
} from '@sysgraph/formulation';
import type { StateSpace } from '@sysgraph/formulation';
import type { CsrMatrix } from '@sysgraph/linalg';
import { buildModel } from '../build-model';
import type { ModelOptions } from '../build-model';

export type StateSpaceFormat = 'json' | 'latex' | 'matlab' | 'python' | 'text';

export function statespaceReport(desc: SystemDescription, format: StateSpaceFormat, opts: ModelOptions): string {
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
