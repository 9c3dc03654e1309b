// The library packages of the workspace: every packages/*/package.json, in dependency order (a package after
// every @sysgraph package it depends on; ties by folder name, so the order does not depend on the file system).
// A new package (packages/engine, …) is picked up as soon as its folder exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const PACKAGES_DIR = join(ROOT, 'packages');

/** Names of the workspace packages a manifest depends on (dependencies and peerDependencies). */
function workspaceDependencies(manifest, names) {
  const all = { ...manifest.dependencies, ...manifest.peerDependencies };
  return Object.keys(all).filter((name) => names.has(name)).sort();
}

/**
 * The packages as { name, dir, manifest, dependsOn }, in dependency order (Kahn's algorithm on the
 * @sysgraph edges). A cycle is an error naming its packages.
 */
export function workspacePackages() {
  const found = readdirSync(PACKAGES_DIR)
    .sort()
    .map((folder) => join(PACKAGES_DIR, folder))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }));
  const names = new Set(found.map((p) => p.manifest.name));
  const pending = found.map((p) => ({ name: p.manifest.name, ...p, dependsOn: workspaceDependencies(p.manifest, names) }));
  const ordered = [];
  const done = new Set();
  while (pending.length > 0) {
    const next = pending.findIndex((p) => p.dependsOn.every((d) => done.has(d)));
    if (next < 0) throw new Error(`the workspace packages depend on each other in a cycle: ${pending.map((p) => p.name).join(', ')}`);
    const [p] = pending.splice(next, 1);
    ordered.push(p);
    done.add(p.name);
  }
  return ordered;
}

/** Every file a package's published manifest points to (publishConfig exports, main, types, bin), e.g. ./dist/index.js. */
export function publishedFiles(manifest) {
  const files = new Set();
  const visit = (value) => {
    if (typeof value === 'string') files.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  const pc = manifest.publishConfig ?? {};
  visit(pc.exports);
  visit(pc.main);
  visit(pc.types);
  visit(pc.bin);
  return [...files].filter((f) => !f.endsWith('package.json'));
}

/**
 * The entry points to compile: every published ./dist/X.js whose source ./src/X.ts exists, as
 * { source, out } relative to the package folder. A published file with no source is an error naming it.
 */
export function entryPoints(pkg) {
  return publishedFiles(pkg.manifest)
    .filter((f) => f.endsWith('.js'))
    .map((out) => {
      const source = out.replace(/^\.\/dist\//, './src/').replace(/\.js$/, '.ts');
      if (source === out || !existsSync(join(pkg.dir, source))) {
        throw new Error(`${pkg.name}: publishConfig points to ${out}, which is built from ${source}, and that file does not exist`);
      }
      return { source, out };
    });
}

/**
 * What pnpm pack needs to publish pkg's build and not its sources: "files" with dist and publishConfig.exports
 * (the workspace's own "exports" point to ./src). A package without them is an error saying what to add.
 */
export function checkPublishable(pkg) {
  const { files, publishConfig } = pkg.manifest;
  if (!Array.isArray(files) || !files.includes('dist') || !publishConfig?.exports) {
    throw new Error(
      `${pkg.name} (${pkg.dir}/package.json) needs "files": ["dist"] and a "publishConfig" with "exports", "main" and "types" ` +
        `pointing to ./dist (as packages/core/package.json has) to be built and packed`,
    );
  }
}
