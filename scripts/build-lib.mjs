// pnpm build:lib — every package under packages/ as ES modules with declarations in its dist/ (git-ignored),
// the files its publishConfig points to: the JavaScript by esbuild (lib/build-js.mjs), the declarations by one tsc
// program (lib/build-types.mjs). The workspace itself never needs this: its manifests export the sources.
// Usage: node scripts/build-lib.mjs
import { existsSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildJs } from './lib/build-js.mjs';
import { buildTypes } from './lib/build-types.mjs';
import { checkPublishable, publishedFiles, ROOT, workspacePackages } from './lib/workspace-packages.mjs';

/** Builds every package; returns the packages in dependency order. Throws naming a published file that is missing. */
export async function buildLib({ log = () => {} } = {}) {
  const packages = workspacePackages();
  packages.forEach(checkPublishable);
  const started = performance.now();
  for (const pkg of packages) rmSync(join(pkg.dir, 'dist'), { recursive: true, force: true });
  for (const pkg of packages) await buildJs(pkg);
  const js = performance.now();
  buildTypes(packages);
  const types = performance.now();
  for (const pkg of packages) {
    for (const file of publishedFiles(pkg.manifest)) {
      if (!existsSync(join(pkg.dir, file))) throw new Error(`${pkg.name}: publishConfig points to ${file}, which the build did not produce`);
    }
  }
  log(`built ${packages.map((p) => relative(ROOT, p.dir)).join(', ')}: JavaScript ${((js - started) / 1000).toFixed(1)} s, declarations ${((types - js) / 1000).toFixed(1)} s`);
  return packages;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await buildLib({ log: (line) => process.stdout.write(`${line}\n`) });
  } catch (e) {
    process.stderr.write(`build:lib: ${e instanceof Error ? e.message : e}\n`);
    process.exit(1);
  }
}
