/**
 * The streaming writers against independent oracles: writeJson against the native JSON.stringify (random values,
 * every indentation), writeTraceCsv against @sysgraph/simulate's traceToCsv and against the columns read back,
 * the sinks' compact-or-indented rule, and typed errors for paths that cannot be written.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isSysgraphError } from '@sysgraph/core';
import { traceToCsv } from '@sysgraph/simulate';
import type { Trace } from '@sysgraph/simulate';
import { writeJson } from '../src/output/json-writer';
import { writeTraceCsv } from '../src/output/csv-writer';
import { CHUNK, jsonIndent, openSink } from '../src/output/output-sink';
import { reportError } from '../src/report-error';

const collect = () => {
  const parts: string[] = [];
  return { write: (s: string) => void parts.push(s), text: () => parts.join(''), count: () => parts.length };
};

describe('writeJson', () => {
  it('writes what JSON.stringify writes, for random values and indentations', () => {
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(fc.double(), fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.constant(Number.NaN), fc.constant(-Infinity)),
      node: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('node'), { maxLength: 6 }), fc.dictionary(fc.string({ maxLength: 5 }), tie('node'), { maxKeys: 5 })),
    })).node;
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 4 }), (v, indent) => {
        const out = collect();
        const wrote = writeJson(v, out, indent);
        const native = JSON.stringify(v, null, indent);
        if (native === undefined) expect(wrote).toBe(false);
        else expect(out.text()).toBe(native);
      }),
      { numRuns: 400 },
    );
  });

  it('calls toJSON, leaves out functions and symbols, writes long arrays in slices', () => {
    const long = Array.from({ length: 20_000 }, (_, k) => (k % 7 === 0 ? { id: `b${k}`, from: k, to: null } : [k, -k, k / 3]));
    const value = {
      date: new Date(0),
      error: { toJSON: (key: string) => ({ key, code: 'x' }) },
      f: () => 1,
      s: Symbol('s'),
      list: [() => 1, undefined, Symbol('t'), 1],
      long,
      numbers: Float64Array.from({ length: 10 }, (_, k) => k / 7),
      column: Array.from({ length: 10_000 }, (_, k) => Math.sin(k)),
    };
    for (const indent of [0, 2]) {
      const out = collect();
      writeJson(value, out, indent);
      expect(out.text()).toBe(JSON.stringify(value, null, indent));
      // never one giant piece: the long arrays went out in several
      expect(out.count()).toBeGreaterThan(5);
    }
  });
});

describe('writeJson: rows made a slice at a time', () => {
  it('writes what JSON.stringify writes of toJSON(), asking for the rows in slices when compact', () => {
    const record = (k: number) => ({ id: `b${k}`, from: k, to: k % 5 === 0 ? undefined : `n${k}`, x: k / 3 });
    for (const length of [0, 1, 4095, 4096, 4097, 10_000]) {
      const asked: [number, number][] = [];
      const rows = (from: number, to: number) => {
        asked.push([from, to]);
        return Array.from({ length: to - from }, (_, j) => record(from + j));
      };
      const source = { length, rows, toJSON: () => rows(0, length) };
      const value = { before: [1, 2], source, nested: { source, after: 'x' } };
      for (const indent of [0, 2]) {
        asked.length = 0;
        const out = collect();
        writeJson(value, out, indent);
        const slices = [...asked];
        expect(out.text()).toBe(JSON.stringify(value, null, indent));
        // compact: slices of at most 4096 rows, never the whole list at once (above 4096)
        if (indent === 0) expect(slices.every(([from, to]) => to - from <= 4096 && from < to)).toBe(true);
      }
    }
  });
});

describe('writeJson: long arrays with members that are not flat', () => {
  it('a nested member past the first slice is walked, the text unchanged', () => {
    // 10 000 flat triplets, then members that hold containers (a large one, a function, a toJSON) after the
    // first slice of 4096: the slices around them still go to the native JSON.stringify
    const long: unknown[] = Array.from({ length: 10_000 }, (_, k) => [k, k % 3, -1]);
    long[5000] = { big: Array.from({ length: 3000 }, (_, k) => ({ k })), f: () => 0 };
    long[5001] = () => 1;
    long[9999] = { toJSON: (key: string) => `at ${key}` };
    long[100] = { id: 'b100', nested: [1, 2] };
    const shifted: unknown[] = [{ first: [1] }, ...long];
    for (const v of [long, shifted, { long }]) {
      for (const indent of [0, 2]) {
        const out = collect();
        writeJson(v, out, indent);
        expect(out.text()).toBe(JSON.stringify(v, null, indent));
      }
    }
  });
});

describe('writeTraceCsv', () => {
  const trace: Trace = {
    names: ['t', 'x, "quoted"', 'y', 'y'],
    units: ['s', '', 'V', 'V'],
    columns: [
      Float64Array.from([0, 0.1, 0.2, 1 / 3]),
      Float64Array.from([1e-300, -2.5, Math.PI, 7]),
      Float64Array.from([1, 2, 3, 4]),
      Float64Array.from([1, 2, 3, 4]),
    ],
  };

  it('writes the text of traceToCsv, and the columns read back exactly', () => {
    const out = collect();
    writeTraceCsv(trace, out);
    expect(out.text()).toBe(traceToCsv(trace));
    const lines = out.text().trim().split('\n');
    expect(lines).toHaveLength(5);
    const rows = lines.slice(1).map((l) => l.split(',').map(Number));
    // the duplicate y is written once (distinctColumns): t, x, y
    expect(rows[0]).toHaveLength(3);
    rows.forEach((r, k) => {
      expect(r[0]).toBe(trace.columns[0][k]);
      expect(r[1]).toBe(trace.columns[1][k]);
      expect(r[2]).toBe(trace.columns[2][k]);
    });
  });
});

describe('output sinks', () => {
  it('indents JSON on a terminal, not to a pipe or a file, unless asked', () => {
    expect(jsonIndent({ isTTY: true }, undefined)).toBe(2);
    expect(jsonIndent({ isTTY: false }, undefined)).toBe(0);
    expect(jsonIndent({ isTTY: false }, 4)).toBe(4);
    expect(jsonIndent({ isTTY: true }, 0)).toBe(0);
  });

  it('writes a file in pieces, complete after close', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sysgraph-sink-'));
    try {
      const file = join(dir, 'out.json');
      const sink = openSink(file);
      const value = { rows: Array.from({ length: 3 * CHUNK }, (_, k) => [k, `é${k}`]) };
      writeJson(value, sink, 0);
      sink.close();
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(value);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a directory or a missing folder with a typed error naming the path and the option', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sysgraph-sink-'));
    try {
      for (const [path, option] of [[dir, '--output'], [join(dir, 'missing', 'x.csv'), '--plot']] as const) {
        let thrown: unknown;
        try {
          openSink(path, option);
        } catch (e) {
          thrown = e;
        }
        expect(isSysgraphError(thrown)).toBe(true);
        expect(thrown).toMatchObject({ code: 'bad-file', field: option, path });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('reportError', () => {
  it('prints a file-system error that escaped every reader as bad-file with its path, no stack trace', () => {
    const lines: string[] = [];
    const e = Object.assign(new Error('EISDIR: illegal operation on a directory, read'), { code: 'EISDIR', path: '/some/folder', syscall: 'read' });
    expect(reportError(e, (s) => void lines.push(s))).toBe(1);
    expect(lines.join('')).toMatch(/^error \[bad-file\] \/some\/folder: read failed \(EISDIR\)/);
    expect(lines.join('')).not.toMatch(/\n\s+at /);
    // anything else is still an internal error (exit 70)
    expect(reportError(new Error('boom'), () => undefined)).toBe(70);
  });
});
