/** segmented: a row of toggle buttons choosing one value (aria-pressed marks the chosen one). */
import { el } from './dom';

export interface Segmented<T extends string> {
  readonly node: HTMLElement;
  set(value: T): void;
  enable(value: T, enabled: boolean, reason?: string): void;
  /** New label and hint of one option (the state choice names its variables in the system's domain). */
  relabel(value: T, label: string, hint?: string): void;
}

export function segmented<T extends string>(
  name: string,
  options: readonly { readonly value: T; readonly label: string; readonly hint?: string }[],
  onChoose: (value: T) => void,
): Segmented<T> {
  const hints = new Map<string, string | undefined>(options.map((o) => [o.value, o.hint]));
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
      b.title = enabled ? hints.get(value) ?? '' : reason ?? '';
    },
    relabel(value, label, hint) {
      const b = buttons.find((x) => x.dataset.value === value);
      if (!b) return;
      b.textContent = label;
      hints.set(value, hint);
      if (!b.disabled) b.title = hint ?? '';
    },
  };
}
