/**
 * The sysgraph command as installed (bin/sysgraph.mjs, and bin/sysgraph.cjs, the package's bin): it runs the esbuild
 * bundle of the sources, built when a source is newer, and gives what the sources run through tsx give.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain ES module of the bin folder, without declarations
import { bundleIsFresh, buildBundle, BUNDLE, INPUTS } from '../bin/bundle.mjs';
// @ts-expect-error: a plain ES module of the bin folder, without declarations
import { cacheFileOf } from '../bin/run-bundle.mjs';

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

  it('lists the files it was built from and checks those: a package.json, a missing list, a vanished file', async () => {
    await buildBundle();
    const list = fileURLToPath(INPUTS);
    const inputs = JSON.parse(readFileSync(list, 'utf8')) as string[];
    expect(inputs).toContain(join(root, 'packages/simulate/src/index.ts'));
    expect(inputs).toContain(join(root, 'packages/cli/src/main.ts'));
    expect(inputs).toContain(join(root, 'packages/core/package.json'));
    expect(inputs.some((f) => f.includes('node_modules'))).toBe(false);
    expect(bundleIsFresh()).toBe(true);
    const manifest = join(root, 'packages/linalg/package.json');
    const later = new Date(Date.now() + 5000);
    utimesSync(manifest, later, later);
    try {
      expect(bundleIsFresh()).toBe(false);
      // without the list, the walk of the source folders sees the same change
      const saved = readFileSync(list);
      rmSync(list);
      try {
        expect(bundleIsFresh()).toBe(false);
      } finally {
        writeFileSync(list, saved);
      }
    } finally {
      const now = new Date();
      utimesSync(manifest, now, now);
    }
    // a listed file that no longer exists makes the bundle stale (its importer changed with it)
    writeFileSync(list, JSON.stringify([...inputs, join(root, 'packages/core/src/no-such-file.ts')]));
    try {
      expect(bundleIsFresh()).toBe(false);
    } finally {
      writeFileSync(list, JSON.stringify(inputs));
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

  it('writes a V8 code cache per command, and a corrupt, stale or missing one never makes a run fail', async () => {
    if (!bundleIsFresh()) await buildBundle();
    const cache = cacheFileOf(fileURLToPath(BUNDLE), 'simulate') as string;
    const versionCache = cacheFileOf(fileURLToPath(BUNDLE), 'default') as string;
    const args = ['simulate', 'rlc-series', '--t-end', '1', '--samples', '3', '--format', 'csv', '--input', 'Vs=step(1)'];
    rmSync(cache, { force: true });
    rmSync(versionCache, { force: true });
    // a first run of --version writes its own cache, not the one simulate reads
    expect(launcher(['--version']).status).toBe(0);
    expect(existsSync(versionCache)).toBe(true);
    expect(existsSync(cache)).toBe(false);
    const first = launcher(args);
    expect(first.status, first.stderr).toBe(0);
    expect(existsSync(cache)).toBe(true);
    const written = readFileSync(cache);
    expect(written.length).toBeGreaterThan(1000);
    // simulate's cache holds the functions simulate compiled: more than a run that only printed the version
    expect(written.length).toBeGreaterThan(readFileSync(versionCache).length);
    // garbage in the cache, newer than the bundle: V8 rejects it, the run compiles from source and rewrites it
    writeFileSync(cache, Buffer.from('not a code cache'));
    const second = launcher(args);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(readFileSync(cache).length).toBeGreaterThan(1000);
    // a cache older than the bundle is not used (and is rewritten)
    const old = new Date(statSync(fileURLToPath(BUNDLE)).mtimeMs - 60_000);
    utimesSync(cache, old, old);
    const third = launcher(args);
    expect(third.status, third.stderr).toBe(0);
    expect(third.stdout).toBe(first.stdout);
    expect(statSync(cache).mtimeMs).toBeGreaterThan(old.getTime());
    // turned off
    const off = spawnSync(process.execPath, [join(root, 'packages/cli/bin/sysgraph.mjs'), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, SYSGRAPH_CODE_CACHE: '0' } });
    expect(off.status, off.stderr).toBe(0);
    expect(off.stdout).toBe(first.stdout);
  });

  it("rewrites a command's cache once for each code path it does not hold, and keeps every path it held", async () => {
    if (!bundleIsFresh()) await buildBundle();
    const cache = cacheFileOf(fileURLToPath(BUNDLE), 'simulate') as string;
    const paths = () => readFileSync(cache).toString('latin1', 0, 4096).split('\n')[0].split('\t').slice(1);
    const linear = ['simulate', 'rlc-series', '--t-end', '1', '--samples', '3', '--format', 'csv', '--input', 'Vs=step(1)'];
    const laws = ['simulate', 'examples/nonlinear/diode-rc.json', '--samples', '3', '--format', 'csv'];
    rmSync(cache, { force: true });
    const first = launcher(linear);
    expect(first.status, first.stderr).toBe(0);
    expect(paths()).toHaveLength(1);
    expect(paths()[0]).toMatch(/^simulate linear /);
    // a run down another path adds it to the cache, with what the cache held
    const written = readFileSync(cache).length;
    const other = launcher(laws);
    expect(other.status, other.stderr).toBe(0);
    expect(paths()).toHaveLength(2);
    expect(paths()[1]).toMatch(/^simulate laws /);
    expect(readFileSync(cache).length).toBeGreaterThan(written);
    // a path the cache holds leaves it as it is, and the outputs are those of a run from source
    const before = statSync(cache).mtimeMs;
    const again = launcher(linear);
    const againLaws = launcher(laws);
    expect(again.stdout).toBe(first.stdout);
    expect(againLaws.stdout).toBe(other.stdout);
    expect(statSync(cache).mtimeMs).toBe(before);
    const uncached = spawnSync(process.execPath, [join(root, 'packages/cli/bin/sysgraph.mjs'), ...laws], { cwd: root, encoding: 'utf8', env: { ...process.env, SYSGRAPH_CODE_CACHE: '0' } });
    expect(uncached.stdout).toBe(other.stdout);
  });

  it("bin/sysgraph.cjs, the package's bin, runs the same command: from the bundle, and after building a missing one", () => {
    const pkg = JSON.parse(readFileSync(join(root, 'packages/cli/package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(pkg.bin.sysgraph).toBe('./bin/sysgraph.cjs');
    const cjs = (args: string[]) => run([join(root, 'packages/cli/bin/sysgraph.cjs')], args);
    const args = ['simulate', 'rlc-series', '--t-end', '1', '--samples', '4', '--format', 'csv', '--input', 'Vs=step(1)'];
    const expected = launcher(args);
    expect(expected.status, expected.stderr).toBe(0);
    const fresh = cjs(args);
    expect(fresh.status, fresh.stderr).toBe(0);
    expect(fresh.stdout).toBe(expected.stdout);
    rmSync(fileURLToPath(BUNDLE));
    const built = cjs(args);
    expect(built.status, built.stderr).toBe(0);
    expect(built.stdout).toBe(expected.stdout);
    expect(existsSync(fileURLToPath(BUNDLE))).toBe(true);
    expect(bundleIsFresh()).toBe(true);
    const bad = cjs(['simulate', 'rlc-series', '--solver', 'nope']);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/bad-option/);
  });

  it('prints the package version with --version and -V, from the bundle and the sources alike', () => {
    const version = (JSON.parse(readFileSync(join(root, 'packages/cli/package.json'), 'utf8')) as { version: string }).version;
    for (const flag of ['--version', '-V']) {
      const a = launcher([flag]);
      const b = sources([flag]);
      expect(a.status, a.stderr).toBe(0);
      expect(a.stdout.trim()).toBe(version);
      expect(b.stdout).toBe(a.stdout);
    }
  });
});
