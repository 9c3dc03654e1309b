#!/usr/bin/env node
// The sysgraph command. It runs one esbuild bundle of the TypeScript sources (packages/cli/.bundle/main.cjs,
// bundle.mjs), rebuilt when a source is newer, compiled from a V8 code cache beside it (launch.cjs): loading
// mathjs and the packages module by module through a TypeScript loader takes seconds, the bundle a fraction of
// that. Without esbuild, or when the build fails, the sources run through tsx's loader as they are.
import { createRequire } from 'node:module';

const launch = createRequire(import.meta.url)('./launch.cjs');
let built = true;
try {
  if (!launch.bundleIsFresh()) await (await import('./bundle.mjs')).buildBundle();
} catch (e) {
  built = false;
  process.stderr.write(`note: running the sources through tsx (the bundle could not be built: ${e instanceof Error ? e.message.split('\n')[0] : e})\n`);
}
if (built) launch.runBundle();
else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/main.ts', import.meta.url).href);
}
