/** sysgraph structure: the normal tree, the partitioned loop matrix and the derivation, as text, JSON or LaTeX. */
import {
  analyzeStructure, deriveEquations, formatBranchTable, formatDerivationLatex, formatDerivationText, formatIncidence,
  formatLoopMatrix, structureToJson,
} from '@sysgraph/graph';
import type { SystemDescription } from '@sysgraph/description';
import { coefficientSimplifier } from '@sysgraph/formulation';

export type StructureFormat = 'text' | 'json' | 'latex';

export function structureReport(desc: SystemDescription, format: StructureFormat): string {
  const s = analyzeStructure(desc);
  const d = deriveEquations(s.partition, desc, { simplify: coefficientSimplifier(desc) });
  if (format === 'json') return JSON.stringify(structureToJson(s, d), null, 2);
  if (format === 'latex') return formatDerivationLatex(d);
  const diag = s.partition.diagnostics.map((x) => `${x.severity} ${x.code}: ${x.message}`);
  return [
    `${desc.title ?? desc.name}: ${s.graph.ids.length} branches, ${s.graph.nodeNames.length} nodes, ${s.graph.componentCount} component(s)`,
    '',
    'Incidence matrix (rows: nodes; +1 where a branch leaves, −1 where it enters):',
    formatIncidence(s.graph),
    '',
    'Branches (tree first, then links) with their groups (formulation.md section 3):',
    formatBranchTable(s.partition),
    '',
    'Fundamental loop matrix F (rows: links, columns: tree branches; v_link = −F v_tree, i_tree = Fᵀ i_link):',
    formatLoopMatrix(s.loop),
    '',
    formatDerivationText(d),
    ...(diag.length > 0 ? ['', 'Diagnostics:', ...diag.map((x) => `  ${x}`)] : []),
  ].join('\n');
}
