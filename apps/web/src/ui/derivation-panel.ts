/**
 * The derivation panel, in the order a student works by hand (StateMint tutorial, "Example"): the normal tree
 * and its links, primary, secondary and state variables, then the elemental, continuity and compatibility
 * equations, each group counted (B − S, N − c − S_A, B − N + c − S_T). Above LARGE_EQUATIONS equations the
 * derivation is collapsed: counts first, the equations in a virtualised list typeset row by row as they scroll
 * into view (a 32 × 32 grid has ~3000 of them), read one at a time from the packed lists the worker sent (no
 * array of the equations is built).
 */
import type { DerivationView, PackedDerivation, PackedStrings } from '../engine/protocol';
import { equationCount, unpackDerivation } from '../engine/packed-derivation';
import { packedCount, stringAt } from '../engine/packed-strings';
import { el, replaceChildren } from './dom';
import { tex, texText } from './tex';
import { createVirtualList } from './virtual-list';

export const LARGE_EQUATIONS = 120;

function equationBlock(title: string, count: string, lines: readonly string[], kind: string): HTMLElement {
  const body = lines.length === 0 ? '\\text{(none)}' : `\\begin{aligned} ${lines.join(' \\\\ ')} \\end{aligned}`;
  return el(
    'div',
    { class: 'equation-block', 'data-equations': kind, 'data-count': lines.length },
    el('h4', {}, title, ' ', el('span', { class: 'count' }, count)),
    tex(body, true),
  );
}

function variableList(title: string, vars: readonly string[], kind: string): HTMLElement {
  return el(
    'div',
    { class: 'variable-list', 'data-variables': kind },
    el('h4', {}, title, ' ', el('span', { class: 'count' }, String(vars.length))),
    tex(vars.length === 0 ? '\\text{(none)}' : vars.join(',\\; '), false),
  );
}

function renderLargeDerivation(host: HTMLElement, d: PackedDerivation): void {
  const c = d.counts;
  const groups: [string, PackedStrings][] = [
    ['Elemental', d.elemental],
    ['Continuity', d.continuity],
    ['Compatibility', d.compatibility],
  ];
  const total = equationCount(d);
  /** Row k of the list: its group and its LaTeX line, read from the packed lists. */
  const row = (k: number): { group: string; latex: string } => {
    let j = k;
    for (const [group, lines] of groups) {
      if (j < packedCount(lines)) return { group, latex: stringAt(lines, j) };
      j -= packedCount(lines);
    }
    throw new RangeError(`equation ${k} of ${total}`);
  };
  const list = createVirtualList(
    (k) => {
      const r = row(k);
      return el('div', { class: 'derivation-row' }, el('span', { class: 'derivation-group' }, `${r.group} ${k + 1}`), tex(r.latex.replace(/&=/, '='), false));
    },
    30,
    420,
    'the equations of the derivation',
  );
  const details = el('details', { class: 'large-derivation', id: 'large-derivation' }, el('summary', {}, `Show the ${total} equations`), list.node);
  details.addEventListener('toggle', () => {
    if (details.open && list.node.dataset.count === undefined) list.reset(total);
  });
  replaceChildren(
    host,
    el(
      'div',
      { class: 'tree-summary', 'data-large': '1' },
      el('div', { class: 'counts' }, `B = ${c.B} branches, N = ${c.N} nodes, ${c.components} component${c.components === 1 ? '' : 's'}, ${c.acrossSources} across and ${c.throughSources} through source${c.throughSources === 1 ? '' : 's'}; ${packedCount(d.treeBranches)} tree branches, ${packedCount(d.links)} links, ${packedCount(d.states)} state variables.`),
    ),
    ...groups.map(([group, lines]) => el('span', { class: 'equation-count', 'data-equations': group.toLowerCase(), 'data-count': packedCount(lines) }, `${group}: ${packedCount(lines)} equations. `)),
    details,
  );
}

export function renderDerivation(host: HTMLElement, packed: PackedDerivation): void {
  if (equationCount(packed) > LARGE_EQUATIONS) {
    renderLargeDerivation(host, packed);
    return;
  }
  renderSmallDerivation(host, unpackDerivation(packed));
}

function renderSmallDerivation(host: HTMLElement, d: DerivationView): void {
  const c = d.counts;
  const S = d.states.length;
  const names = (xs: readonly string[]) => xs.map((x) => texText(x)).join(',\\ ');
  replaceChildren(
    host,
    el('div', { class: 'derivation-head' },
    el(
      'div',
      { class: 'tree-summary' },
      el('div', {}, el('span', { class: 'label' }, 'Normal tree '), tex(names(d.treeBranches) || '\\text{(empty)}')),
      el('div', {}, el('span', { class: 'label' }, 'Links '), tex(names(d.links) || '\\text{(none)}')),
      el('div', { class: 'counts' }, `B = ${c.B} branches, N = ${c.N} nodes, ${c.components} component${c.components === 1 ? '' : 's'}, ${c.acrossSources} across and ${c.throughSources} through source${c.throughSources === 1 ? '' : 's'}`),
    ),
    el(
      'div',
      { class: 'variables' },
      variableList('Primary variables', d.primary, 'primary'),
      variableList('Secondary variables', d.secondary, 'secondary'),
      variableList('State variables', d.states, 'states'),
    ),
    ),
    el('div', { class: 'equation-columns' },
    equationBlock('Elemental equations', `B − S = ${c.B} − ${c.acrossSources + c.throughSources} = ${d.elemental.length}`, d.elemental, 'elemental'),
    equationBlock('Continuity equations', `N − c − S_A = ${c.N} − ${c.components} − ${c.acrossSources} = ${d.continuity.length}`, d.continuity, 'continuity'),
    equationBlock('Compatibility equations', `B − N + c − S_T = ${c.B} − ${c.N} + ${c.components} − ${c.throughSources} = ${d.compatibility.length}`, d.compatibility, 'compatibility'),
    ),
    el('p', { class: 'note' }, `${S} state variable${S === 1 ? '' : 's'}: the across variables of A-type tree branches and the through variables of T-type links.`),
  );
}
