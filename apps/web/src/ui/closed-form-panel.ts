/**
 * The closed-form view beside A and B: MASD's named quantities (C, L, R, G, T1…T12, y, h, k, z, the B blocks),
 * one KaTeX equation per quantity tagged with the paper's equation number, numbers or symbols; each node carries
 * data-masd (its name), data-equation and data-values (the numbers, full precision). When the engine prints the
 * structured form instead of the expanded A (symbolicForms), that form follows, with the engine's note.
 */
import type { ClosedFormView } from '../engine/protocol';
import { el, replaceChildren } from './dom';
import { downloadText, safeFileName } from './download';
import type { TexCache } from './tex';

export function renderClosedForm(host: HTMLElement, cache: TexCache, cf: ClosedFormView | undefined, symbolic: boolean, systemName: string): void {
  host.hidden = cf === undefined;
  if (!cf) {
    replaceChildren(host);
    return;
  }
  const showSymbols = symbolic && cf.quantities.every((q) => q.symbolic !== undefined);
  const quantity = (q: ClosedFormView['quantities'][number]) => {
    const latex = showSymbols ? q.symbolic! : q.latex;
    const node = cache.get(latex, true, 'masd-quantity');
    node.dataset.masd = q.name;
    node.dataset.equation = q.equation;
    node.dataset.values = JSON.stringify(q.values);
    node.dataset.latex = latex;
    node.title = `${q.name} ${q.equation}: ${q.definition}`;
    return el('div', { class: 'masd-row' }, el('div', { class: 'model-caption' }, `${q.name}${q.equation ? ` ${q.equation}` : ''} = ${q.definition}`), node);
  };
  const download = el('button', { type: 'button', class: 'export', 'data-export': 'masd' }, 'Download as text');
  download.addEventListener('click', () => downloadText(`${safeFileName(systemName)}-masd-closed-form.txt`, cf.text, 'text/plain'));
  const structured = cf.structured;
  replaceChildren(
    host,
    el(
      'details',
      { open: true, id: 'masd-quantities' },
      el('summary', {}, `MASD's closed form: ${cf.quantities.map((q) => q.name).join(', ')} — ${showSymbols ? 'symbols' : 'numbers'}, the paper's equation numbers on the right`),
      symbolic && !showSymbols ? el('p', { class: 'note' }, `Symbolic entries of the closed form: ${cf.symbolicNote ?? 'not available'}; numbers shown.`) : null,
      ...cf.quantities.map(quantity),
      el('div', { class: 'exports' }, download),
    ),
    structured
      ? el(
          'details',
          { open: true, id: 'structured-form' },
          el('summary', {}, 'Structured form (the static network kept whole)'),
          ...structured.notes.map((n) => el('p', { class: 'note' }, n)),
          ...structured.latex
            .split(/\n(?=\\begin\{aligned\})/)
            .map((block) => block.split('\n').filter((l) => !l.startsWith('%')).join(' ').trim())
            .filter((b) => b.length > 0)
            .map((b) => cache.get(b, true, 'structured-block')),
        )
      : null,
  );
}
