// Runs the CommonJS bundle (bundle.mjs) the way Node's own loader would — the module wrapper, a require relative
// to the bundle — but compiled through vm.Script with a V8 code cache beside it (main.cjs.v8cache): compiling the
// 1–2.6 MB script is the largest single cost of a small command (≈ 0.2 s on a loaded machine), reading the cache
// instead a few milliseconds. Node 20 has no module.enableCompileCache; vm.Script's cachedData is the way there.
//
//   * The cache is used only when it is newer than the bundle (a rebuilt bundle makes it stale) and V8 accepts it
//     (V8 itself rejects a cache made by another V8 version, other flags or another source length).
//   * It is written when absent, stale or rejected, at the end of the run (so that it holds the functions the run
//     compiled), under a temporary name and renamed: concurrent runs never read half a file.
//   * It never makes a run fail: any error reading, using or writing it is ignored and the script compiles
//     from its source; SYSGRAPH_CODE_CACHE=0 turns it off.
import { readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

/** The code cache's file beside the bundle. */
export const cacheFileOf = (bundleFile) => `${bundleFile}.v8cache`;

/** The cache's bytes when it is newer than the bundle; undefined otherwise or when it cannot be read. */
function readFreshCache(bundleFile, cacheFile) {
  try {
    if (statSync(cacheFile).mtimeMs < statSync(bundleFile).mtimeMs) return undefined;
    return readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

function writeCache(script, cacheFile) {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, cacheFile);
  } catch {
    try {
      unlinkSync(temporary);
    } catch {
      // nothing was written
    }
  }
}

/** Compiles the bundle (from the code cache where it can) and runs it as Node runs a CommonJS module. */
export function runBundle(bundleUrl, { useCache = process.env.SYSGRAPH_CODE_CACHE !== '0' } = {}) {
  const file = fileURLToPath(bundleUrl);
  const source = Module.wrap(readFileSync(file, 'utf8'));
  const cacheFile = cacheFileOf(file);
  const cached = useCache ? readFreshCache(file, cacheFile) : undefined;
  const options = { filename: file };
  // dynamic import() of a package outside the bundle goes through the main loader (Node ≥ 20.12)
  if (vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER) options.importModuleDynamically = vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  let script;
  try {
    script = new vm.Script(source, { ...options, cachedData: cached });
  } catch (e) {
    if (cached === undefined) throw e;
    script = new vm.Script(source, options);
  }
  if (useCache && (cached === undefined || script.cachedDataRejected)) process.once('exit', () => writeCache(script, cacheFile));
  const module = { exports: {}, filename: file, id: '.', loaded: false };
  const run = script.runInThisContext();
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  module.loaded = true;
  return module.exports;
}
