/**
 * The page's --symbolic-params: a text field of parameter names (commas or spaces) kept as symbols in the
 * symbolic entries; the other parameters are put in as numbers. Empty: every parameter stays a symbol.
 */
import { el } from './dom';

export interface SymbolicParamsField {
  readonly node: HTMLElement;
  set(names: readonly string[]): void;
  show(visible: boolean): void;
}

export function parseNames(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((s) => s.length > 0))];
}

export function symbolicParamsField(onChange: (names: string[]) => void): SymbolicParamsField {
  const input = el('input', { type: 'text', id: 'symbolic-params', spellcheck: 'false', autocomplete: 'off', placeholder: 'all parameters' });
  const node = el('label', { class: 'symbolic-params', title: 'the parameters kept as symbols (commas or spaces); the others become numbers' }, 'Symbols for ', input);
  input.addEventListener('change', () => onChange(parseNames(input.value)));
  return {
    node,
    set(names) {
      if (document.activeElement !== input) input.value = names.join(', ');
    },
    show(visible) {
      node.hidden = !visible;
    },
  };
}
