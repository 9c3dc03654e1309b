/**
 * createLargeTextEditor: the editor's large-text mode made editable in place — a CodeMirror 6 view, which keeps
 * the text as a balanced tree of lines and puts in the DOM only the lines in view (plus a margin), so that a
 * 0.7 MB description is typed into without the page laying out all of it (a textarea lays out its whole text on
 * every change: about 1 s for 0.7 MB). Plain text only: no language, no highlighting (a JSON parser over 0.7 MB
 * would be the next long task), line numbers, undo/redo, the default key bindings (Tab is left to the browser,
 * so the keyboard is never trapped). Lines with errors are marked (a line decoration); reveal(line) selects one
 * and scrolls it to the middle. Loaded on the first large text (its own chunk); see editor.ts for the wiring.
 */
import { EditorState, RangeSetBuilder, StateEffect, StateField, Text } from '@codemirror/state';
import type { Extension } from '@codemirror/state';
import { Decoration, EditorView, keymap, lineNumbers } from '@codemirror/view';
import type { DecorationSet } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';

/** A text split into the view's tree of lines ahead of show(), in a task of its own. */
export interface PreparedText {
  readonly text: string;
  readonly doc: Text;
}

export interface LargeTextEditor {
  readonly node: HTMLElement;
  /**
   * The text as the view's tree of lines (its split into lines and the balanced tree over them: the larger part
   * of show()'s own work for 0.7 MB), so that a large text can be handed over in two tasks instead of one.
   */
  prepare(text: string): PreparedText;
  /** Replace the whole text (a paste, a gallery entry, a link, a suggestion applied); not reported as an edit. */
  show(text: string | PreparedText): void;
  getText(): string;
  lineCount(): number;
  markErrors(lines: ReadonlySet<number>): void;
  reveal(line: number): void;
  /** The caret at a character offset, scrolled into view (where typing continues after the textarea). */
  place(offset: number): void;
  focus(): void;
}

const setErrors = StateEffect.define<readonly number[]>();
const errorLine = Decoration.line({ class: 'cm-error-line' });

/** The lines with errors as line decorations, rebuilt when marked, mapped through edits in between. */
const errorField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(decorations, tr) {
    let next = decorations.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setErrors)) continue;
      const builder = new RangeSetBuilder<Decoration>();
      for (const n of [...e.value].sort((a, b) => a - b)) if (n >= 1 && n <= tr.state.doc.lines) {
        const line = tr.state.doc.line(n);
        builder.add(line.from, line.from, errorLine);
      }
      next = builder.finish();
    }
    return next;
  },
  provide: (f) => EditorView.decorations.from(f),
});

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: 'inherit' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: 'var(--editor-line)' },
  '.cm-gutters': { background: '#fafbfc', color: '#667085', borderRight: '1px solid var(--line)' },
  '.cm-error-line': { background: 'var(--danger-soft)' },
});

/**
 * @param label the text field's accessible name
 * @param onEdit called after each edit by the user (typed, pasted, cut, undone) with nothing: getText() reads the
 *   text when it is needed (joining 0.7 MB costs a few ms, not to be paid per keystroke)
 */
export function createLargeTextEditor(label: string, onEdit: () => void): LargeTextEditor {
  let replacing = false;
  /** The text as a string, joined from the view's lines on demand; undefined after an edit. */
  let cached: string | undefined = '';
  const node = document.createElement('div');
  const extensions = (): Extension[] => [
    lineNumbers(),
    history(),
    keymap.of([...defaultKeymap, ...historyKeymap]),
    errorField,
    theme,
    EditorView.contentAttributes.of({ 'aria-label': label, spellcheck: 'false', autocapitalize: 'off', autocorrect: 'off' }),
    EditorView.updateListener.of((u) => {
      if (!u.docChanged) return;
      cached = undefined;
      node.dataset.lines = String(u.state.doc.lines);
      if (!replacing) onEdit();
    }),
  ];
  node.className = 'large-text-cm';
  node.id = 'large-text-editor';
  const view = new EditorView({ parent: node, state: EditorState.create({ doc: '', extensions: extensions() }) });
  return {
    node,
    // the line split EditorState.create makes of a string (any of \r\n, \r, \n ends a line)
    prepare: (text) => ({ text, doc: Text.of(text.split(/\r\n?|\n/)) }),
    show(input) {
      const { text, doc } = typeof input === 'string' ? { text: input, doc: input } : input;
      // the view's first measure cycle of the new text (its layout of the lines in view, in the next frame), as a
      // user-timing measure `sysgraph:large-text-layout`: from a frame callback queued before the view's own to
      // the end of the view's cycle (a request of ours runs in it, after the view's reads and writes)
      let frame = 0;
      requestAnimationFrame(() => void (frame = performance.now()));
      replacing = true;
      // a new state: the history of the previous text is not carried over
      view.setState(EditorState.create({ doc, extensions: extensions() }));
      replacing = false;
      view.requestMeasure({ read: () => undefined, write: () => void (frame > 0 && performance.measure('sysgraph:large-text-layout', { start: frame })) });
      cached = text;
      node.dataset.lines = String(view.state.doc.lines);
      // to the top in the view's own measure cycle (writing scrollTop here would force a layout in this task)
      view.dispatch({ effects: EditorView.scrollIntoView(0) });
    },
    getText() {
      if (cached === undefined) cached = view.state.doc.toString();
      return cached;
    },
    lineCount: () => view.state.doc.lines,
    markErrors(lines) {
      view.dispatch({ effects: setErrors.of([...lines]) });
      node.dataset.errors = [...lines].join(',');
    },
    reveal(line) {
      const n = Math.min(Math.max(1, line), view.state.doc.lines);
      const at = view.state.doc.line(n);
      view.dispatch({ selection: { anchor: at.from, head: at.to }, effects: EditorView.scrollIntoView(at.from, { y: 'center' }) });
    },
    place(offset) {
      const at = Math.min(Math.max(0, offset), view.state.doc.length);
      view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
    },
    focus: () => view.focus(),
  };
}
