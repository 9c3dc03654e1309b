/** renderKinds: the element kinds a description may use (the description stage's ELEMENT_KINDS table). */
import { ELEMENT_KINDS } from '@sysgraph/description';
import { el } from './dom';

const CLASS_NAMES: Readonly<Record<string, string>> = { A: 'A-type', T: 'T-type', D: 'D-type', E: 'across source', J: 'through source' };

export function renderKinds(host: HTMLElement): void {
  const rows = ELEMENT_KINDS.filter((k) => k.aliasOf === undefined).map((k) => {
    const cls = 'type' in k ? CLASS_NAMES[k.type] ?? k.type : k.family;
    const domain = 'domain' in k && k.domain ? k.domain : k.family === 'two-port' || k.family === 'mutual' ? '—' : 'any (domain field)';
    const value = `${k.value}${k.unit ? ` [${k.unit}]` : ''}`;
    return el('tr', {}, el('td', {}, el('code', {}, k.kind)), el('td', {}, cls), el('td', {}, domain), el('td', {}, value));
  });
  host.replaceChildren(
    el('table', { class: 'kinds-table' }, el('thead', {}, el('tr', {}, el('th', {}, 'kind'), el('th', {}, 'class'), el('th', {}, 'domain'), el('th', {}, 'value'))), el('tbody', {}, ...rows)),
  );
}
