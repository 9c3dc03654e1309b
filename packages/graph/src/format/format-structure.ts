/** Formatters of the structure stage: incidence matrix, branch table, F, and the derivation (text, LaTeX). */
import type { LinearGraph } from '../linear-graph';
import type { LoopMatrix } from '../loop-matrix';
import type { Partition } from '../partitioned-graph';
import type { Derivation, Equation, VariableRef } from '../derivation';
import { GROUP_SYMBOL, groupOf } from '../partition';
import { incidenceMatrix } from '../incidence';
import { signedToDense } from '../signed-matrix';
import { formatSignedDense, tidyCoefficient, writeTable } from './table';

const MAX_DENSE = 60;

export function formatIncidence(lg: LinearGraph): string {
  if (lg.ids.length > MAX_DENSE) return `incidence matrix: ${lg.nodeNames.length} × ${lg.ids.length} (too large to print)`;
  return formatSignedDense(signedToDense(incidenceMatrix(lg)), lg.nodeNames, lg.branches.map((b) => b.id));
}

/** The branch table (tree first, then links) written line by line (writeTable: no row kept). */
export function writeBranchTable(partition: Partition, write: (line: string) => void): void {
  const loop = partition.loop;
  const lg = loop.tree.graph;
  const tree = loop.treeOrder.branches;
  const links = loop.linkOrder.branches;
  const row = (i: number) => {
    const k = i < tree.length ? tree[i] : links[i - tree.length];
    const b = lg.branches[k];
    const t = loop.tree.inTree[k] === 1;
    return [b.id, b.kind, b.cls, `${lg.nodeNames[b.from]} → ${lg.nodeNames[b.to]}`, t ? 'tree' : 'link', GROUP_SYMBOL[groupOf(loop.tree, k)], t ? `v_${b.id}` : `i_${b.id}`, t ? `i_${b.id}` : `v_${b.id}`];
  };
  writeTable(['branch', 'kind', 'type', 'from → to', 'place', 'group', 'primary', 'secondary'], tree.length + links.length, row, write);
}

export function formatBranchTable(partition: Partition): string {
  const lines: string[] = [];
  writeBranchTable(partition, (l) => lines.push(l));
  return lines.join('\n');
}

export function formatLoopMatrix(loop: LoopMatrix): string {
  const lg = loop.tree.graph;
  if (loop.F.rows > MAX_DENSE || loop.F.cols > MAX_DENSE) return `F: ${loop.F.rows} × ${loop.F.cols}, ${loop.F.rowPtr[loop.F.rows]} nonzeros (too large to print)`;
  return formatSignedDense(
    signedToDense(loop.F),
    Array.from(loop.linkOrder.branches, (k) => lg.ids[k]),
    Array.from(loop.treeOrder.branches, (k) => lg.ids[k]),
  );
}

function refText(r: VariableRef): string {
  return `${r.variable === 'across' ? 'v' : 'i'}_${r.branch}${r.derivative ? "'" : ''}`;
}

function rhsText(eq: Equation): string {
  if (eq.rhs.length === 0) return '0';
  return eq.rhs
    .map((t, j) => {
      const c = tidyCoefficient(t.coefficient);
      const v = refText(t.ref);
      const neg = c.startsWith('-') && !c.slice(1).includes('-') && !c.includes('+');
      const mag = neg ? c.slice(1) : c;
      const term = mag === '1' ? v : `${mag}·${v}`;
      return j === 0 ? (neg ? `-${term}` : term) : neg ? ` - ${term}` : ` + ${term}`;
    })
    .join('');
}

export function formatDerivationText(d: Derivation): string {
  const eqs = (list: readonly Equation[]) => list.map((e) => `  ${refText(e.lhs)} = ${rhsText(e)}`).join('\n');
  const { B, N, components, acrossSources, throughSources } = d.counts;
  return [
    `Normal tree:        ${d.treeBranches.join(', ')}`,
    `Links:              ${d.links.join(', ')}`,
    `Primary variables:  ${d.primary.map(refText).join(', ')}`,
    `Secondary variables: ${d.secondary.map(refText).join(', ')}`,
    `State variables:    ${d.states.join(', ') || '(none)'}`,
    `Elemental equations (B − S = ${B} − ${acrossSources + throughSources} = ${d.elemental.length}):`,
    eqs(d.elemental),
    `Continuity equations (N − c − S_A = ${N} − ${components} − ${acrossSources} = ${d.continuity.length}):`,
    eqs(d.continuity),
    `Compatibility equations (B − N + c − S_T = ${B} − ${N} + ${components} − ${throughSources} = ${d.compatibility.length}):`,
    eqs(d.compatibility),
  ].join('\n');
}

function latexName(branch: string): string {
  return branch.replace(/([\\{}_^#$%&~])/g, '\\$1');
}

function refLatex(r: VariableRef): string {
  const base = `${r.variable === 'across' ? 'v' : 'i'}_{\\mathrm{${latexName(r.branch)}}}`;
  return r.derivative ? `\\dot{${base.slice(0, 1)}}${base.slice(1)}` : base;
}

function coefLatex(c: string, toLatex?: (text: string) => string): string {
  if (toLatex) return toLatex(c);
  const t = tidyCoefficient(c);
  const m = /^(-?)1\/\((.+)\)$/.exec(t) ?? /^(-?)1\/(.+)$/.exec(t);
  if (m) return `${m[1]}\\frac{1}{${m[2].replace(/\*/g, ' ')}}`;
  return t.replace(/\*/g, ' ');
}

export interface DerivationLatexOptions {
  /** A coefficient's expression text in LaTeX (e.g. the exact rational printer); a plain rewrite by default. */
  readonly coefficientLatex?: (text: string) => string;
  /** The loop matrix F to print beside the derivation (rows: links, columns: tree branches). */
  readonly loop?: LoopMatrix;
}

function refListLatex(refs: readonly VariableRef[]): string {
  return refs.map(refLatex).join(',\\; ') || '\\text{(none)}';
}

function loopMatrixLatex(loop: LoopMatrix): string {
  const lg = loop.tree.graph;
  if (loop.F.rows > MAX_DENSE || loop.F.cols > MAX_DENSE) return `% F: ${loop.F.rows} × ${loop.F.cols} (too large to print)`;
  const rows = signedToDense(loop.F);
  const cols = Array.from(loop.treeOrder.branches, (k) => `\\mathrm{${latexName(lg.ids[k])}}`);
  const names = Array.from(loop.linkOrder.branches, (k) => `\\mathrm{${latexName(lg.ids[k])}}`);
  const body = rows.map((r, i) => `${names[i]} & ${r.map((v) => (v === 0 ? '0' : v > 0 ? '1' : '-1')).join(' & ')}`).join(' \\\\ ');
  return [
    '% Fundamental loop matrix F (rows: links, columns: tree branches; v_link = -F v_tree, i_tree = F^T i_link)',
    `F = \\begin{array}{c|${'r'.repeat(cols.length)}} & ${cols.join(' & ')} \\\\ \\hline ${body} \\end{array}`,
  ].join('\n');
}

export function formatDerivationLatex(d: Derivation, opts: DerivationLatexOptions = {}): string {
  const eq = (e: Equation) => {
    const rhs = e.rhs.length === 0 ? '0' : e.rhs.map((t, j) => {
      const c = coefLatex(t.coefficient, opts.coefficientLatex);
      const neg = c.startsWith('-');
      const mag = neg ? c.slice(1) : c;
      const term = `${mag === '1' ? '' : mag + '\\,'}${refLatex(t.ref)}`;
      return j === 0 ? (neg ? `-${term}` : term) : `${neg ? ' - ' : ' + '}${term}`;
    }).join('');
    return `  ${refLatex(e.lhs)} &= ${rhs} \\\\`;
  };
  const block = (title: string, list: readonly Equation[]) => [`% ${title}`, '\\begin{aligned}', ...list.map(eq), '\\end{aligned}'].join('\n');
  const { B, N, components, acrossSources, throughSources } = d.counts;
  return [
    `% Normal tree: ${d.treeBranches.join(', ')}; links: ${d.links.join(', ')}`,
    `% State variables: ${d.states.join(', ') || '(none)'}`,
    '% Primary variables (tree across, link through)',
    `\\text{primary: } ${refListLatex(d.primary)}`,
    '% Secondary variables (tree through, link across)',
    `\\text{secondary: } ${refListLatex(d.secondary)}`,
    ...(opts.loop ? [loopMatrixLatex(opts.loop)] : []),
    block(`Elemental equations (B - S = ${B} - ${acrossSources + throughSources} = ${d.elemental.length})`, d.elemental),
    block(`Continuity equations (N - c - S_A = ${N} - ${components} - ${acrossSources} = ${d.continuity.length})`, d.continuity),
    block(`Compatibility equations (B - N + c - S_T = ${B} - ${N} + ${components} - ${throughSources} = ${d.compatibility.length})`, d.compatibility),
  ].join('\n');
}
