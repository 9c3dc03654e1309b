/** segmented: a row of toggle buttons choosing one value (aria-pressed marks the chosen one). */
import { el } from './dom';

export interface Segmented<T extends string> {
  readonly node: HTMLElement;
  set(value: T): void;
  enable(value: T, enabled: boolean, reason?: string): void;
}

export function segmented<T extends string>(
  name: string,
  options: readonly { readonly value: T; readonly label: string; readonly hint?: string }[],
  onChoose: (value: T) => void,
): Segmented<T> {
  const buttons = options.map((o) => {
    const b = el('button', { type: 'button', class: 'seg', 'data-value': o.value, title: o.hint, 'aria-pressed': 'false' }, o.label);
    b.addEventListener('click', () => {
      if (!b.disabled) onChoose(o.value);
    });
    return b;
  });
  const node = el('div', { class: 'segmented', role: 'group', 'aria-label': name, 'data-control': name }, el('span', { class: 'seg-name' }, name), ...buttons);
  return {
    node,
    set(value) {
      for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset.value === value));
    },
    enable(value, enabled, reason) {
      const b = buttons.find((x) => x.dataset.value === value);
      if (!b) return;
      b.disabled = !enabled;
      const hint = options.find((o) => o.value === value)?.hint;
      b.title = enabled ? hint ?? '' : reason ?? '';
    },
  };
}
