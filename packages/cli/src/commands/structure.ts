/** sysgraph structure: the normal tree, the partitioned loop matrix and the derivation, as text, JSON or LaTeX. */
import {
  analyzeStructure, deriveEquations, formatDerivationLatex, formatDerivationText, formatIncidence,
  formatLoopMatrix, structureToJson, writeBranchTable,
} from '@sysgraph/graph';
import type { SystemDescription } from '@sysgraph/description';
import { coefficientLatex, coefficientSimplifier } from '@sysgraph/engine';

export type StructureFormat = 'text' | 'json' | 'latex';

import { DERIVATION_LIMIT } from './structure-limit';

export { DERIVATION_LIMIT } from './structure-limit';

export interface StructureOptions {
  /** --derivation: the derivation whatever the size (default: up to DERIVATION_LIMIT branches). */
  readonly derivation?: boolean;
}

/**
 * What `structure` writes: the JSON value (format json) or the text — `writeText` gives it piece by piece (a branch
 * table of 10^6 rows is never one string), `text` joins the pieces — and the note when the derivation was left out.
 */
export interface StructureOutput {
  readonly json?: Record<string, unknown>;
  readonly text?: string;
  readonly writeText?: (write: (piece: string) => void) => void;
  readonly omitted?: string;
}

export function structureOutput(desc: SystemDescription, format: StructureFormat, options: StructureOptions = {}): StructureOutput {
  const s = analyzeStructure(desc);
  const branches = s.graph.ids.length;
  const derive = options.derivation === true || branches <= DERIVATION_LIMIT || format === 'latex';
  const omitted = derive ? undefined : `the derivation is left out above ${DERIVATION_LIMIT} branches (this network has ${branches}); --derivation writes it`;
  const d = derive ? deriveEquations(s.partition, desc, { simplify: coefficientSimplifier(desc) }) : undefined;
  if (format === 'json') return { json: { ...structureToJson(s, d), ...(omitted ? { derivationOmitted: omitted } : {}) }, omitted };
  if (format === 'latex') return { text: formatDerivationLatex(d!, { coefficientLatex: coefficientLatex(desc), loop: s.loop }) };
  const diag = s.partition.diagnostics.map((x) => `${x.severity} ${x.code}: ${x.message}`);
  const writeText = (write: (piece: string) => void) => {
    const line = (l: string) => write(`${l}\n`);
    line(`${desc.title ?? desc.name}: ${s.graph.ids.length} branches, ${s.graph.nodeNames.length} nodes, ${s.graph.componentCount} component(s)`);
    line('');
    line('Incidence matrix (rows: nodes; +1 where a branch leaves, −1 where it enters):');
    line(formatIncidence(s.graph));
    line('');
    line('Branches (tree first, then links) with their groups (formulation.md section 3):');
    writeBranchTable(s.partition, line);
    line('');
    line('Fundamental loop matrix F (rows: links, columns: tree branches; v_link = −F v_tree, i_tree = Fᵀ i_link):');
    line(formatLoopMatrix(s.loop));
    line('');
    line(d ? formatDerivationText(d) : `(${omitted})`);
    if (diag.length > 0) ['', 'Diagnostics:', ...diag.map((x) => `  ${x}`)].forEach(line);
  };
  return {
    writeText,
    get text() {
      const pieces: string[] = [];
      writeText((p) => pieces.push(p));
      return pieces.join('').slice(0, -1);
    },
    omitted,
  };
}

/** The whole output as one string (JSON indented by 2), the derivation always included. */
export function structureReport(desc: SystemDescription, format: StructureFormat): string {
  const out = structureOutput(desc, format, { derivation: true });
  return out.json ? JSON.stringify(out.json, null, 2) : out.text!;
}
