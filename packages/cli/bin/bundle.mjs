// The CLI's bundle: packages/cli/src/main.ts and everything it imports (the workspace packages, mathjs,
// commander) in one CommonJS script, packages/cli/.bundle/main.cjs, so that run-bundle.mjs can compile it through
// vm.Script with a V8 code cache (ES modules have no code cache in Node 20). It sits at the same depth as src/ so
// that the paths the sources compute from import.meta.url (the examples folder, uPlot's files; import.meta.url is
// defined as the bundle's own file URL) stay right. Fresh when it is newer than every workspace file it was built
// from and every package.json of the workspace: the build writes that list (esbuild's metafile inputs outside
// node_modules) to .bundle/inputs.json, and a run stats those files only, with no walk of the source folders
// (a 12–24 ms walk of packages/*/src on the shared machine, 2–4 ms for the list); without the list, the walk
// (launch.cjs, which every run uses without loading this module).
// Built to a temporary name and renamed, so that concurrent runs never read half a file.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const launch = createRequire(import.meta.url)('./launch.cjs');

export const BUNDLE = new URL('../.bundle/main.cjs', import.meta.url);
/** The files the bundle was built from (absolute paths), written with it. */
export const INPUTS = new URL('../.bundle/inputs.json', import.meta.url);
const ROOT = new URL('../../../', import.meta.url);

/** Whether the bundle exists and is newer than the sources it was built from (launch.cjs). */
export const bundleIsFresh = launch.bundleIsFresh;
const manifests = launch.manifests;

/**
 * mathjs's main entry creates every one of its functions when it is evaluated (pureFunctionsAny.generated.js:
 * 0.4–0.5 s of typed-function set-up per process), and esbuild keeps those calls. The sources use only `create`
 * and the `…Dependencies` objects (one instance per use, built from the factories it needs), so in the bundle
 * 'mathjs' resolves to a module of exactly those, read from mathjs's own files.
 *
 * Each `…Dependencies` object is loaded on first use: evaluating the modules behind derivative, parse and simplify
 * (factoriesAny.js and with it decimal.js, complex.js, fraction.js and the arithmetic factories) took 15–20 ms of
 * every run, numeric ones included, though only symbolic work reads them. The lean module exports, for each
 * object, a proxy that requires the object's own generated file (dependenciesAny/dependenciesX.generated.js;
 * esbuild turns that require into the module's initialisation, run at that moment) the first time `create` or a
 * destructuring reads it.
 */
export function leanMathjs() {
  return {
    name: 'lean-mathjs',
    setup(b) {
      b.onResolve({ filter: /^mathjs$/ }, (args) => {
        let entry;
        try {
          entry = createRequire(args.importer).resolve('mathjs/package.json');
        } catch {
          return undefined;
        }
        const lib = `${dirname(entry)}/lib/esm`;
        const create = `${lib}/core/create.js`;
        const index = `${lib}/entry/dependenciesAny.generated.js`;
        if (!existsSync(create) || !existsSync(index)) return undefined;
        // the names this importer takes from mathjs (type-only imports aside): a lean module per importer
        const names = new Set();
        for (const m of readFileSync(args.importer, 'utf8').matchAll(/import\s+(?!type\b)\{([^}]*)\}\s*from\s*['"]mathjs['"]/g)) {
          for (const part of m[1].split(',')) {
            const name = part.trim().replace(/\s+as\s+.*$/, '');
            if (name && !name.startsWith('type ')) names.add(name);
          }
        }
        return { path: `mathjs-lean:${args.importer}`, namespace: 'lean-mathjs', pluginData: { create, index, names: [...names].sort() } };
      });
      // A dependencies object imports its factory from factoriesAny.js, whose evaluation evaluates every factory
      // module the bundle holds: each generated file gets a module of only the factories it imports, taken from
      // their own files.
      b.onResolve({ filter: /factoriesAny\.js$/ }, (args) => {
        if (!/[\\/]entry[\\/]dependenciesAny[\\/]/.test(args.importer)) return undefined;
        const factories = `${dirname(args.importer)}/${args.path}`.replace(/\/entry\/dependenciesAny\/\.\.\/\.\.\//, '/');
        if (!existsSync(factories)) return undefined;
        const names = [...readFileSync(args.importer, 'utf8').matchAll(/import \{ (\w+) \} from '\.\.\/\.\.\/factoriesAny\.js'/g)].map((m) => m[1]);
        return { path: `factories-lean:${args.importer}`, namespace: 'lean-factories', pluginData: { factories, names } };
      });
      b.onLoad({ filter: /.*/, namespace: 'lean-factories' }, (args) => {
        const { factories, names } = args.pluginData;
        const from = new Map();
        for (const m of readFileSync(factories, 'utf8').matchAll(/export \{([^}]*)\} from '([^']+)'/g)) {
          for (const part of m[1].split(',')) {
            const name = part.replace(/\/\/.*$/gm, '').trim();
            if (name) from.set(name, m[2]);
          }
        }
        const lines = names.map((n) => {
          if (!from.has(n)) throw new Error(`lean-mathjs: ${n} is not exported by ${factories}`);
          return `export { ${n} } from ${JSON.stringify(from.get(n))};`;
        });
        return { contents: `${lines.join('\n')}\n`, resolveDir: dirname(factories), loader: 'js' };
      });
      // create is wrapped so that SYSGRAPH_TRACE_MATHJS=1 lists on standard error every mathjs instance a run
      // makes, by the factories it asks for (the test of which commands build mathjs's typed functions)
      b.onLoad({ filter: /.*/, namespace: 'lean-mathjs' }, (args) => {
        const { create, index, names } = args.pluginData;
        const files = new Map([...readFileSync(index, 'utf8').matchAll(/export \{ (\w+) \} from '(\.\/dependenciesAny\/[\w.]+)'/g)].map((m) => [m[1], `${dirname(index)}/${m[2].slice(2)}`]));
        // a factory (createSymbolNode) from its own file, as factoriesAny.js names it
        const factoriesFile = `${dirname(dirname(index))}/factoriesAny.js`;
        const factories = new Map();
        for (const m of readFileSync(factoriesFile, 'utf8').matchAll(/export \{([^}]*)\} from '([^']+)'/g)) {
          for (const part of m[1].split(',')) {
            const name = part.replace(/\/\/.*$/gm, '').trim();
            if (name) factories.set(name, `${dirname(factoriesFile)}/${m[2].slice(2)}`);
          }
        }
        const lazy = names
          .filter((n) => n !== 'create')
          .map((n) => {
            if (factories.has(n)) return `export { ${n} } from ${JSON.stringify(factories.get(n))};`;
            if (!files.has(n)) throw new Error(`lean-mathjs: ${args.path.slice('mathjs-lean:'.length)} imports ${n}, which is neither a mathjs dependencies object nor a factory`);
            return `export const ${n} = lazyObject(() => require(${JSON.stringify(files.get(n))}).${n});`;
          });
        return {
          contents: [
            `import { create as mathjsCreate } from ${JSON.stringify(create)};`,
            'export function create(factories, config) {',
            "  if (process.env.SYSGRAPH_TRACE_MATHJS === '1') process.stderr.write('mathjs instance: ' + Object.keys(factories).sort().join(' ') + '\\n');",
            '  return mathjsCreate(factories, config);',
            '}',
            '/** An object read from its module on first use (get, has, keys, property descriptors). */',
            'function lazyObject(load) {',
            '  let target;',
            '  const real = () => (target ??= load());',
            '  return new Proxy({}, {',
            '    get: (_, k) => real()[k],',
            '    has: (_, k) => k in real(),',
            '    ownKeys: () => Reflect.ownKeys(real()),',
            '    getOwnPropertyDescriptor: (_, k) => { const d = Reflect.getOwnPropertyDescriptor(real(), k); return d && { ...d, configurable: true }; },',
            '  });',
            '}',
            ...lazy,
            '',
          ].join('\n'),
          resolveDir: dirname(create),
          loader: 'js',
        };
      });
    },
  };
}

/**
 * A package left out of the bundle but imported with import() (apache-arrow, on first use): inside vm.Script a
 * dynamic import has no loader once the script comes from the code cache, so the import() is served by a module
 * of the bundle that requires the package (Node's require, from the bundle's folder) when it is first imported.
 */
export function requiredLazily(names) {
  const filter = new RegExp(`^(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
  return {
    name: 'required-lazily',
    setup(b) {
      b.onResolve({ filter }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, namespace: 'required-lazily' } : { path: args.path, external: true }));
      b.onLoad({ filter: /.*/, namespace: 'required-lazily' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});\n`, loader: 'js' }));
    },
  };
}

/**
 * Builtins required at the top of a bundled package but used only on a path a run rarely takes: commander requires
 * node:child_process (with net, dgram and their bindings) for executable subcommands, which the command has none of.
 * The bundle gets a stand-in whose properties require the builtin on first read, so that a run that never spawns
 * never loads it (≈ 1 ms on a quiet machine, 5–20 ms at a load of 10, per process).
 */
export function lazyBuiltins(names) {
  const filter = new RegExp(`^(node:)?(${names.join('|')})$`);
  return {
    name: 'lazy-builtins',
    setup(b) {
      // the stand-in's own require is the builtin itself
      b.onResolve({ filter }, (args) => (args.namespace === 'lazy-builtin' ? { path: args.path, external: true } : { path: args.path.replace(/^node:/, ''), namespace: 'lazy-builtin' }));
      b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
        contents: `let m;\nconst get = () => m ?? (m = require(${JSON.stringify(`node:${args.path}`)}));\nmodule.exports = new Proxy({}, { get: (_, k) => get()[k], has: (_, k) => k in get(), ownKeys: () => Reflect.ownKeys(get()), getOwnPropertyDescriptor: (_, k) => { const d = Object.getOwnPropertyDescriptor(get(), k); return d && { ...d, configurable: true }; } });\n`,
        loader: 'js',
      }));
    },
  };
}

/**
 * The description's schema as ajv's standalone code, generated when the bundle is built: description's
 * schema-compile.ts (the one module that imports ajv, compiling the schema at run time) is replaced by a module
 * that requires that code on first use. A run then neither evaluates ajv (≈ 15 ms of every command that read a
 * description, valid or not) nor compiles the schema (≈ 60 ms on the first invalid one). Same schema, same
 * options (schema/ajv-options.json), so the same errors (packages/cli/test/schema-standalone.test.ts).
 */
export function standaloneSchema() {
  return {
    name: 'standalone-schema',
    setup(b) {
      b.onResolve({ filter: /^\.\/schema-compile$/ }, (args) => {
        if (!/[\\/]description[\\/]src[\\/]schema-validator\.ts$/.test(args.importer)) return undefined;
        return { path: resolve(dirname(args.importer), '..'), namespace: 'standalone-schema' };
      });
      b.onResolve({ filter: /^standalone-schema-code$/ }, (args) => ({ path: args.importer, namespace: 'standalone-schema-code' }));
      b.onLoad({ filter: /.*/, namespace: 'standalone-schema' }, (args) => ({
        contents: ['let validate;', '/** The standalone validator of the schema, evaluated on first use. */', "export function compileSchema() { return (validate ??= require('standalone-schema-code').default); }", ''].join('\n'),
        resolveDir: args.path,
        loader: 'js',
      }));
      b.onLoad({ filter: /.*/, namespace: 'standalone-schema-code' }, (args) => ({ contents: standaloneSchemaCode(args.path), resolveDir: args.path, loader: 'js' }));
    },
  };
}

/** ajv's standalone ES module of the schema of the description package in `dir` (its files, its ajv). */
export function standaloneSchemaCode(dir) {
  const require = createRequire(`${dir}/package.json`);
  const Ajv = require('ajv').default;
  const standaloneCode = require('ajv/dist/standalone').default;
  const schema = JSON.parse(readFileSync(`${dir}/schema/system.schema.json`, 'utf8'));
  const options = JSON.parse(readFileSync(`${dir}/schema/ajv-options.json`, 'utf8'));
  const ajv = new Ajv({ ...options, code: { source: true, esm: true } });
  return standaloneCode(ajv, ajv.compile(schema));
}

/**
 * Minified: 1.2 MB instead of 2.6 MB, so less to read and a smaller code cache (docs/design-choices.md, "Start-up
 * of the command": measured in benchmarks/results/startup.md). Names are kept, so that an internal error's stack
 * trace still names the functions.
 */
export const MINIFY = process.env.SYSGRAPH_BUNDLE_MINIFY !== "0";

/**
 * The bundle's text with every character outside ASCII written as its \u escape. esbuild escapes them in strings
 * and templates but leaves them in regular expression literals (/[αθΓ]/ of the MASD LaTeX), and one such character
 * made the whole 1.5 MB source a two-byte string when read: 3 MB, decoded from UTF-8 at ≈ 5 ms per run against
 * ≈ 2 ms for an ASCII file read as one-byte text (launch.cjs). In a regular expression, a string or an identifier
 * \uXXXX means the UTF-16 unit it names, with or without the u flag (a surrogate pair of escapes is one code
 * point under u), so the program is the same. Not so in the raw text of a tagged template (String.raw`α`): esbuild
 * leaves such text as it is, and the bundle has none (packages/cli/test/ascii-bundle.test.ts checks both).
 */
export function asciiOnly(text) {
  return text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Builds the bundle (esbuild, one CommonJS script for Node; see MINIFY). */
export async function buildBundle() {
  const { build } = await import('esbuild');
  const out = fileURLToPath(BUNDLE);
  const temporary = `${out}.${process.pid}.tmp`;
  const result = await build({
    metafile: true,
    entryPoints: [fileURLToPath(new URL('../src/main.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: temporary,
    logLevel: 'error',
    minify: MINIFY,
    keepNames: MINIFY,
    plugins: [leanMathjs(), requiredLazily(['apache-arrow']), standaloneSchema(), lazyBuiltins(['child_process'])],
    // packages that find their own files beside them (esbuild's binary, piscina's worker script, BullMQ's Lua
    // scripts) are loaded from node_modules, not bundled; the study commands load them lazily. apache-arrow
    // (250 kB of the bundle, for sweep --format arrow alone, imported on first use) likewise: every run read and
    // compiled it, none but that one ran it
    external: ['esbuild', 'piscina', 'bullmq', 'ioredis', 'apache-arrow'],
    define: { 'import.meta.url': '__sysgraphModuleUrl' },
    banner: { js: "const __sysgraphModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
  writeFileSync(temporary, asciiOnly(readFileSync(temporary, 'utf8')));
  // the input list first, then the bundle: a run that sees the new bundle sees its list
  const root = fileURLToPath(ROOT);
  const inputs = Object.keys(result.metafile.inputs)
    .filter((f) => !f.includes(':') && !f.includes('node_modules'))
    .map((f) => (isAbsolute(f) ? f : resolve(process.cwd(), f)))
    .filter((f) => f.startsWith(root) && existsSync(f));
  // what the standalone schema code is generated from (esbuild never reads these files for it)
  const description = fileURLToPath(new URL('packages/description/', ROOT));
  inputs.push(...['schema/system.schema.json', 'schema/ajv-options.json', 'src/schema-compile.ts'].map((f) => `${description}${f}`).filter((f) => existsSync(f)));
  const list = fileURLToPath(INPUTS);
  writeFileSync(`${list}.${process.pid}.tmp`, JSON.stringify([...new Set([...manifests(), ...inputs])]));
  renameSync(`${list}.${process.pid}.tmp`, list);
  renameSync(temporary, out);
}

/**
 * The bundle as it was before the code cache (one ES module, not minified, run by Node's ES module loader), for
 * the start-up benchmark's comparison only; `file` must sit at the depth of src/ (packages/cli/.bundle/).
 */
export async function buildEsmReference(file) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [fileURLToPath(new URL('../src/main.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: file,
    logLevel: 'error',
    plugins: [leanMathjs()],
    banner: { js: "import { createRequire as __sysgraphRequire } from 'node:module'; const require = __sysgraphRequire(import.meta.url);" },
  });
}
