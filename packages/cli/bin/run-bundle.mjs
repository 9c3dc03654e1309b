// Runs the CommonJS bundle (bundle.mjs) compiled from a V8 code cache beside it (one per command, main.cjs.simulate.v8cache, …): the code is in
// launch.cjs, which the command requires without the ES module loader; this module gives it to the tests and
// tools that import it. runBundle takes the bundle's file URL or path.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const launch = createRequire(import.meta.url)('./launch.cjs');

/** The code cache's file beside the bundle for a command (default: this process's command). */
export const cacheFileOf = launch.cacheFileOf;

/** Compiles the bundle (from the code cache where it can) and runs it as Node runs a CommonJS module. */
export function runBundle(bundle, options) {
  return launch.runBundle(bundle instanceof URL || String(bundle).startsWith('file:') ? fileURLToPath(bundle) : bundle, options);
}
