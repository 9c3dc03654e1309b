/**
 * The reader registry: compile finds the reader of its input by the format named, else by the path's extension
 * (the longest that matches, so '.eqn.json' is not read as '.json'; a plain '.json' whose text a JSON-based reader
 * recognises goes to that reader),
 * else by sniffing the text (readers asked in registration order), else JSON. An unknown format is 'bad-option'
 * naming `format` and listing the registered ones.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Reader } from './reader';

const registered: Reader[] = [];

/** Adds a reader (a later one with the same name replaces the earlier). */
export function registerReader(reader: Reader): void {
  const k = registered.findIndex((r) => r.name === reader.name);
  if (k >= 0) registered[k] = reader;
  else registered.push(reader);
}

export function readerNames(): readonly string[] {
  return registered.map((r) => r.name);
}

export interface ReaderQuery {
  readonly format?: string;
  readonly path?: string;
  readonly text?: string;
}

export function readerFor(q: ReaderQuery): Reader {
  if (q.format !== undefined) {
    const named = registered.find((r) => r.name === q.format);
    if (named) return named;
    throw new SysgraphError('bad-option', `no reader for the format "${q.format}"`, { field: 'format', expected: `one of ${readerNames().join(', ')}` });
  }
  const lower = q.path?.toLowerCase();
  if (lower !== undefined) {
    // the longest extension that matches: '.eqn.json' before '.json'
    let byExtension: Reader | undefined;
    let longest = 0;
    for (const r of registered) {
      for (const ext of r.extensions) {
        if (lower.endsWith(ext) && ext.length > longest) {
          byExtension = r;
          longest = ext.length;
        }
      }
    }
    // a '.json' file whose text another reader recognises (a bond graph's "bonds", an equation set's keys) is read
    // by that reader: the generic extension says only that the text is JSON
    if (byExtension && byExtension.name === 'json' && q.text !== undefined) {
      const specific = registered.find((r) => r.name !== 'json' && r.extensions.some((e) => e.endsWith('.json')) && r.sniff(q.text!));
      if (specific) return specific;
    }
    if (byExtension) return byExtension;
  }
  if (q.text !== undefined) {
    const sniffed = registered.find((r) => r.sniff(q.text!));
    if (sniffed) return sniffed;
  }
  const json = registered.find((r) => r.name === 'json');
  if (!json) throw new SysgraphError('unsupported', 'no reader is registered', { field: 'format', expected: 'a registered reader' });
  return json;
}
