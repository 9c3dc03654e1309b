/**
 * writeJson: JSON.stringify(value, null, indent), written piece by piece to a sink instead of built as one string.
 * A 10^5-branch structure is ≈ 10^5 branch objects and 10^5 triplets of F: one string of all of it (150 MB
 * indented before) costs its size twice over (the string, then its UTF-8 copy on write). Here the containers are
 * walked, and every "flat" value — an object or array whose members are all primitives, a branch or a triplet — is
 * handed to the native JSON.stringify whole (fast), its line breaks shifted to the depth it sits at (a JSON string
 * never holds a raw line break, so every '\n' in the native text is the layout's).
 *
 * Same text as JSON.stringify(value, null, indent) for every value JSON.stringify accepts: toJSON(key) is called
 * first, members that are undefined, functions or symbols are left out of objects and written null in arrays,
 * non-finite numbers are null, empty containers are [] and {} (tested against JSON.stringify itself).
 *
 * Rows written as they are made: a value with `length`, `rows(from, to)` and `toJSON()` returning rows(0, length)
 * (graph's JsonRows: the branches and F's triplets of a structure) is, in compact JSON, written slice by slice from
 * rows() — the same text as JSON.stringify of toJSON(), since the native JSON.stringify writes each slice — so its
 * records never all live at once; indented, it is its toJSON() array, walked as any other.
 */
import type { OutputSink } from './output-sink';

/** Members of a container above which it is walked even when flat (its text would be large). */
const FLAT_MEMBERS = 512;

/** Members per slice of a long compact array of primitives. */
const SLICE = 4096;

type Sink = Pick<OutputSink, 'write'>;

/** A JSON array made a slice at a time: toJSON() is rows(0, length) (see the header). */
interface RowSource {
  readonly length: number;
  rows(from: number, to: number): readonly unknown[];
  toJSON(): unknown;
}

function isRowSource(v: object): v is RowSource {
  const r = v as Partial<RowSource>;
  return typeof r.rows === 'function' && typeof r.toJSON === 'function' && typeof r.length === 'number';
}

/**
 * Whether the native JSON.stringify may write `v` whole: a small container of primitives, or a primitive. Only the
 * size of the pieces depends on this answer, never the text (both paths write what JSON.stringify writes), so the
 * test of an object is the cheap one: its enumerable keys (own or inherited: an inherited one only makes the
 * answer "walk it") and no member that is an object or a function.
 */
function isFlat(v: object): boolean {
  if (Array.isArray(v)) {
    if (v.length > FLAT_MEMBERS) return false;
    for (let k = 0; k < v.length; k++) {
      const x: unknown = v[k];
      if (x !== null && (typeof x === 'object' || typeof x === 'function')) return false;
    }
    return true;
  }
  let n = 0;
  for (const key in v) {
    const x = (v as Record<string, unknown>)[key];
    if (++n > FLAT_MEMBERS || (x !== null && (typeof x === 'object' || typeof x === 'function'))) return false;
  }
  return true;
}

/** Whether every member of v[from, to) may go to the native JSON.stringify in one slice. */
function sliceIsFlat(v: readonly unknown[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const x = v[k];
    if (x !== null && (typeof x === 'function' || (typeof x === 'object' && !isFlat(x)))) return false;
  }
  return true;
}

/** The compact JSON text of the rows of `source`, SLICE rows at a time: what JSON.stringify(source.toJSON()) writes. */
function writeRows(source: RowSource, sink: Sink): void {
  sink.write('[');
  for (let k = 0; k < source.length; k += SLICE) {
    const text = JSON.stringify(source.rows(k, Math.min(source.length, k + SLICE)));
    sink.write(k === 0 ? text.slice(1, -1) : `,${text.slice(1, -1)}`);
  }
  sink.write(']');
}

/** Writes the JSON text of `value` (JSON.stringify(value, null, indent)) to `sink`; false when it has none (undefined). */
export function writeJson(value: unknown, sink: Sink, indent = 0): boolean {
  const gap = ' '.repeat(Math.max(0, Math.min(10, Math.floor(indent))));
  const colon = gap ? ': ' : ':';

  /** The value as JSON.stringify sees it after toJSON; undefined when it is left out. */
  const prepare = (holderKey: string, v: unknown): unknown => {
    if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function' && (gap || !isRowSource(v))) {
      return (v as { toJSON(key: string): unknown }).toJSON(holderKey);
    }
    return v;
  };

  const write = (v: unknown, depth: number): void => {
    if (!gap && v !== null && typeof v === 'object' && isRowSource(v)) {
      writeRows(v, sink);
      return;
    }
    if (v === null || typeof v !== 'object' || v instanceof Number || v instanceof String || v instanceof Boolean || isFlat(v)) {
      const text = JSON.stringify(v, null, gap);
      sink.write(gap && depth > 0 ? text.replace(/\n/g, `\n${gap.repeat(depth)}`) : text);
      return;
    }
    const inner = gap ? `\n${gap.repeat(depth + 1)}` : '';
    const close = gap ? `\n${gap.repeat(depth)}` : '';
    if (Array.isArray(v)) {
      if (v.length === 0) {
        sink.write('[]');
        return;
      }
      if (!gap && sliceIsFlat(v, 0, Math.min(v.length, SLICE))) {
        // a compact array of numbers (a trace's column) or of flat objects (branches, triplets of F): the native
        // text of slices of SLICE members, brackets stripped; a slice with a member that is not flat is walked
        sink.write('[');
        for (let k = 0; k < v.length; k += SLICE) {
          const end = Math.min(v.length, k + SLICE);
          if (k === 0 || sliceIsFlat(v, k, end)) {
            const text = JSON.stringify(v.slice(k, end));
            sink.write(k === 0 ? text.slice(1, -1) : `,${text.slice(1, -1)}`);
            continue;
          }
          for (let j = k; j < end; j++) {
            sink.write(',');
            const item = prepare(String(j), v[j]);
            if (item === undefined || typeof item === 'function' || typeof item === 'symbol') sink.write('null');
            else write(item, depth + 1);
          }
        }
        sink.write(']');
        return;
      }
      sink.write('[');
      for (let k = 0; k < v.length; k++) {
        sink.write(k === 0 ? inner : `,${inner}`);
        const item = prepare(String(k), v[k]);
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') sink.write('null');
        else write(item, depth + 1);
      }
      sink.write(`${close}]`);
      return;
    }
    let first = true;
    for (const key of Object.keys(v)) {
      const member = prepare(key, (v as Record<string, unknown>)[key]);
      if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
      sink.write(`${first ? '{' : ','}${inner}${JSON.stringify(key)}${colon}`);
      first = false;
      write(member, depth + 1);
    }
    sink.write(first ? '{}' : `${close}}`);
  };

  const top = prepare('', value);
  if (top === undefined || typeof top === 'function' || typeof top === 'symbol') return false;
  write(top, 0);
  return true;
}
