/**
 * The bundle's stand-in for builtins that a bundled package requires at its top but a run seldom uses
 * (bin/bundle.mjs lazyBuiltins: commander's node:child_process): the builtin is not loaded until a property is
 * read, and then the stand-in behaves as the module (a spawn runs, `in` and the key list see its exports).
 * Checked in a fresh Node process, whose module list is what the stand-in is about.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the bin folder, without declarations
import { lazyBuiltins } from '../bin/bundle.mjs';

describe('lazy builtins in the bundle', { timeout: 60_000 }, () => {
  it('node:child_process is loaded on first use only, and then works as itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sysgraph-lazy-builtins-'));
    const entry = join(dir, 'entry.cjs');
    writeFileSync(
      entry,
      [
        "const cp = require('node:child_process');",
        "const loaded = () => process.moduleLoadList.includes('NativeModule child_process');",
        'const before = loaded();',
        "const out = cp.spawnSync(process.execPath, ['-e', 'process.stdout.write(String(6 * 7))']).stdout.toString();",
        "console.log(JSON.stringify({ before, after: loaded(), out, has: 'spawnSync' in cp, keys: Object.keys(cp).includes('execFile') }));",
      ].join('\n'),
    );
    const bundle = join(dir, 'bundle.cjs');
    await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', outfile: bundle, logLevel: 'error', plugins: [lazyBuiltins(['child_process'])] });
    const r = spawnSync(process.execPath, [bundle], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ before: false, after: true, out: '42', has: true, keys: true });
  });
});
