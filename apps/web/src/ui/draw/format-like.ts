/**
 * formatLike: a description document written back as JSON text in the style of the text it came from, so that
 * an edit in the drawing changes only what it must. Kept: key order (the document's own insertion order; new
 * keys go last), the indentation unit (spaces or a tab, as the first indented line), and the compact style of
 * the shipped examples, where an object or array below the root stays on one line
 * (`{ "id": "R", "kind": "resistor", "from": "a", "to": "b", "value": 2 }`) whenever the line fits in
 * LINE_WIDTH characters (the width the examples are written to). A text without such one-line
 * objects is written fully expanded (JSON.stringify's style). Comments and unusual spacing are not kept (JSON
 * has no comments; the text is rewritten from the document). Cost O(size).
 */

export interface TextStyle {
  readonly indent: string;
  /** Objects and arrays of scalars on one line. */
  readonly compact: boolean;
  readonly finalNewline: boolean;
}

const DEFAULT_STYLE: TextStyle = { indent: '  ', compact: true, finalNewline: true };

/** The style of a text: its first indentation, whether it writes scalar-only objects on one line. */
export function styleOf(text: string): TextStyle {
  if (text.trim() === '') return DEFAULT_STYLE;
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  const compact = /\{ *"[^"\n]*" *: *[^{}\[\]\n]*\}/.test(text) || /\[ *("[^"\n]*"|-?\d[^,\]\n]*)( *, *("[^"\n]*"|-?\d[^,\]\n]*))* *\]/.test(text);
  return { indent: indent.startsWith('\t') ? '\t' : indent, compact, finalNewline: text.endsWith('\n') };
}

const isScalar = (v: unknown): boolean => v === null || typeof v !== 'object';

/** The one-line form: `{ "a": 1, "b": [1, 2] }`. */
function inline(v: unknown): string {
  if (isScalar(v)) return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return v.length === 0 ? '[]' : `[${v.map(inline).join(', ')}]`;
  const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
  return entries.length === 0 ? '{}' : `{ ${entries.map(([k, x]) => `${JSON.stringify(k)}: ${inline(x)}`).join(', ')} }`;
}

/** Objects and arrays below the root stay on one line when that line fits in LINE_WIDTH characters. */
export const LINE_WIDTH = 120;

function write(v: unknown, style: TextStyle, depth: number, lineStart: number): string {
  if (isScalar(v)) return JSON.stringify(v) ?? 'null';
  const pad = style.indent.repeat(depth + 1);
  const close = style.indent.repeat(depth);
  if (style.compact && depth > 0) {
    const one = inline(v);
    // a trailing comma may follow
    if (lineStart + one.length + 1 <= LINE_WIDTH) return one;
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    if (style.compact && v.every(isScalar)) return inline(v);
    return `[\n${v.map((x) => pad + write(x, style, depth + 1, pad.length)).join(',\n')}\n${close}]`;
  }
  const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, x]) => `${pad}${JSON.stringify(k)}: ${write(x, style, depth + 1, pad.length + JSON.stringify(k).length + 2)}`).join(',\n')}\n${close}}`;
}

/** The document as text in the style of `previous` (the editor's text before the edit). */
export function formatLike(doc: unknown, previous: string): string {
  const style = styleOf(previous);
  return write(doc, style, 0, 0) + (style.finalNewline ? '\n' : '');
}
