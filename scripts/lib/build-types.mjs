// The declarations of every package: one tsc program over packages/*/src (tsconfig.build.json, declarations
// only), so each source is type-checked once however many packages import it, then each package's
// <out>/<folder>/src/** copied to packages/<folder>/dist/ beside the JavaScript. The sources import relative
// modules without an extension ('./csr-matrix'); a consumer resolving with "moduleResolution": "node16" or
// "nodenext" needs './csr-matrix.js' (or './sparse/index.js'), so relative specifiers are rewritten to the file
// that exists.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { ROOT } from './workspace-packages.mjs';

const OUT = join(ROOT, 'dist', 'types');

/** Runs tsc on tsconfig.build.json (declarations of packages/*\/src into dist/types); throws with tsc's report. */
function emitDeclarations() {
  rmSync(OUT, { recursive: true, force: true });
  const tsc = createRequire(join(ROOT, 'package.json')).resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'pipe' });
  } catch (e) {
    throw new Error(`tsc could not emit the declarations:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

/** './x' → './x.js' when x.d.ts exists beside, './x/index.js' when x/index.d.ts does; other specifiers as they are. */
function withExtension(specifier, fromDir) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return specifier;
  if (/\.(js|mjs|cjs|json)$/.test(specifier)) return specifier;
  const target = join(fromDir, specifier);
  if (existsSync(`${target}.d.ts`)) return `${specifier}.js`;
  if (existsSync(join(target, 'index.d.ts'))) return `${specifier}/index.js`;
  return specifier;
}

// from '…', import('…'), declare module '…'; declarations have no other module specifiers.
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\2/g;

/** Rewrites the relative specifiers of every .d.ts below dir. */
function addExtensions(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) addExtensions(path);
    else if (name.endsWith('.d.ts')) {
      const text = readFileSync(path, 'utf8');
      const rewritten = text.replace(SPECIFIER, (_, head, quote, spec) => `${head}${quote}${withExtension(spec, dirname(path))}${quote}`);
      if (rewritten !== text) writeFileSync(path, rewritten);
    }
  }
}

/** Emits the declarations once and places them in every package's dist/. */
export function buildTypes(packages) {
  emitDeclarations();
  for (const pkg of packages) {
    const from = join(OUT, basename(pkg.dir), 'src');
    if (!existsSync(from)) continue;
    const to = join(pkg.dir, 'dist');
    cpSync(from, to, { recursive: true });
    addExtensions(to);
  }
  rmSync(OUT, { recursive: true, force: true });
}
