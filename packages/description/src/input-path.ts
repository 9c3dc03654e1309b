/**
 * Readable locations in the input: a JSON pointer ("/elements/3/from", RFC 6901) becomes "elements[3].from",
 * and the innermost object with a string `id` on the way names the element at fault.
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** RFC 6901 tokens of a pointer ("" is the whole document). */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** ["elements", "3", "from"] → "elements[3].from"; keys that are not identifiers are quoted. */
export function readablePath(tokens: readonly (string | number)[]): string {
  let out = '';
  for (const t of tokens) {
    const s = String(t);
    if (/^(0|[1-9][0-9]*)$/.test(s)) out += `[${s}]`;
    else if (IDENTIFIER.test(s)) out += out === '' ? s : `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

export interface Location {
  /** The id of the innermost object on the path that has one (or the parameter name under `parameters`). */
  readonly element?: string;
  /** The path below that object ("from", "ports[1].to"), or the whole readable path when there is none. */
  readonly field: string;
  /** The whole readable path ("elements[3].from"). */
  readonly path: string;
}

function child(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** Locates a pointer in the input document. */
export function locate(root: unknown, tokens: readonly string[]): Location {
  let element: string | undefined;
  let depth = -1;
  let node: unknown = root;
  for (let k = 0; k < tokens.length; k++) {
    node = child(node, tokens[k]);
    if (k === 1 && tokens[0] === 'parameters') {
      element = tokens[1];
      depth = k;
    }
    const id = child(node, 'id');
    if (typeof id === 'string' && id !== '') {
      element = id;
      depth = k;
    }
  }
  const path = readablePath(tokens);
  if (element === undefined) {
    // An entry of a list without a usable id: an output is named by the element (or node) it reads, any other
    // entry by its position ("elements[3]"); the field is then the whole path, as for outputs.
    const entry = tokens.length >= 2 && /^(0|[1-9][0-9]*)$/.test(tokens[1]) ? child(child(root, tokens[0]), tokens[1]) : undefined;
    if (entry === undefined) return { field: path, path };
    const reads = tokens[0] === 'outputs' ? (child(entry, 'element') ?? child(entry, 'node')) : undefined;
    const name = typeof reads === 'string' && reads !== '' ? reads : readablePath(tokens.slice(0, 2));
    return { element: name.slice(0, 80), field: path, path };
  }
  const rest = readablePath(tokens.slice(depth + 1));
  return { element, field: rest === '' ? path : rest, path };
}
