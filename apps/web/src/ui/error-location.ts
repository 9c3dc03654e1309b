/**
 * locateError: the line of the description text an error points at — from its JSON path (elements[1].value)
 * through a small position-recording JSON scanner (RFC 8259 grammar), else from the element id, else from
 * the JSON parser's reported position. Lines are 1-based.
 */
import type { ErrorInfo } from '../engine/protocol';

type Segment = string | number;

/** Start offsets of every value (and of every member's key) by path, for valid JSON; undefined otherwise. */
export function jsonPositions(text: string): Map<string, number> | undefined {
  const positions = new Map<string, number>();
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const fail = (): never => {
    throw new SyntaxError('json');
  };
  const str = (): string => {
    if (text[i] !== '"') fail();
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail();
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const key = (path: readonly Segment[]) => path.map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`)).join('');
  const value = (path: Segment[]): void => {
    ws();
    positions.set(key(path), i);
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        const at = i;
        const k = str();
        positions.set(key([...path, k]) + ':key', at);
        ws();
        if (text[i++] !== ':') fail();
        value([...path, k]);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (let n = 0; ; n++) {
        value([...path, n]);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    } else if (c === '"') str();
    else {
      const m = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 64));
      if (!m) fail();
      i += m![0].length;
    }
  };
  try {
    value([]);
    return positions;
  } catch {
    return undefined;
  }
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let k = 0; k < offset && k < text.length; k++) if (text.charCodeAt(k) === 10) line++;
  return line;
}

/** "elements[1].ports[0].to" → ".elements[1].ports[0].to"; drops a leading "/" form (JSON pointer) too. */
function normalisePath(path: string): string {
  if (path.startsWith('/')) {
    return path
      .split('/')
      .slice(1)
      .map((s) => (/^\d+$/.test(s) ? `[${s}]` : `.${s.replace(/~1/g, '/').replace(/~0/g, '~')}`))
      .join('');
  }
  return path.startsWith('.') || path.startsWith('[') ? path : `.${path}`;
}

export function locateError(text: string, e: ErrorInfo, positions = jsonPositions(text)): number | undefined {
  if (positions && e.path) {
    // the exact key (or value), else the longest prefix that exists
    let p = normalisePath(e.path);
    while (p.length > 0) {
      const at = positions.get(`${p}:key`) ?? positions.get(p);
      if (at !== undefined) return lineOf(text, at);
      const cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
      if (cut <= 0) break;
      p = p.slice(0, cut);
    }
  }
  if (e.element) {
    const escaped = e.element.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const m = new RegExp(`"id"\\s*:\\s*"${escaped}"`).exec(text);
    if (m) return lineOf(text, m.index);
  }
  if (e.code === 'invalid-json') {
    const lc = /line (\d+) column (\d+)/.exec(e.message);
    if (lc) return Number(lc[1]);
    const pos = /position (\d+)/.exec(e.message);
    if (pos) return lineOf(text, Number(pos[1]));
  }
  return undefined;
}
