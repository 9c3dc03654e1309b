/**
 * Shared subexpressions, named once: an entry is sign · core or sign / core, and a compound core (not a bare name
 * or number: 1/Rb3, Ra1 + Rb1, cos(alpha)/n1) that occurs at least twice among the entries, up to its sign or as
 * a reciprocal, becomes w1, w2, … (in the order the entries are printed), skipping the names `isTaken` reports
 * (parameters, states, inputs, outputs, unknowns). Entries then refer to it by name: `-w1`, `1/w2`. The one
 * implementation used by the structured form (structured-table.ts) and MASD's named products (masd-table.ts).
 */
import type { Field } from '@sysgraph/symbolic';
import type { Cell } from './model-table';

export interface SharedSubexpression {
  readonly name: string;
  readonly text: string;
  readonly latex: string;
  readonly value: number;
}

export interface SharedNaming<T> {
  /** The definitions named so far, in the order of first use. */
  readonly shared: readonly SharedSubexpression[];
  /** The entry as printed: its own cell, or the shared name with its sign (and 1/ when it is the reciprocal). */
  cell(t: T): Cell;
}

const SIMPLE = /^-?([A-Za-z_][A-Za-z0-9_]*|[0-9.]+(e[-+]?[0-9]+)?)$/;

/** A bare name or number, or the reciprocal of one (1/K3). */
export const SIMPLE_OR_RECIPROCAL = /^-?(1\/)?([A-Za-z_][A-Za-z0-9_]*|[0-9.]+(e[-+]?[0-9]+)?)$/;

/**
 * `hash` (optional): equal entries computed apart are formatted once (entries with equal hashes are compared
 * with `field.equals` and share one representative). `simple`: the cores never named (default: a bare name or
 * number; SIMPLE_OR_RECIPROCAL also keeps 1/name as written).
 */
export function sharedSubexpressions<T>(
  entries: Iterable<T>,
  field: Pick<Field<T>, 'neg' | 'div' | 'one' | 'equals'>,
  cells: (t: T) => Cell,
  isTaken: (name: string) => boolean,
  hash?: (t: T) => number,
  simple: RegExp = SIMPLE,
): SharedNaming<T> {
  const buckets = new Map<number, T[]>();
  const canonical = (t: T): T => {
    if (!hash) return t;
    const h = hash(t);
    const bucket = buckets.get(h);
    if (!bucket) {
      buckets.set(h, [t]);
      return t;
    }
    for (const u of bucket) if (u === t || field.equals(u, t)) return u;
    bucket.push(t);
    return t;
  };
  const formatted = new Map<T, Cell>();
  const cellOf = (x: T) => {
    const t = canonical(x);
    let c = formatted.get(t);
    if (!c) formatted.set(t, (c = cells(t)));
    return c;
  };
  interface Split { readonly negative: boolean; readonly reciprocal: boolean; readonly core: T; readonly text: string }
  const splits = new Map<T, Split>();
  const splitOf = (u: T): Split => {
    const t = canonical(u);
    let x = splits.get(t);
    if (x) return x;
    const c = cellOf(t);
    const negative = c.text.startsWith('-') && !/[+]|\s-\s/.test(c.text);
    const pos = negative ? field.neg(t) : t;
    const reciprocal = /^1\/\(.+\)$/.test(negative ? c.text.slice(1) : c.text);
    const core = reciprocal ? field.div(field.one, pos) : pos;
    x = { negative, reciprocal, core, text: cellOf(core).text };
    splits.set(t, x);
    return x;
  };
  const counts = new Map<string, number>();
  for (const t of entries) {
    const x = splitOf(t);
    if (simple.test(x.text)) continue;
    counts.set(x.text, (counts.get(x.text) ?? 0) + 1);
  }
  const shared: SharedSubexpression[] = [];
  const byText = new Map<string, SharedSubexpression>();
  let n = 0;
  const nextName = () => {
    let s: string;
    do s = `w${++n}`;
    while (isTaken(s));
    return s;
  };
  return {
    shared,
    cell(t: T): Cell {
      const c = cellOf(t);
      const x = splitOf(t);
      if ((counts.get(x.text) ?? 0) < 2) return c;
      let s = byText.get(x.text);
      if (!s) {
        const def = cellOf(x.core);
        s = { name: nextName(), text: def.text, latex: def.latex, value: def.value };
        byText.set(x.text, s);
        shared.push(s);
      }
      const sign = x.negative ? '-' : '';
      return {
        text: `${sign}${x.reciprocal ? `1/${s.name}` : s.name}`,
        latex: `${sign}${x.reciprocal ? `\\frac{1}{${s.name}}` : s.name}`,
        value: c.value,
      };
    },
  };
}
