#!/usr/bin/env node
// The sysgraph command. It runs one esbuild bundle of the TypeScript sources (packages/cli/.bundle/main.mjs),
// rebuilt when a source is newer: loading mathjs and the packages module by module through a TypeScript loader
// takes seconds, the bundle a fraction of that. Without esbuild, or when the build fails, the sources run
// through tsx's loader as they are.
import { bundleIsFresh, buildBundle, BUNDLE } from './bundle.mjs';

let entry = BUNDLE;
try {
  if (!bundleIsFresh()) await buildBundle();
} catch (e) {
  process.stderr.write(`note: running the sources through tsx (the bundle could not be built: ${e instanceof Error ? e.message.split('\n')[0] : e})\n`);
  const { register } = await import('tsx/esm/api');
  register();
  entry = new URL('../src/main.ts', import.meta.url);
}
await import(entry.href);
