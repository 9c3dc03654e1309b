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

/**
 * A cache of typeset nodes by LaTeX source: a panel redrawn after an edit re-typesets only what changed
 * (after an edit of one value, one or two matrices). Nodes of the previous drawing not used again are dropped.
 */
export class TexCache {
  private previous = new Map<string, HTMLElement[]>();
  private current = new Map<string, HTMLElement[]>();

  /** A node for this LaTeX: one of the previous drawing's if it had one (each used once), else a new one. */
  get(latex: string, display = false, className = 'tex'): HTMLElement {
    const key = `${display ? 'D' : 'I'} ${className} ${latex}`;
    const node = this.previous.get(key)?.pop() ?? tex(latex, display, className);
    const used = this.current.get(key);
    if (used) used.push(node);
    else this.current.set(key, [node]);
    return node;
  }

  /** Call after each drawing. */
  commit(): void {
    this.previous = this.current;
    this.current = new Map();
  }
}
