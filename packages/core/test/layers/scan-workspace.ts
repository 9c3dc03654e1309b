/**
 * Reads the workspace for the layer check: every package's manifest and the imports of every TypeScript and
 * JavaScript file in its folder (node_modules and build output skipped), parsed by the TypeScript scanner
 * (ts.preProcessFile: static, dynamic and type-only imports and re-exports; comments and strings are not imports).
 */
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { PackageInfo, SourceFile } from './layer-rules';

const SKIP = new Set(['node_modules', 'dist', 'build', 'coverage']);
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

interface Manifest {
  name?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  files?: string[];
}

function readManifest(path: string): Manifest {
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The workspace's package folders (pnpm-workspace.yaml: packages/*, apps/*, benchmarks), as repository paths. */
export function packageDirs(root: string): string[] {
  const dirs: string[] = [];
  for (const group of ['packages', 'apps']) {
    const at = join(root, group);
    if (!existsSync(at)) continue;
    for (const name of readdirSync(at).sort()) if (existsSync(join(at, name, 'package.json'))) dirs.push(`${group}/${name}`);
  }
  if (existsSync(join(root, 'benchmarks', 'package.json'))) dirs.push('benchmarks');
  return dirs;
}

export function readPackages(root: string): PackageInfo[] {
  return packageDirs(root).map((dir) => {
    const m = readManifest(join(root, dir, 'package.json'));
    return {
      name: m.name ?? dir,
      dir,
      dependencies: [...Object.keys(m.dependencies ?? {}), ...Object.keys(m.peerDependencies ?? {})],
      devDependencies: Object.keys(m.devDependencies ?? {}),
      ...(m.files ? { files: m.files } : {}),
    };
  });
}

export function rootDevDependencies(root: string): string[] {
  return Object.keys(readManifest(join(root, 'package.json')).devDependencies ?? {});
}

function walk(root: string, dir: string, out: string[]): void {
  for (const name of readdirSync(join(root, dir)).sort()) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) walk(root, path, out);
    else if (CODE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
}

/** The module specifiers a source text imports. */
export function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

export function readSources(root: string, packages: readonly PackageInfo[]): SourceFile[] {
  const files: SourceFile[] = [];
  for (const p of packages) {
    const paths: string[] = [];
    walk(root, p.dir, paths);
    for (const path of paths) files.push({ path, imports: importsOf(readFileSync(join(root, path), 'utf8')) });
  }
  return files;
}
