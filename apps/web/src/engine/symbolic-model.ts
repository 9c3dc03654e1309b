/**
 * symbolicTable: the model with entries as rational functions of the parameters, when the formulation stage
 * exports a symbolic backend (symbolicBackend(desc) and symbolicCells); otherwise a note saying why not.
 */
import type { ModelTable } from '@sysgraph/formulation';
import * as formulation from '@sysgraph/formulation';
import { formulate, modelTable } from '@sysgraph/formulation';
import type { Structure } from '@sysgraph/graph';
import type { StateChoiceName } from './settings';

export function symbolicTable(s: Structure, kind: 'general' | 'masd', choice: StateChoiceName): { table: ModelTable } | { note: string } {
  const api = formulation as unknown as Record<string, unknown>;
  const backendOf = api['symbolicBackend'];
  const cellsOf = api['symbolicCells'];
  if (typeof backendOf !== 'function' || kind !== 'general') {
    return { note: 'symbolic matrices are not available in this build of the formulation stage; numbers are shown' };
  }
  try {
    const be = backendOf(s.description);
    const ss = formulate(s, be, { stateChoice: choice });
    const cells = typeof cellsOf === 'function' ? cellsOf(be, s.description.parameters) : cellsOf;
    return { table: modelTable(s.description.name, ss, be, cells, s.description.parameters) };
  } catch (e) {
    return { note: e instanceof Error ? e.message : String(e) };
  }
}
