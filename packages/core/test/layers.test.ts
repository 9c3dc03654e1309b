/**
 * The layer check (test/layers/layer-rules.ts) on the whole workspace: no undeclared import, no import of a higher
 * layer, no relative path into another package; and on planted violations, each of which it must report.
 */
import { describe, expect, it } from 'vitest';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { checkImports, layerAllows, LAYERS, PENDING_MOVES, SAME_LAYER } from './layers/layer-rules';
import type { PackageInfo, SourceFile } from './layers/layer-rules';
import { importsOf, readPackages, readSources, rootDevDependencies } from './layers/scan-workspace';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BUILTINS = new Set(builtinModules);

describe('the workspace obeys the layers', () => {
  const packages = readPackages(ROOT);
  const files = readSources(ROOT, packages);

  it('finds every package and their files', () => {
    for (const name of ['@sysgraph/core', '@sysgraph/linalg', '@sysgraph/simulate', '@sysgraph/formulation', '@sysgraph/cli', '@sysgraph/web']) {
      expect(packages.map((p) => p.name)).toContain(name);
    }
    expect(files.some((f) => f.path === 'packages/simulate/src/simulate.ts')).toBe(true);
    expect(files.find((f) => f.path === 'packages/simulate/src/simulate.ts')!.imports).toContain('@sysgraph/core');
  });

  it('no package imports what its manifest does not declare, a higher layer, or another package by path', () => {
    const violations = checkImports(packages, files, BUILTINS, rootDevDependencies(ROOT));
    expect(violations.map((v) => `${v.file}: ${v.specifier} (${v.rule}: ${v.detail})`)).toEqual([]);
  });

  it('every pending move names a file that exists and still needs its exception', () => {
    for (const [path, names] of Object.entries(PENDING_MOVES)) {
      const file = files.find((f) => f.path === path);
      expect(file, path).toBeDefined();
      for (const name of names) expect(file!.imports.some((s) => s === name || s.startsWith(`${name}/`)), `${path} → ${name}`).toBe(true);
    }
  });

  it('the layer table places each package once and the same-layer edges stay inside one layer', () => {
    const all = LAYERS.flat();
    expect(new Set(all).size).toBe(all.length);
    for (const [from, tos] of Object.entries(SAME_LAYER)) {
      for (const to of tos) {
        expect(LAYERS.findIndex((l) => l.includes(from))).toBe(LAYERS.findIndex((l) => l.includes(to)));
        expect(SAME_LAYER[to] ?? []).not.toContain(from);
      }
    }
  });
});

describe('the check reports planted violations', () => {
  const pkg = (name: string, dir: string, dependencies: string[], devDependencies: string[] = []): PackageInfo => ({ name, dir, dependencies, devDependencies });
  const packages = [
    pkg('@sysgraph/core', 'packages/core', []),
    pkg('@sysgraph/linalg', 'packages/linalg', ['@sysgraph/core', 'ml-matrix']),
    pkg('@sysgraph/graph', 'packages/graph', ['@sysgraph/core', '@sysgraph/description']),
    pkg('@sysgraph/description', 'packages/description', ['@sysgraph/core']),
    pkg('@sysgraph/simulate', 'packages/simulate', ['@sysgraph/core', '@sysgraph/linalg', '@sysgraph/formulation', '@sysgraph/graph']),
    pkg('@sysgraph/formulation', 'packages/formulation', ['@sysgraph/core', '@sysgraph/linalg', '@sysgraph/symbolic'], ['@sysgraph/simulate']),
    pkg('@sysgraph/symbolic', 'packages/symbolic', ['@sysgraph/core']),
  ];
  const check = (files: SourceFile[]) => checkImports(packages, files, new Set(['fs', 'path']), ['vitest']);
  const file = (path: string, ...imports: string[]): SourceFile => ({ path, imports });

  it('clean files pass: lower layers, declared, builtins, own relative paths, a listed same-layer edge', () => {
    expect(
      check([
        file('packages/simulate/src/a.ts', '@sysgraph/core', '@sysgraph/linalg', 'node:fs', 'path', './b', '../src/c'),
        file('packages/graph/src/g.ts', '@sysgraph/description', '@sysgraph/core/errors'),
        file('packages/formulation/test/t.test.ts', 'vitest', '@sysgraph/simulate', '../src/index'),
      ]),
    ).toEqual([]);
  });

  it('a lower layer importing a higher one: simulate → formulation, even when declared', () => {
    const v = check([file('packages/simulate/src/solver.ts', '@sysgraph/formulation')]);
    expect(v).toEqual([expect.objectContaining({ file: 'packages/simulate/src/solver.ts', specifier: '@sysgraph/formulation', rule: 'layer' })]);
  });

  it('a same-layer import that is not a listed edge: simulate → graph; description → graph', () => {
    expect(check([file('packages/simulate/src/s.ts', '@sysgraph/graph')]).map((v) => v.rule)).toEqual(['layer']);
    expect(check([file('packages/description/src/d.ts', '@sysgraph/graph')]).map((v) => v.rule)).toEqual(['undeclared', 'layer']);
    expect(layerAllows('@sysgraph/graph', '@sysgraph/description')).toBe(true);
    expect(layerAllows('@sysgraph/linalg', '@sysgraph/core')).toBe(true);
    expect(layerAllows('@sysgraph/core', '@sysgraph/linalg')).toBe(false);
  });

  it('an undeclared import: a third-party package, a workspace package, a dev dependency in a source', () => {
    expect(check([file('packages/symbolic/src/x.ts', 'mathjs')]).map((v) => v.rule)).toEqual(['undeclared']);
    expect(check([file('packages/formulation/src/x.ts', '@sysgraph/graph')]).map((v) => v.rule)).toEqual(['undeclared']);
    expect(check([file('packages/formulation/src/x.ts', '@sysgraph/simulate')]).map((v) => v.rule)).toEqual(['undeclared']);
    expect(check([file('packages/linalg/src/x.ts', 'vitest')]).map((v) => v.rule)).toEqual(['undeclared']);
  });

  it('a relative path into another package (a test reaching into ../../simulate/src)', () => {
    const v = check([file('packages/formulation/test/x.test.ts', '../../simulate/src/index')]);
    expect(v).toEqual([expect.objectContaining({ rule: 'cross-package-path', specifier: '../../simulate/src/index' })]);
    // shared data outside every package may be read by path
    expect(check([file('packages/description/test/x.test.ts', '../../../examples/index.json')])).toEqual([]);
  });

  it('the solver library importing the formulation is a layer violation (no move pending excepts it)', () => {
    expect(check([file('packages/simulate/src/from-state-space.ts', '@sysgraph/formulation')]).map((v) => v.rule)).toEqual(['layer']);
    expect(check([file('packages/simulate/src/other.ts', '@sysgraph/formulation')]).map((v) => v.rule)).toEqual(['layer']);
  });

  it('the command line importing the formulation by name, not through the engine (its tests may)', () => {
    const cli = pkg('@sysgraph/cli', 'packages/cli', ['@sysgraph/engine', '@sysgraph/formulation']);
    const engine = pkg('@sysgraph/engine', 'packages/engine', ['@sysgraph/formulation']);
    const all = [...packages, cli, engine];
    const v = checkImports(all, [file('packages/cli/src/commands/x.ts', '@sysgraph/formulation')], new Set(), []);
    expect(v).toEqual([expect.objectContaining({ rule: 'through-engine', specifier: '@sysgraph/formulation' })]);
    expect(checkImports(all, [file('packages/cli/src/commands/x.ts', '@sysgraph/engine'), file('packages/cli/test/x.test.ts', '@sysgraph/formulation')], new Set(), [])).toEqual([]);
  });

  it("a launcher in bin/ may use a dev dependency only when the packed package leaves bin/ out", () => {
    const packed = (files?: string[]): PackageInfo => ({ name: '@sysgraph/cli', dir: 'packages/cli', dependencies: ['@sysgraph/core'], devDependencies: ['esbuild'], ...(files ? { files } : {}) });
    const launcher = file('packages/cli/bin/bundle.mjs', 'esbuild');
    expect(checkImports([...packages, packed(['dist'])], [launcher], new Set(), [])).toEqual([]);
    expect(checkImports([...packages, packed(['dist', 'bin'])], [launcher], new Set(), []).map((v) => v.rule)).toEqual(['undeclared']);
    expect(checkImports([...packages, packed()], [launcher], new Set(), []).map((v) => v.rule)).toEqual(['undeclared']);
  });

  it('a package in no layer is reported', () => {
    const v = checkImports([...packages, pkg('@sysgraph/stray', 'packages/stray', [])], [], new Set(), []);
    expect(v).toEqual([expect.objectContaining({ rule: 'unplaced-package', specifier: '@sysgraph/stray' })]);
  });

  it('the scanner reads static, type-only, re-export and dynamic imports, not comments or strings', () => {
    const text = [
      "import { a } from '@sysgraph/linalg';",
      "import type { B } from '@sysgraph/formulation';",
      "export { c } from './c';",
      "const m = await import('mathjs');",
      "// import { d } from '@sysgraph/cli';",
      "const s = \"import x from '@sysgraph/web'\";",
    ].join('\n');
    expect(importsOf(text).sort()).toEqual(['./c', '@sysgraph/formulation', '@sysgraph/linalg', 'mathjs']);
  });
});
