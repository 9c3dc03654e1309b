/**
 * KaTeX with the safe options: trust off (no \href, \url, \htmlClass…), errors shown in place rather than
 * thrown, and texText() to put any user string inside \text{} with every special character escaped.
 */
import katex from 'katex';

export function renderTex(node: HTMLElement, latex: string, display = false): void {
  katex.render(latex, node, { displayMode: display, throwOnError: false, trust: false, strict: 'ignore', output: 'htmlAndMathml', maxExpand: 1000 });
}

export function tex(latex: string, display = false, className = 'tex'): HTMLElement {
  const node = document.createElement(display ? 'div' : 'span');
  node.className = className;
  renderTex(node, latex, display);
  return node;
}

const TEXT_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '#': '\\#',
  '^': '\\textasciicircum{}',
  _: '\\_',
  '%': '\\%',
  '~': '\\textasciitilde{}',
};

/** \text{…} of a user string: every LaTeX special character escaped. */
export function texText(s: string): string {
  return `\\text{${s.replace(/[\\{}$&#^_%~]/g, (c) => TEXT_ESCAPES[c])}}`;
}
