/**
 * The sysgraph command as a whole process, as a user runs it: bin/sysgraph.mjs, the esbuild bundle of the sources
 * (rebuilt by the launcher when a source is newer, so it is the code under test) compiled from its code cache.
 * Tests that are about the process — exit codes, standard error, files written, --help — use this; a spawn of the
 * sources through tsx's loader costs seconds of CPU per run (mathjs's modules through the loader), the bundle a
 * few tenths. launcher.test.ts checks that the bundle and the sources give the same output.
 */
import { spawnSync } from 'node:child_process';
import type { SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const BIN = join(ROOT, 'packages/cli/bin/sysgraph.mjs');

export interface CommandOptions {
  readonly env?: Readonly<Record<string, string>>;
  readonly maxBuffer?: number;
}

/** `sysgraph ARGS…` from the repository root: status, stdout and stderr as text. */
export function sysgraph(args: readonly string[], options: CommandOptions = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
    ...(options.maxBuffer ? { maxBuffer: options.maxBuffer } : {}),
  });
}
