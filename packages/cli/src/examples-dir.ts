/**
 * The examples folder: the repository's examples/ when the command runs from the sources or the workspace's
 * bundle (packages/cli/src or packages/cli/.bundle, three folders below the root), else the copy shipped in the
 * packed package (dist/examples, copied there by the library build, scripts/lib/build-js.mjs; a module of dist/ or
 * of dist/chunks/ reaches it). The first candidate that holds index.json wins, else the first (a missing example is
 * then the usual 'no file or example named …' error).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where the examples are looked for, in order, relative to this module's file. */
const CANDIDATES = ['../../../examples/', './examples/', '../examples/'];

export function examplesDir(): string {
  const tried = CANDIDATES.map((c) => fileURLToPath(new URL(c, import.meta.url)));
  return tried.find((d) => existsSync(`${d}index.json`)) ?? tried[0];
}
