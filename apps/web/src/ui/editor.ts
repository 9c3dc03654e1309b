/**
 * createEditor: the description editor — a plain textarea with line numbers, the lines of errors marked in the
 * gutter and behind the text, and the errors listed below it, each naming its element and field and what is
 * expected, with "did you mean" for a misspelt kind or element id (one click applies it). Clicking an error
 * selects its line. Tab indents; Esc releases the keyboard, so that the next Tab leaves the editor.
 *
 * Large-text mode: a text above LARGE_TEXT_CHARS (pasted, opened from the gallery or a link) never goes into the
 * textarea, whose layout of all the text would block the page (about 1 s for 0.7 MB); it is edited in place in a
 * CodeMirror view (large-text-editor.ts, its own chunk, fetched in idle time after start-up), which puts only the
 * lines in view in the DOM. Until that chunk has arrived the text is shown read-only by large-text-view.ts and
 * handed over when it has. An edit there re-runs the engine like a typed edit in the textarea, once the typing
 * has paused for EDIT_PAUSE_MS (each run sends the whole text to the worker). "Edit as plain text" puts it in the
 * textarea on request; "Clear" empties the editor. A paste is caught before the browser inserts it (the paste
 * event), so the textarea never lays the large text out. A text that grows past LARGE_TEXT_CHARS in the textarea
 * (typed, or inserted without a paste event) moves to the editable view at once, the caret where it was and the
 * focus with it, so that typing goes on there: at just over 50 kB the view takes it in one short task.
 */
import type { ErrorInfo } from '../engine/protocol';
import { el, replaceChildren } from './dom';
import { suggestFor } from './did-you-mean';
import { jsonPositions, locateError } from './error-location';
import { countLines, createLargeTextView } from './large-text-view';
import { nextTask } from './task-steps';
import type { LargeTextEditor } from './large-text-editor';

export interface Editor {
  readonly textarea: HTMLTextAreaElement;
  getText(): string;
  /** Replace the text (a new example or a shared link); does not notify the change listener. */
  setText(text: string): void;
  /** Replace the text keeping the scroll position (a drawing edit); does not notify the change listener. */
  replaceText(text: string): void;
  showErrors(errors: readonly ErrorInfo[]): void;
}

/** Above this many lines the gutter is one text node rather than a node per line. */
const PLAIN_GUTTER_ABOVE = 2000;
/** Above this many characters the editor is in large-text mode (the textarea lays out ~50 kB within a frame's budget). */
export const LARGE_TEXT_CHARS = 50_000;
/** A large text's edits are sent to the engine once typing has paused this long. */
export const EDIT_PAUSE_MS = 250;

const STAGE_NAMES: Readonly<Record<ErrorInfo['stage'], string>> = {
  parse: 'description',
  structure: 'linear graph',
  formulate: 'formulation',
  simulate: 'simulation',
  internal: 'internal',
};

export function createEditor(host: HTMLElement, errorList: HTMLElement, onChange: (text: string) => void): Editor {
  const gutter = el('div', { class: 'gutter', 'aria-hidden': 'true' });
  const marks = el('div', { class: 'line-marks', 'aria-hidden': 'true' });
  const textarea = el('textarea', { id: 'description', spellcheck: 'false', autocomplete: 'off', autocapitalize: 'off', wrap: 'off', 'aria-label': 'system description (JSON)', 'aria-describedby': 'editor-help' });
  const wrap = el('div', { class: 'text-wrap' }, marks, textarea);
  host.replaceChildren(gutter, wrap);
  let errorLines = new Set<number>();
  let lineCount = 0;

  // large-text mode: the text in the CodeMirror view once its chunk has arrived; until then kept here and shown
  // read-only line by line
  let large: string | undefined;
  let largeEditor: LargeTextEditor | undefined;
  let loading: Promise<LargeTextEditor> | undefined;
  let editTimer: number | undefined;
  const viewer = createLargeTextView(parseFloat(getComputedStyle(host).lineHeight) || 19, 'system description (large, read-only)');
  const summary = el('span', { class: 'large-text-summary', id: 'large-text-summary' });
  const editPlain = el('button', { type: 'button', id: 'large-text-edit', title: 'load the text into the plain editor (the page may pause while it lays the text out)' }, 'Edit as plain text');
  const clear = el('button', { type: 'button', id: 'large-text-clear' }, 'Clear');
  const bar = el('div', { class: 'large-text-bar', role: 'note' }, summary, editPlain, clear);
  const largePane = el('div', { class: 'large-text-pane', hidden: true }, bar, viewer.node);
  host.appendChild(largePane);

  /** Whether the large text is in the editable view; until the hand-over it is `large`, shown read-only. */
  let inEditor = false;
  /** Counts the texts shown, so that a hand-over of a text since replaced is dropped. */
  let handover = 0;
  const largeText = (): string | undefined => (large === undefined ? undefined : inEditor && largeEditor ? largeEditor.getText() : large);

  function describeLarge(text: string, lines: number): void {
    summary.textContent = `A large description (${lines.toLocaleString('en')} lines, ${Math.round(text.length / 1024).toLocaleString('en')} kB), edited in a view that draws only the lines in sight.`;
  }

  /** The CodeMirror view's chunk, fetched once (in idle time after start-up, or on the first large text). */
  function loadLargeEditor(): Promise<LargeTextEditor> {
    loading ??= import('./large-text-editor').then(({ createLargeTextEditor }) => {
      const ed = createLargeTextEditor('system description (large)', () => {
        clearTimeout(editTimer);
        editTimer = window.setTimeout(() => {
          const text = ed.getText();
          describeLarge(text, ed.lineCount());
          onChange(text);
        }, EDIT_PAUSE_MS);
      });
      largeEditor = ed;
      if (large === undefined) warm(ed);
      else {
        ed.node.hidden = true;
        largePane.appendChild(ed.node);
      }
      return ed;
    });
    return loading;
  }

  /**
   * The view's first text, layout and run of its code cost 330–670 ms at load 19 in a profile (the next texts:
   * 22–61 ms): paid here, in idle time, on a sample text, the view parked invisible at the editor's size
   * (`visibility: hidden`, behind the page but in the viewport, so that it lays out the lines in view); then it
   * goes into the pane, emptied and hidden, for the first large text.
   */
  function warm(ed: LargeTextEditor): void {
    ed.node.classList.add('large-text-cm-parked');
    ed.node.style.width = `${host.clientWidth}px`;
    ed.node.style.height = `${host.clientHeight || 480}px`;
    document.body.appendChild(ed.node);
    const line = JSON.stringify({ id: 'R0001', kind: 'resistor', from: 'n0000', to: 'n0001', value: 'R' });
    ed.show(Array.from({ length: 2000 }, () => line).join('\n'));
    requestAnimationFrame(() =>
      setTimeout(() => {
        // after the view's measure cycle (a frame); a large text shown meanwhile waits for this in showLarge
        ed.node.classList.remove('large-text-cm-parked');
        ed.node.style.width = '';
        ed.node.style.height = '';
        ed.node.hidden = true;
        largePane.appendChild(ed.node);
        ed.show('');
        parkedDone();
        host.dataset.largeEditor = 'ready';
      }, 0),
    );
  }
  let parkedDone = (): void => {};
  const parked = new Promise<void>((resolve) => (parkedDone = resolve));
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => void loadLargeEditor(), { timeout: 5000 });

  /**
   * The text read-only at once (its line index is one pass over the text, the rows in view drawn), then in the
   * editable view in a task of its own, once its chunk is here: a paste's task does not also build the view's
   * line tree (≈ 55–230 ms for 0.14–0.7 MB at load 19, measured as sysgraph:large-text).
   */
  function showLarge(text: string, caret?: number): void {
    inEditor = false;
    const mine = ++handover;
    if (caret !== undefined && largeEditor && host.dataset.largeEditor === 'ready') {
      // grown past the limit in the textarea: a text just over 50 kB, into the view in this task (≈ 10 ms)
      const t0 = performance.now();
      viewer.node.hidden = true;
      largeEditor.node.hidden = false;
      largeEditor.node.classList.remove('large-text-cm-stale');
      largeEditor.show(text);
      largeEditor.markErrors(errorLines);
      largeEditor.place(caret);
      largeEditor.focus();
      inEditor = true;
      performance.measure('sysgraph:large-text', { start: t0 });
      return;
    }
    // the editable view ready and on show (it holds the previous large text): made invisible, not removed
    // from the layout (`visibility: hidden`), until the new text is in — hidden with display: none, the view
    // measured itself anew when shown again (its geometry, line heights, gutter: the longest part of its first
    // frame); else hidden until then
    const onShow = largeEditor !== undefined && host.dataset.largeEditor === 'ready' && !largeEditor.node.hidden;
    if (largeEditor && onShow) largeEditor.node.classList.add('large-text-cm-stale');
    else if (largeEditor) largeEditor.node.hidden = true;
    // the editable view ready (the usual case: it is warmed in idle time after start-up): nothing is drawn in
    // the paste's task but the bar above it; the read-only rows, their line index and the forced layout of
    // their first drawing (85 ms in a profile at load 12) would be replaced two tasks later
    const editorReady = largeEditor !== undefined && host.dataset.largeEditor === 'ready';
    viewer.node.hidden = editorReady;
    if (!editorReady) viewer.show(text);
    void loadLargeEditor().then(async (ed) => {
      if (ed.node.classList.contains('large-text-cm-parked')) await parked;
      await nextTask();
      if (mine !== handover || large === undefined) return;
      // the text as it is now (a suggestion may have been applied meanwhile), split into the view's tree of
      // lines in this task, and shown in the next
      const t0 = performance.now();
      const prepared = ed.prepare(large);
      // an empty view shown now (the first large text of the page), so that the frame before the text arrives
      // lays it out: the text's own frame then measures the lines in view, not the whole view anew; a view
      // still holding the previous text stays hidden until the new one is in
      if (ed.lineCount() === 1 && ed.getText() === '') {
        viewer.node.hidden = true;
        ed.node.hidden = false;
      }
      performance.measure('sysgraph:large-text-prepare', { start: t0 });
      await nextTask();
      if (mine !== handover || large === undefined) return;
      const t1 = performance.now();
      viewer.node.hidden = true;
      ed.node.hidden = false;
      ed.node.classList.remove('large-text-cm-stale');
      ed.show(large === prepared.text ? prepared : large);
      ed.markErrors(errorLines);
      inEditor = true;
      if (caret !== undefined) {
        ed.place(caret);
        ed.focus();
      }
      performance.measure('sysgraph:large-text', { start: t1 });
    });
  }

  function enterLarge(text: string, caret?: number): void {
    clearTimeout(editTimer);
    large = text;
    textarea.value = '';
    gutter.hidden = true;
    wrap.hidden = true;
    largePane.hidden = false;
    host.dataset.mode = 'large';
    showLarge(text, caret);
    describeLarge(text, countLines(text));
  }

  function leaveLarge(): void {
    if (large === undefined) return;
    clearTimeout(editTimer);
    large = undefined;
    inEditor = false;
    handover++;
    largeEditor?.node.classList.remove('large-text-cm-stale');
    largeEditor?.show('');
    gutter.hidden = false;
    wrap.hidden = false;
    largePane.hidden = true;
    delete host.dataset.mode;
  }

  editPlain.addEventListener('click', () => {
    const text = largeText() ?? '';
    leaveLarge();
    textarea.value = text;
    renderGutter();
    textarea.focus();
  });
  clear.addEventListener('click', () => {
    leaveLarge();
    textarea.value = '';
    renderGutter();
    onChange('');
    textarea.focus();
  });

  // a paste that makes the text large goes straight to large-text mode, before the textarea takes it
  textarea.addEventListener('paste', (e) => {
    const pasted = e.clipboardData?.getData('text/plain') ?? '';
    const v = textarea.value;
    if (v.length - (textarea.selectionEnd - textarea.selectionStart) + pasted.length <= LARGE_TEXT_CHARS) return;
    e.preventDefault();
    const text = v.slice(0, textarea.selectionStart) + pasted + v.slice(textarea.selectionEnd);
    enterLarge(text);
    onChange(text);
  });

  const lineHeight = () => parseFloat(getComputedStyle(textarea).lineHeight) || 20;
  const paddingTop = () => parseFloat(getComputedStyle(textarea).paddingTop) || 0;

  function renderGutter(): void {
    const count = textarea.value.split('\n').length;
    if (count !== lineCount || gutter.dataset.errors !== [...errorLines].join(',')) {
      lineCount = count;
      gutter.dataset.errors = [...errorLines].join(',');
      if (count > PLAIN_GUTTER_ABOVE) {
        // a long text (a large network): the numbers as one text node, errors marked behind the text only
        let numbers = '';
        for (let k = 1; k <= count; k++) numbers += `${k}\n`;
        gutter.replaceChildren(el('div', { class: 'plain' }, numbers));
      } else {
        const frag = document.createDocumentFragment();
        for (let k = 1; k <= count; k++) frag.appendChild(el('div', { class: errorLines.has(k) ? 'error' : undefined }, k));
        gutter.replaceChildren(frag);
      }
    }
    const h = lineHeight();
    const top = paddingTop();
    replaceChildren(marks, ...[...errorLines].map((k) => el('div', { class: 'mark', style: `top:${top + (k - 1) * h}px;height:${h}px` })));
    syncScroll();
  }

  function syncScroll(): void {
    gutter.scrollTop = textarea.scrollTop;
    marks.style.transform = `translate(${-textarea.scrollLeft}px, ${-textarea.scrollTop}px)`;
  }

  function selectLine(line: number): void {
    if (large !== undefined) {
      if (inEditor && largeEditor) {
        largeEditor.reveal(line);
        largeEditor.focus();
      } else {
        viewer.reveal(line);
        viewer.node.focus();
      }
      return;
    }
    const lines = textarea.value.split('\n');
    const start = lines.slice(0, line - 1).reduce((s, l) => s + l.length + 1, 0);
    textarea.focus();
    textarea.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
    textarea.scrollTop = Math.max(0, (line - 4) * lineHeight());
    syncScroll();
  }

  textarea.addEventListener('input', () => {
    const text = textarea.value;
    if (text.length > LARGE_TEXT_CHARS) {
      // grown past the limit (typed, or inserted without a paste event): on to the large-text view, the caret
      // where it was when the textarea had the focus
      enterLarge(text, document.activeElement === textarea ? textarea.selectionEnd : undefined);
      onChange(text);
      return;
    }
    renderGutter();
    onChange(text);
  });
  textarea.addEventListener('scroll', syncScroll);
  // after Esc the next Tab moves the focus on (the keyboard is never trapped in the editor)
  let released = false;
  textarea.addEventListener('blur', () => {
    released = false;
  });
  textarea.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      released = true;
      return;
    }
    if (released) {
      if (e.key !== 'Tab' && e.key !== 'Shift') released = false;
      return;
    }
    // Tab indents by two spaces rather than leaving the editor
    if (e.key === 'Tab' && !e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      const s = textarea.selectionStart;
      textarea.setRangeText('  ', s, textarea.selectionEnd, 'end');
      textarea.dispatchEvent(new Event('input'));
    }
  });

  /** "Did you mean …?" with a button that puts the suggestion in place of the misspelt name. */
  function suggestionNode(e: ErrorInfo, line: number | undefined): HTMLElement | null {
    const s = suggestFor(e, largeText() ?? textarea.value);
    if (!s) return null;
    const apply = el('button', { type: 'button', class: 'apply-suggestion', 'data-suggestion': s.right }, 'Use it');
    apply.addEventListener('click', (ev) => {
      ev.stopPropagation();
      const lines = (largeText() ?? textarea.value).split('\n');
      const wrong = JSON.stringify(s.wrong);
      const k = line !== undefined && lines[line - 1]?.includes(wrong) ? line - 1 : lines.findIndex((l) => l.includes(wrong));
      if (k < 0) return;
      lines[k] = lines[k].replace(wrong, JSON.stringify(s.right));
      const fixed = lines.join('\n');
      if (large !== undefined) enterLarge(fixed);
      else {
        textarea.value = fixed;
        renderGutter();
      }
      onChange(fixed);
    });
    return el('div', { class: 'error-suggestion', 'data-suggestion': s.right }, 'Did you mean ', el('code', {}, s.right), '?', apply);
  }

  return {
    textarea,
    getText: () => largeText() ?? textarea.value,
    setText(text: string) {
      if (text.length > LARGE_TEXT_CHARS) {
        enterLarge(text);
        return;
      }
      leaveLarge();
      textarea.value = text;
      textarea.scrollTop = 0;
      renderGutter();
    },
    replaceText(text: string) {
      if (text.length > LARGE_TEXT_CHARS || large !== undefined) {
        // a drawing edit of a large text, or one that makes it large: the large-text view, never the textarea
        enterLarge(text);
        return;
      }
      const top = textarea.scrollTop;
      textarea.value = text;
      textarea.scrollTop = top;
      renderGutter();
    },
    showErrors(errors) {
      if (errors.length === 0 && errorLines.size === 0 && errorList.hidden) return;
      const text = largeText() ?? textarea.value;
      const positions = errors.length > 0 ? jsonPositions(text) : undefined;
      const located = errors.map((e) => ({ e, line: locateError(text, e, positions) }));
      errorLines = new Set(located.map((x) => x.line).filter((l): l is number => l !== undefined));
      if (large !== undefined) {
        viewer.markErrors(errorLines);
        largeEditor?.markErrors(errorLines);
      }
      else renderGutter();
      errorList.hidden = errors.length === 0;
      replaceChildren(
        errorList,
        ...located.map(({ e, line }) => {
          const where = [e.element, e.field].filter(Boolean).join(' › ');
          const item = el(
            'li',
            { class: 'error-item', 'data-code': e.code, 'data-element': e.element, 'data-field': e.field, 'data-line': line, tabindex: line !== undefined ? 0 : undefined },
            el('div', { class: 'error-head' }, el('span', { class: 'error-code' }, e.code), where ? el('span', { class: 'error-where' }, where) : null, line !== undefined ? el('span', { class: 'error-line' }, `line ${line}`) : null, el('span', { class: 'error-stage' }, STAGE_NAMES[e.stage])),
            el('div', { class: 'error-message' }, e.message),
            e.expected ? el('div', { class: 'error-expected' }, 'Expected: ', e.expected) : null,
            e.elements && e.elements.length > 0 ? el('div', { class: 'error-elements' }, 'Involves: ', e.elements.join(', ')) : null,
            suggestionNode(e, line),
          );
          if (line !== undefined) {
            item.addEventListener('click', () => selectLine(line));
            item.addEventListener('keydown', (ev) => ev.key === 'Enter' && selectLine(line));
          }
          return item;
        }),
      );
    },
  };
}
