// The JavaScript of one package: esbuild bundles each published entry (./src/X.ts → ./dist/X.js) with its
// relative imports into ES modules; every bare import (@sysgraph/*, mathjs, node:fs, …) stays an import, so each
// package ships its own code once and resolves the others through node_modules. Bundling, rather than
// transpiling file by file, is what turns the sources' extensionless relative imports ('./csr-matrix', resolved
// by the Bundler resolution of tsconfig.json) and their JSON imports into something Node's ESM loader runs.
import { chmodSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';
import { entryPoints } from './workspace-packages.mjs';

const SHEBANG = '#!/usr/bin/env node\n';

/** Builds pkg's dist/*.js; the files named in publishConfig.bin get a shebang and the executable bit. */
export async function buildJs(pkg) {
  const entries = entryPoints(pkg);
  if (entries.length === 0) return [];
  await build({
    absWorkingDir: pkg.dir,
    entryPoints: Object.fromEntries(entries.map((e) => [e.out.replace(/^\.\/dist\//, '').replace(/\.js$/, ''), e.source])),
    outdir: join(pkg.dir, 'dist'),
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    keepNames: true,
    logLevel: 'error',
  });
  const bin = pkg.manifest.publishConfig?.bin;
  for (const file of typeof bin === 'string' ? [bin] : Object.values(bin ?? {})) {
    const path = join(pkg.dir, file);
    const text = readFileSync(path, 'utf8');
    if (!text.startsWith('#!')) writeFileSync(path, SHEBANG + text);
    chmodSync(path, 0o755);
  }
  copyAssets(pkg);
  return entries.map((e) => e.out);
}

/**
 * The data a package ships beside its JavaScript: its manifest's "publishAssets" maps a folder inside dist/ to a
 * folder of the repository (e.g. the command's "dist/examples": "../../examples", so that `sysgraph examples` and
 * `sysgraph simulate rlc-series` work from an installed tarball). Folders named in "skip" of the same entry
 * (e.g. the example scripts and their tests) stay behind.
 */
export function copyAssets(pkg) {
  for (const [target, spec] of Object.entries(pkg.manifest.publishAssets ?? {})) {
    const { from, skip = [] } = typeof spec === 'string' ? { from: spec } : spec;
    if (!target.startsWith('dist/')) throw new Error(`${pkg.name}: publishAssets ${target} is not inside dist/`);
    const source = resolve(pkg.dir, from);
    cpSync(source, join(pkg.dir, target), {
      recursive: true,
      filter: (file) => {
        const rest = relative(source, file);
        return !skip.some((s) => rest === s || rest.startsWith(`${s}${sep}`)) && !rest.split(sep).includes('node_modules');
      },
    });
  }
}
