/**
 * The derivation panel, in the order a student works by hand (StateMint tutorial, "Example"): the normal tree
 * and its links, primary, secondary and state variables, then the elemental, continuity and compatibility
 * equations, each group counted (B − S, N − c − S_A, B − N + c − S_T).
 */
import type { DerivationView } from '../engine/protocol';
import { el, replaceChildren } from './dom';
import { tex, texText } from './tex';

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

export function renderDerivation(host: HTMLElement, d: DerivationView): void {
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
