/**
 * The bond-graph views of the command line: `structure` of a bond graph adds its sequential causality
 * assignment (SCAP) beside the normal tree, and `export-bondgraph` writes a description's bond graph.
 */
import { assignCausality, bondGraphToJson, checkCausality, descriptionToBondGraph, readBondGraph } from '@sysgraph/bondgraph';
import type { SystemDescription } from '@sysgraph/description';
import { analyzeStructure, formatTable } from '@sysgraph/graph';
import { readInputFile } from '../read-input-file';

export function exportBondGraph(desc: SystemDescription): string {
  return bondGraphToJson(descriptionToBondGraph(desc));
}

export function causalitySection(path: string, desc: SystemDescription): { text: string; json: Record<string, unknown> } {
  const graph = readBondGraph(readInputFile(path));
  const causality = assignCausality(graph);
  const check = checkCausality(causality, analyzeStructure(desc));
  const list = (xs: readonly string[]) => (xs.length > 0 ? xs.join(', ') : 'none');
  const rows = graph.bonds.map((b) => [b.id, `${b.from} → ${b.to}`, causality.effortSetBy.get(b.id)!]);
  const text = [
    'Causality (sequential causality assignment, beside the normal tree):',
    formatTable(['bond', 'power', 'effort set by'], rows),
    '',
    `  integral causality (states: p on I, q on C): ${list(causality.integral)}`,
    `  derivative causality (dependent storage):    ${list(causality.derivative)}`,
    `  resistors given a causality freely (algebraic loops): ${list(causality.arbitrary)}`,
    `  conflicts: ${causality.conflicts.length > 0 ? causality.conflicts.map((c) => `${c.element} (${c.reason})`).join('; ') : 'none'}`,
    `  normal tree: states ${list(check.treeStates)}; dependent storage ${list(check.treeDependent)}`,
    `  cross-check: ${check.agree ? `agrees (${check.treeStates.length} states)` : `DISAGREES: SCAP counts ${check.integral.length} states, the normal tree ${check.treeStates.length}`}`,
  ].join('\n');
  return {
    text,
    json: {
      effortSetBy: Object.fromEntries(causality.effortSetBy),
      integral: causality.integral,
      derivative: causality.derivative,
      arbitrary: causality.arbitrary,
      conflicts: causality.conflicts,
      treeStates: check.treeStates,
      treeDependent: check.treeDependent,
      agree: check.agree,
    },
  };
}
