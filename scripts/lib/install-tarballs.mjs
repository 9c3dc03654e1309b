// npm install of packed workspace packages into a folder of its own (outside the repository): the packages a
// consumer names and every workspace package they depend on, each as file:<tarball>, both as dependencies and as
// overrides, so that npm takes every @sysgraph package from the tarballs and never asks the registry for one
// (the registry serves only the third-party dependencies: mathjs, ml-matrix, graphology, …).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspacePackages } from './workspace-packages.mjs';

/** The names and every workspace package they depend on, directly or not, in dependency order. */
export function withWorkspaceDependencies(names) {
  const packages = workspacePackages();
  const byName = new Map(packages.map((p) => [p.name, p]));
  const needed = new Set();
  const visit = (name) => {
    const pkg = byName.get(name);
    if (!pkg) throw new Error(`${name} is not a package under packages/ (there are ${[...byName.keys()].join(', ')})`);
    if (needed.has(name)) return;
    needed.add(name);
    pkg.dependsOn.forEach(visit);
  };
  names.forEach(visit);
  return packages.filter((p) => needed.has(p.name)).map((p) => p.name);
}

/**
 * Writes appDir/package.json (dependencies and overrides: names and their workspace dependencies as
 * file:<tarball>) and runs npm install there. tarballs: { name → tarball path } (packPackages).
 */
export function installTarballs(appDir, tarballs, names, { appName = 'sysgraph-scripts' } = {}) {
  const specs = {};
  for (const name of withWorkspaceDependencies(names)) {
    if (!tarballs[name]) throw new Error(`no tarball of ${name} was packed`);
    specs[name] = `file:${tarballs[name]}`;
  }
  mkdirSync(appDir, { recursive: true });
  const manifest = { name: appName, version: '0.0.0', private: true, type: 'module', dependencies: specs, overrides: specs };
  writeFileSync(join(appDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  try {
    execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: appDir, stdio: 'pipe' });
  } catch (e) {
    throw new Error(`npm install in ${appDir} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
  return Object.keys(specs);
}
