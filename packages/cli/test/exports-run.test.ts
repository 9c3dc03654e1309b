/**
 * Every MATLAB and Python export of every linear example is executed — Python with numpy, MATLAB files under
 * GNU Octave — and the matrices it builds are compared with the numeric JSON output of the same model.
 * Numeric and symbolic exports (parameters in the struct p / dict p), general formulation and MASD's closed
 * form where it applies, the structured form (its code multiplies out A, B, C, D) of every example it applies to
 * and of the R–R–C ladders. A missing program skips its half with a message.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import type { SystemDescription } from '@sysgraph/description';
import { statespaceReport } from '../src/commands/statespace';
import { rrcLadder } from '@sysgraph/description/generators';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const KEYS = ['A', 'B', 'C', 'D', 'E', 'Bd'] as const;

interface Case {
  readonly id: string;
  readonly desc: SystemDescription;
  readonly symbolic: boolean;
  readonly formulation: 'general' | 'masd';
  /** The structured form (its exports build A, B, C, D by the products of the form). */
  readonly structured?: boolean;
  /** The numeric JSON of the same model: the reference. */
  readonly reference: Record<string, number[][]>;
}

function examples(): { file: string; desc: SystemDescription }[] {
  const out: { file: string; desc: SystemDescription }[] = [];
  const dirs = ['examples', 'examples/cases'];
  for (const dir of dirs) {
    for (const f of readdirSync(join(root, dir)).filter((x) => x.endsWith('.json') && x !== 'index.json' && x !== 'formulation-cases.json')) {
      try {
        out.push({ file: `${dir}/${f}`, desc: parseSystem(readFileSync(join(root, dir, f), 'utf8')) });
      } catch (e) {
        if (!isSysgraphError(e)) throw e;
      }
    }
  }
  return out;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const { file, desc } of examples()) {
    for (const formulation of ['general', 'masd'] as const) {
      let reference: Record<string, number[][]>;
      try {
        reference = JSON.parse(statespaceReport(desc, 'json', { formulation }));
      } catch (e) {
        if (isSysgraphError(e)) continue; // not a linear model, or MASD does not apply
        throw e;
      }
      for (const symbolic of [false, true]) out.push({ id: `${file} ${formulation}${symbolic ? ' symbolic' : ''}`, desc, symbolic, formulation, reference });
      if (formulation === 'general') {
        try {
          statespaceReport(desc, 'json', { symbolic: true, symbolicForm: 'structured' });
          out.push({ id: `${file} structured`, desc, symbolic: true, formulation, structured: true, reference });
        } catch (e) {
          if (!isSysgraphError(e) || e.code !== 'unsupported') throw e; // dependent storage: no structured form
        }
      }
    }
  }
  for (const N of [6, 15]) {
    const desc = parseSystem(rrcLadder(N));
    out.push({ id: `rrc-ladder-${N} structured`, desc, symbolic: true, formulation: 'general', structured: true, reference: JSON.parse(statespaceReport(desc, 'json', {})) });
  }
  return out;
}

const has = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' }).status === 0;

/** "name rows cols v11 v12 …" lines (row-major) → matrices by case index. */
function readDump(stdout: string): Map<string, number[][]> {
  const out = new Map<string, number[][]>();
  for (const line of stdout.split('\n')) {
    const m = /^@@ (\S+) (\S+) (\d+) (\d+) ?(.*)$/.exec(line.trim());
    if (!m) continue;
    const [, k, name, r, c, rest] = m;
    const v = rest.trim() === '' ? [] : rest.trim().split(/\s+/).map(Number);
    const rows = Number(r);
    const cols = Number(c);
    out.set(`${k} ${name}`, Array.from({ length: rows }, (_, i) => v.slice(i * cols, (i + 1) * cols)));
  }
  return out;
}

const keysOf = (c: Case) => (c.structured ? (['A', 'B', 'C', 'D'] as const) : KEYS);
const options = (c: Case) => ({ symbolic: c.symbolic, formulation: c.formulation, ...(c.structured ? { symbolicForm: 'structured' as const } : {}) });

function compare(all: Case[], dump: Map<string, number[][]>): string[] {
  const bad: string[] = [];
  all.forEach((c, k) => {
    for (const name of keysOf(c)) {
      const want = c.reference[name];
      const got = dump.get(`${k} ${name}`);
      const rows = want.length;
      const cols = want[0]?.length ?? 0;
      if (!got || (rows * cols > 0 && (got.length !== rows || got[0].length !== cols))) {
        bad.push(`${c.id} ${name}: shape ${got ? `${got.length}×${got[0]?.length ?? 0}` : 'missing'} ≠ ${rows}×${cols}`);
        continue;
      }
      for (let i = 0; i < rows; i++) {
        for (let j = 0; j < cols; j++) {
          const w = want[i][j];
          const g = got[i][j];
          if (!(Math.abs(g - w) <= 1e-9 * Math.max(1, Math.abs(w)))) bad.push(`${c.id} ${name}[${i}][${j}] = ${g}, JSON ${w}`);
        }
      }
    }
  });
  return bad;
}

describe('exports that run', () => {
  const all = cases();
  const dir = mkdtempSync(join(tmpdir(), 'sysgraph-exports-'));

  it('covers every linear example, numeric and symbolic', () => {
    expect(all.length).toBeGreaterThan(40);
    expect(all.some((c) => c.id.startsWith('examples/masd-4-1.json') && c.symbolic)).toBe(true);
    expect(all.filter((c) => c.structured).length).toBeGreaterThan(5);
  });

  it('python3 with numpy builds the JSON numbers from every Python export', (ctx) => {
    if (!has('python3', ['-c', 'import numpy'])) {
      console.warn('python3 with numpy is missing: the Python exports are not executed');
      ctx.skip();
    }
    const driver = ['import runpy, numpy as np'];
    all.forEach((c, k) => {
      const file = join(dir, `case${k}.py`);
      writeFileSync(file, statespaceReport(c.desc, 'python', options(c)));
      driver.push(`g = runpy.run_path(${JSON.stringify(file)})`);
      for (const name of keysOf(c)) {
        driver.push(`M = np.atleast_2d(np.asarray(g[${JSON.stringify(name)}], dtype=float)); print('@@ ${k} ${name}', M.shape[0], M.shape[1], ' '.join(repr(float(x)) for x in M.flatten()))`);
      }
    });
    writeFileSync(join(dir, 'driver.py'), driver.join('\n'));
    const r = spawnSync('python3', [join(dir, 'driver.py')], { encoding: 'utf8', maxBuffer: 1 << 26 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(compare(all, readDump(r.stdout))).toEqual([]);
  }, 120_000);

  it('GNU Octave builds the JSON numbers from every MATLAB export', (ctx) => {
    if (!has('octave', ['--no-gui', '--quiet', '--eval', '1;'])) {
      console.warn('octave is missing: the MATLAB exports are not executed');
      ctx.skip();
    }
    const driver: string[] = [];
    all.forEach((c, k) => {
      const file = join(dir, `case${k}.m`);
      writeFileSync(file, statespaceReport(c.desc, 'matlab', options(c)));
      driver.push('clear -x;', `source('${file}');`);
      for (const name of keysOf(c)) driver.push(`M = double(${name}); fprintf('@@ ${k} ${name} %d %d %s\\n', rows(M), columns(M), sprintf('%.17g ', M.'));`);
    });
    writeFileSync(join(dir, 'driver.m'), driver.join('\n'));
    const r = spawnSync('octave', ['--no-gui', '--quiet', '--no-window-system', join(dir, 'driver.m')], { encoding: 'utf8', maxBuffer: 1 << 26 });
    expect(r.stderr.replace(/octave: (X11 DISPLAY environment variable not set|disabling GUI features)\n/g, '')).toBe('');
    expect(r.status).toBe(0);
    expect(compare(all, readDump(r.stdout))).toEqual([]);
  }, 120_000);
});
