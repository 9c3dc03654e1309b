/**
 * Everything the oracle says about one network, with its own tree-free state choice: states (select-states.ts),
 * inputs (across sources then through sources, in branch order, as formulation-cases.json), the tableau solve,
 * its standard form and the pencil check.
 */
import type { OracleNetwork } from './oracle-network';
import type { StateChoice, TableauResult } from './tableau-state-equations';
import { tableauStateEquations } from './tableau-state-equations';
import type { OracleStandardForm } from './standard-form';
import { standardForm } from './standard-form';
import type { PencilResult } from './pencil-eigenvalues';
import { pencilEigenvalues } from './pencil-eigenvalues';
import { selectStates } from './select-states';

export interface ReferenceModel {
  states: StateChoice[];
  inputs: string[];
  tableau: TableauResult;
  standard: OracleStandardForm;
  pencil: PencilResult;
  /** x' unique, tableau consistent, pencil regular and of order #states: a model the engine must reproduce. */
  wellPosed: boolean;
}

export function defaultInputs(net: OracleNetwork): string[] {
  return [...net.branches.filter((b) => b.kind === 'E'), ...net.branches.filter((b) => b.kind === 'J')].map((b) => b.id);
}

export function referenceModel(net: OracleNetwork, states: StateChoice[] = selectStates(net), inputs = defaultInputs(net)): ReferenceModel {
  const tableau = tableauStateEquations(net, states, inputs);
  const pencil = pencilEigenvalues(net);
  const wellPosed = tableau.xdotUnique && tableau.consistent && !pencil.singular && pencil.order === states.length;
  return { states, inputs, tableau, standard: standardForm(tableau), pencil, wellPosed };
}
