// The CLI's bundle: packages/cli/src/main.ts and everything it imports (the workspace packages, mathjs,
// commander) in one CommonJS script, packages/cli/.bundle/main.cjs, so that run-bundle.mjs can compile it through
// vm.Script with a V8 code cache (ES modules have no code cache in Node 20). It sits at the same depth as src/ so
// that the paths the sources compute from import.meta.url (the examples folder, uPlot's files; import.meta.url is
// defined as the bundle's own file URL) stay right. Fresh when it
// is newer than every file under packages/*/src and every package.json of the workspace (one stat per file,
// a few milliseconds); built to a temporary name and renamed, so that concurrent runs never read half a file.
import { existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BUNDLE = new URL('../.bundle/main.cjs', import.meta.url);
const ROOT = new URL('../../../', import.meta.url);
const PACKAGES = new URL('packages/', ROOT);

/** The newest modification time (ms) of the files below dir, or of the file itself. */
function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let t = info.mtimeMs;
  for (const name of readdirSync(path)) t = Math.max(t, newest(`${path}/${name}`));
  return t;
}

/** Whether the bundle exists and is newer than the sources it was built from. */
export function bundleIsFresh() {
  const bundle = fileURLToPath(BUNDLE);
  if (!existsSync(bundle)) return false;
  const built = statSync(bundle).mtimeMs;
  const packages = fileURLToPath(PACKAGES);
  let sources = statSync(fileURLToPath(new URL('package.json', ROOT))).mtimeMs;
  for (const name of readdirSync(packages)) {
    const dir = `${packages}${name}`;
    if (existsSync(`${dir}/src`)) sources = Math.max(sources, newest(`${dir}/src`));
    if (existsSync(`${dir}/package.json`)) sources = Math.max(sources, statSync(`${dir}/package.json`).mtimeMs);
  }
  return built > sources;
}

/**
 * mathjs's main entry creates every one of its functions when it is evaluated (pureFunctionsAny.generated.js:
 * 0.4–0.5 s of typed-function set-up per process), and esbuild keeps those calls. The sources use only `create`
 * and the `…Dependencies` objects (one instance per use, built from the factories it needs), so in the bundle
 * 'mathjs' resolves to a module of exactly those, read from mathjs's own files.
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
        const dependencies = `${lib}/entry/dependenciesAny.generated.js`;
        if (!existsSync(create) || !existsSync(dependencies)) return undefined;
        return { path: 'mathjs-lean', namespace: 'lean-mathjs', pluginData: { create, dependencies } };
      });
      // create is wrapped so that SYSGRAPH_TRACE_MATHJS=1 lists on standard error every mathjs instance a run
      // makes, by the factories it asks for (the test of which commands build mathjs's typed functions)
      b.onLoad({ filter: /.*/, namespace: 'lean-mathjs' }, (args) => ({
        contents: `import { create as mathjsCreate } from ${JSON.stringify(args.pluginData.create)};\nexport function create(factories, config) {\n  if (process.env.SYSGRAPH_TRACE_MATHJS === '1') process.stderr.write('mathjs instance: ' + Object.keys(factories).sort().join(' ') + '\\n');\n  return mathjsCreate(factories, config);\n}\nexport * from ${JSON.stringify(args.pluginData.dependencies)};\n`,
        resolveDir: dirname(args.pluginData.create),
        loader: 'js',
      }));
    },
  };
}

/**
 * Minified: 1.2 MB instead of 2.6 MB, so less to read and a smaller code cache (docs/design-choices.md, "Start-up
 * of the command": measured in benchmarks/results/startup.md). Names are kept, so that an internal error's stack
 * trace still names the functions.
 */
export const MINIFY = process.env.SYSGRAPH_BUNDLE_MINIFY !== "0";

/** Builds the bundle (esbuild, one CommonJS script for Node; see MINIFY). */
export async function buildBundle() {
  const { build } = await import('esbuild');
  const out = fileURLToPath(BUNDLE);
  const temporary = `${out}.${process.pid}.tmp`;
  await build({
    entryPoints: [fileURLToPath(new URL('../src/main.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: temporary,
    logLevel: 'error',
    minify: MINIFY,
    keepNames: MINIFY,
    plugins: [leanMathjs()],
    // packages that find their own files beside them (esbuild's binary, piscina's worker script, BullMQ's Lua
    // scripts) are loaded from node_modules, not bundled; the study commands load them lazily
    external: ['esbuild', 'piscina', 'bullmq', 'ioredis'],
    define: { 'import.meta.url': '__sysgraphModuleUrl' },
    banner: { js: "const __sysgraphModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
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
