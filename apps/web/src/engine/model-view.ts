/**
 * modelView: a StateSpace (through the formulation stage's ModelTable) as the page shows it — numbers, their
 * LaTeX, the symbolic LaTeX when a symbolic table is given, diagnostics, and the model exported as MATLAB,
 * Python (python-control), LaTeX and JSON by the formulation stage's exporters.
 */
import type { ModelTable } from '@sysgraph/engine';
import { MATRIX_NAMES, modelToJson, modelToLatex, modelToMatlab, modelToPython } from '@sysgraph/engine';
import type { MatrixKey, MatrixView, ModelView } from './protocol';

export function modelView(key: string, numeric: ModelTable, symbolic?: ModelTable, symbolicNote?: string): ModelView {
  const matrices = {} as Record<MatrixKey, MatrixView>;
  for (const k of MATRIX_NAMES) {
    const cells = numeric.matrices[k];
    const cols = k === 'A' || k === 'C' ? numeric.states.length : numeric.inputs.length;
    matrices[k] = {
      rows: cells.length,
      cols: cells.length > 0 ? cells[0].length : cols,
      value: cells.map((row) => row.map((c) => c.value)),
      latex: cells.map((row) => row.map((c) => c.latex)),
      ...(symbolic ? { symbolic: symbolic.matrices[k].map((row) => row.map((c) => c.latex)) } : {}),
    };
  }
  const shown = symbolic ?? numeric;
  return {
    key,
    formulation: numeric.formulation,
    stateChoice: numeric.stateChoice,
    states: numeric.states,
    inputs: numeric.inputs,
    outputs: numeric.outputs,
    matrices,
    diagnostics: numeric.diagnostics.map((d) => ({ code: d.code, severity: d.severity, message: d.message, elements: [...d.elements] })),
    ...(symbolicNote !== undefined ? { symbolicNote } : {}),
    exports: {
      matlab: modelToMatlab(shown),
      python: modelToPython(shown),
      latex: modelToLatex(shown),
      json: JSON.stringify(modelToJson(shown), null, 2),
    },
  };
}
