// What every run of the command does before the bundle's own code: check that the bundle is fresh and run it from
// its V8 code cache. One CommonJS file, required synchronously by sysgraph.mjs: the ES module loader reads each
// module through an asynchronous file read, compiles it without a code cache and wraps every builtin it imports
// in a facade, ≈ 10–30 ms for the three launcher modules of before on the shared machine; bundle.mjs (the build,
// esbuild) is imported only when the bundle is stale. bundle.mjs and run-bundle.mjs re-export what is here.
'use strict';
const { isAscii } = require('node:buffer');
const { existsSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, join } = require('node:path');
const vm = require('node:vm');

const ROOT = join(__dirname, '../../..');
const PACKAGES = join(ROOT, 'packages');
/** The bundle, the list of the files it was built from (absolute paths, written with it), its code caches. */
const BUNDLE_FILE = join(__dirname, '../.bundle/main.cjs');
const INPUTS_FILE = join(__dirname, '../.bundle/inputs.json');

/**
 * The command a run's code cache belongs to: its first argument when it is a word (simulate, statespace, …),
 * otherwise "default" (options only, --version, a file name). A cache holds the functions compiled by the run
 * that wrote it, so one cache per command: a first run of `--version` would otherwise leave a cache without the
 * simulator, and every later `simulate` would compile it lazily from source (≈ 60–90 ms).
 */
function commandOf(argv = process.argv.slice(2)) {
  const first = argv[0];
  return first !== undefined && /^[a-z][a-z-]{0,39}$/.test(first) ? first : 'default';
}

/** main.cjs.simulate.v8cache, … beside the bundle. */
const cacheFileOf = (bundleFile, command = commandOf()) => `${bundleFile}.${command}.v8cache`;

/** The newest modification time (ms) of the files below dir, or of the file itself. */
function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let t = info.mtimeMs;
  for (const name of readdirSync(path)) t = Math.max(t, newest(`${path}/${name}`));
  return t;
}

/** The newest modification time (ms) of the listed files; Infinity when one is missing (the bundle is stale). */
function newestOf(files) {
  let t = 0;
  for (const file of files) {
    const info = statSync(file, { throwIfNoEntry: false });
    if (info === undefined) return Infinity;
    t = Math.max(t, info.mtimeMs);
  }
  return t;
}

/** The workspace's package.json files: the root's and each package's. */
function manifests() {
  const files = [join(ROOT, 'package.json')];
  for (const name of readdirSync(PACKAGES)) files.push(join(PACKAGES, name, 'package.json'));
  return files.filter((f) => existsSync(f));
}

/** The input list written by the last build, or undefined when it is missing or unreadable. */
function readInputs() {
  try {
    const list = JSON.parse(readFileSync(INPUTS_FILE, 'utf8'));
    return Array.isArray(list) && list.every((f) => typeof f === 'string') ? list : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the bundle exists and is newer than the sources it was built from: the files of inputs.json (which
 * also lists the package.json files), or, without it, every file under packages/x/src and every package.json.
 * A file added to a package reaches the bundle only through an import, that is through an edit of a listed file.
 */
function bundleIsFresh() {
  const info = statSync(BUNDLE_FILE, { throwIfNoEntry: false });
  if (info === undefined) return false;
  const built = info.mtimeMs;
  const inputs = readInputs();
  if (inputs !== undefined) return built > newestOf(inputs);
  let sources = newestOf(manifests());
  for (const name of readdirSync(PACKAGES)) {
    const dir = join(PACKAGES, name, 'src');
    if (existsSync(dir)) sources = Math.max(sources, newest(dir));
  }
  return built > sources;
}

/**
 * The event by which the bundle names the code path a run took (packages/cli/src/code-path.ts: the simulate
 * command's model family, reader and solver), for the code cache's list of the paths it holds.
 */
const CODE_PATH_EVENT = 'sysgraph:code-path';
/** A cache file: this tag, the code paths it holds (tab-separated), a newline, then V8's cached data. */
const CACHE_TAG = 'sysgraph-code-cache';
/** Paths a cache lists at most (beyond them a run with a new path no longer rewrites it). */
const MAX_CODE_PATHS = 32;

/**
 * The cache's V8 data and the code paths it holds, when it is newer than the bundle and starts with the tag;
 * undefined otherwise or when it cannot be read.
 */
function readFreshCache(bundleFile, cacheFile) {
  try {
    if (statSync(cacheFile).mtimeMs < statSync(bundleFile).mtimeMs) return undefined;
    const bytes = readFileSync(cacheFile);
    const end = bytes.indexOf(10);
    if (end < 0 || bytes.toString('latin1', 0, CACHE_TAG.length) !== CACHE_TAG) return undefined;
    const paths = bytes.toString('utf8', CACHE_TAG.length, end).split('\t').filter(Boolean);
    return { data: bytes.subarray(end + 1), paths };
  } catch {
    return undefined;
  }
}

function writeCache(script, cacheFile, paths) {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    const header = Buffer.from(`${[CACHE_TAG, ...paths].join('\t')}\n`);
    writeFileSync(temporary, Buffer.concat([header, script.createCachedData()]));
    renameSync(temporary, cacheFile);
  } catch {
    try {
      unlinkSync(temporary);
    } catch {
      // nothing was written
    }
  }
}

/**
 * The bundle's text: an ASCII file (bundle.mjs's asciiOnly) as one-byte text, straight from its bytes; a file with
 * other bytes (a bundle built before) decoded as UTF-8, which makes it a two-byte string twice the size.
 */
function readSource(file) {
  const bytes = readFileSync(file);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/**
 * Compiles the bundle (from the code cache where it can) and runs it as Node runs a CommonJS module: the module
 * wrapper, a require relative to the bundle. Compiling the 1–2.6 MB script is the largest single cost of a small
 * command (≈ 0.2 s on a loaded machine), reading the cache instead a few milliseconds; Node 20 has no
 * module.enableCompileCache, so vm.Script's cachedData is the way there.
 *
 *   * The cache is used only when it is newer than the bundle (a rebuilt bundle makes it stale) and V8 accepts it
 *     (V8 itself rejects a cache made by another V8 version, other flags or another source length).
 *   * One cache per command (commandOf): it is written when absent, stale or rejected, at the end of the run (so
 *     that it holds the functions the command compiled), under a temporary name and renamed: concurrent runs never
 *     read half a file.
 *   * Also rewritten by a run whose code path (CODE_PATH_EVENT) the cache does not list: `simulate` of a linear
 *     example and of a nonlinear one run different code (the network model, dopri5, Rodas), and a cache written by
 *     the first left the second compiling ≈ 100 kB of bytecode from source at every run. The rewritten cache
 *     holds the functions the run deserialised and those it compiled, so after one run of each path it holds all.
 *   * It never makes a run fail: any error reading, using or writing it is ignored and the script compiles
 *     from its source; SYSGRAPH_CODE_CACHE=0 turns it off.
 */
function runBundle(file = BUNDLE_FILE, { useCache = process.env.SYSGRAPH_CODE_CACHE !== '0' } = {}) {
  const source = Module.wrap(readSource(file));
  const cacheFile = cacheFileOf(file);
  const cached = useCache ? readFreshCache(file, cacheFile) : undefined;
  const options = { filename: file };
  // dynamic import() of a package outside the bundle goes through the main loader (Node ≥ 20.12)
  if (vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER) options.importModuleDynamically = vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  let script;
  try {
    script = new vm.Script(source, { ...options, cachedData: cached?.data });
  } catch (e) {
    if (cached === undefined) throw e;
    script = new vm.Script(source, options);
  }
  if (useCache) {
    const held = cached === undefined || script.cachedDataRejected ? undefined : cached.paths;
    let taken;
    process.on(CODE_PATH_EVENT, (path) => {
      taken = String(path).replace(/[\t\n]/g, ' ');
    });
    process.once('exit', () => {
      if (held === undefined) writeCache(script, cacheFile, taken === undefined ? [] : [taken]);
      else if (taken !== undefined && !held.includes(taken) && held.length < MAX_CODE_PATHS) writeCache(script, cacheFile, [...held, taken]);
    });
  }
  const module = { exports: {}, filename: file, id: '.', loaded: false };
  const run = script.runInThisContext();
  run.call(module.exports, module.exports, Module.createRequire(file), module, file, dirname(file));
  module.loaded = true;
  return module.exports;
}

module.exports = { BUNDLE_FILE, INPUTS_FILE, bundleIsFresh, cacheFileOf, commandOf, manifests, runBundle };
