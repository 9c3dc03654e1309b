/**
 * The layers of the workspace and the rules every import obeys (docs/design-choices.md, "Layers"):
 *
 *   core < linalg < description, graph, simulate, bondgraph < symbolic, formulation, analysis, equations < engine
 *   < studies, sensitivity < cli, web, benchmarks
 *
 * A package imports only packages of lower layers, or of its own layer along an edge listed in SAME_LAYER; every
 * package it imports is declared in its package.json (dependencies for sources; dependencies or devDependencies,
 * or the root's devDependencies, for tests, benches and scripts); no file reaches into another package's folder
 * by a relative path (data outside every package, such as examples/, may be read by path). simulate sits beside description and graph, so it may import core and linalg only.
 */

/** Lowest first. A package absent from this table is itself a violation (place it before it ships). */
export const LAYERS: readonly (readonly string[])[] = [
  ['@sysgraph/core'],
  ['@sysgraph/linalg'],
  ['@sysgraph/description', '@sysgraph/graph', '@sysgraph/simulate', '@sysgraph/bondgraph'],
  ['@sysgraph/symbolic', '@sysgraph/formulation', '@sysgraph/analysis', '@sysgraph/equations'],
  ['@sysgraph/engine'],
  ['@sysgraph/studies', '@sysgraph/sensitivity'],
  ['@sysgraph/cli', '@sysgraph/web', '@sysgraph/benchmarks'],
];

/** The imports allowed inside one layer (importer → imported); acyclic. */
export const SAME_LAYER: Readonly<Record<string, readonly string[]>> = {
  '@sysgraph/graph': ['@sysgraph/description'],
  '@sysgraph/bondgraph': ['@sysgraph/description', '@sysgraph/graph'],
  '@sysgraph/formulation': ['@sysgraph/symbolic'],
  '@sysgraph/analysis': ['@sysgraph/formulation', '@sysgraph/symbolic'],
  '@sysgraph/equations': ['@sysgraph/symbolic'],
  // the start-up benchmark builds the command's bundle of before beside the real one
  '@sysgraph/benchmarks': ['@sysgraph/cli'],
};

/**
 * Packages whose shipped sources reach a lower package only through the engine (importer → packages it may not
 * import by name): the command line and the web app formulate, analyse and print through @sysgraph/engine, which
 * re-exports the formulation stage's printers (packages/engine/src/formats.ts).
 */
export const THROUGH_ENGINE: Readonly<Record<string, readonly string[]>> = {
  '@sysgraph/cli': ['@sysgraph/formulation'],
  '@sysgraph/web': ['@sysgraph/formulation'],
};

/**
 * Known violations being removed by a move already under way: file (repository path) → the packages it may still
 * import against the layers. Delete an entry when its move lands; nothing else is excepted.
 */
export const PENDING_MOVES: Readonly<Record<string, readonly string[]>> = {};

/** One workspace package as the check sees it. */
export interface PackageInfo {
  readonly name: string;
  /** Repository path of its folder, e.g. packages/simulate. */
  readonly dir: string;
  readonly dependencies: readonly string[];
  readonly devDependencies: readonly string[];
  /** The manifest's "files" (what the packed package holds), when it lists them. */
  readonly files?: readonly string[];
}

/** One source file and the module specifiers it imports (static, dynamic, type-only and re-exports). */
export interface SourceFile {
  /** Repository path, e.g. packages/simulate/src/simulate.ts. */
  readonly path: string;
  readonly imports: readonly string[];
}

export interface Violation {
  readonly file: string;
  readonly specifier: string;
  readonly rule: 'undeclared' | 'layer' | 'cross-package-path' | 'unplaced-package' | 'through-engine';
  readonly detail: string;
}

const BUILTIN = /^node:/;

/** The package a bare specifier names: '@scope/name' or 'name' (subpaths dropped). */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function layerOf(name: string): number {
  return LAYERS.findIndex((layer) => layer.includes(name));
}

/** May `from` import `to` by the layers? */
export function layerAllows(from: string, to: string): boolean {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a < 0 || b < 0) return false;
  return b < a || (a === b && (SAME_LAYER[from] ?? []).includes(to));
}

/**
 * Sources are what ships: files under src/ (built into dist/), and a package's bin/ unless its manifest's "files"
 * leaves bin/ out of the packed package (the command's bin/ is the workspace's launcher, which builds a bundle with
 * esbuild: a development file; the packed command runs dist/main.js); the rest (test/, bench/) are development files.
 */
export function isShipped(pkgDir: string, path: string, files?: readonly string[]): boolean {
  const rest = path.slice(pkgDir.length + 1);
  const packsBin = files === undefined || files.some((f) => f === 'bin' || f.startsWith('bin/'));
  return rest.startsWith('src/') || (packsBin && rest.startsWith('bin/'));
}

/** Normalises a/b/../c to a/c (repository paths, forward slashes). */
function normalise(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

/**
 * Every violation of the rules by the given files. `builtins` are Node's module names without the node: prefix
 * (fs, path, …); `rootDevDependencies` are available to development files of every package.
 */
export function checkImports(
  packages: readonly PackageInfo[],
  files: readonly SourceFile[],
  builtins: ReadonlySet<string>,
  rootDevDependencies: readonly string[],
): Violation[] {
  const violations: Violation[] = [];
  const byDir = [...packages].sort((p, q) => q.dir.length - p.dir.length);
  const workspace = new Set(packages.map((p) => p.name));
  for (const p of packages) {
    if (layerOf(p.name) < 0) violations.push({ file: `${p.dir}/package.json`, specifier: p.name, rule: 'unplaced-package', detail: `${p.name} is in no layer of LAYERS` });
  }
  for (const file of files) {
    const pkg = byDir.find((p) => file.path.startsWith(`${p.dir}/`));
    if (!pkg) continue;
    const shipped = isShipped(pkg.dir, file.path, pkg.files);
    const pending = PENDING_MOVES[file.path] ?? [];
    for (const specifier of file.imports) {
      if (specifier.startsWith('.')) {
        const folder = file.path.slice(0, file.path.lastIndexOf('/'));
        const target = normalise(`${folder}/${specifier}`);
        // shared data outside every package (examples/) may be read by path; another package's files may not
        const owner = byDir.find((p) => target.startsWith(`${p.dir}/`));
        if (owner && owner !== pkg) {
          violations.push({ file: file.path, specifier, rule: 'cross-package-path', detail: `${target} is inside ${owner.dir}: import ${owner.name} by its name and public API` });
        }
        continue;
      }
      if (BUILTIN.test(specifier) || builtins.has(packageOf(specifier))) continue;
      const name = packageOf(specifier);
      if (name === pkg.name) continue;
      const declared = shipped ? pkg.dependencies : [...pkg.dependencies, ...pkg.devDependencies, ...rootDevDependencies];
      if (!declared.includes(name)) {
        violations.push({ file: file.path, specifier, rule: 'undeclared', detail: `${name} is not in ${pkg.dir}/package.json ${shipped ? 'dependencies' : 'dependencies or devDependencies'}` });
      }
      if (workspace.has(name) && !layerAllows(pkg.name, name) && !pending.includes(name)) {
        violations.push({ file: file.path, specifier, rule: 'layer', detail: `${pkg.name} (layer ${layerOf(pkg.name)}) may not import ${name} (layer ${layerOf(name)})` });
      }
      if (shipped && (THROUGH_ENGINE[pkg.name] ?? []).includes(name)) {
        violations.push({ file: file.path, specifier, rule: 'through-engine', detail: `${pkg.name} reaches ${name} through @sysgraph/engine` });
      }
    }
  }
  return violations;
}
