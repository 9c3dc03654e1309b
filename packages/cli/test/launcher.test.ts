/**
 * The sysgraph command as installed (bin/sysgraph.mjs): it runs the esbuild bundle of the sources, built when a
 * source is newer, and gives what the sources run through tsx give.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain ES module of the bin folder, without declarations
import { bundleIsFresh, buildBundle } from '../bin/bundle.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = (entry: string[], args: string[]) => spawnSync(process.execPath, [...entry, ...args], { cwd: root, encoding: 'utf8' });
const launcher = (args: string[]) => run([join(root, 'packages/cli/bin/sysgraph.mjs')], args);
const sources = (args: string[]) => run(['--import', 'tsx', join(root, 'packages/cli/src/main.ts')], args);

describe('bin/sysgraph.mjs', { timeout: 120_000 }, () => {
  it('is stale after a source changes and fresh after a build', async () => {
    await buildBundle();
    expect(bundleIsFresh()).toBe(true);
    const source = join(root, 'packages/simulate/src/index.ts');
    const later = new Date(Date.now() + 5000);
    utimesSync(source, later, later);
    try {
      expect(bundleIsFresh()).toBe(false);
    } finally {
      const now = new Date();
      utimesSync(source, now, now);
    }
  });

  it('gives the same trace, listing and typed errors as the sources', () => {
    const args = ['simulate', 'rlc-series', '--t-end', '1', '--samples', '4', '--format', 'json', '--input', 'Vs=step(1)'];
    const a = launcher(args);
    const b = sources(args);
    expect(a.status, a.stderr).toBe(0);
    expect(b.status, b.stderr).toBe(0);
    expect(JSON.parse(a.stdout)).toEqual(JSON.parse(b.stdout));
    expect(launcher(['examples']).stdout).toBe(sources(['examples']).stdout);
    const bad = launcher(['simulate', 'rlc-series', '--solver', 'nope']);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/bad-option/);
  });
});
