/**
 * The worker's script: worker threads run plain JavaScript, not the workspace's TypeScript sources, so
 * point-worker.ts and what it imports are bundled by esbuild into packages/studies/.bundle/point-worker.cjs,
 * rebuilt when a source under packages/* /src is newer (as the command's own bundle is; built to a temporary name and
 * renamed, so that concurrent studies never load half a file). Found from this file's place in the sources, or from
 * the command's bundle (packages/cli/.bundle/), whose import.meta.url is its own.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SysgraphError } from '@sysgraph/core';
import { build } from 'esbuild';

/** The worker's source, from the sources (src/pool/) or from the command's bundle (packages/cli/.bundle/). */
function workerSource(): string {
  for (const rel of ['./point-worker.ts', '../../studies/src/pool/point-worker.ts']) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new SysgraphError('unsupported', 'the pool worker\'s source (packages/studies/src/pool/point-worker.ts) is not found', { field: '--workers', expected: 'the workspace sources, or --workers 1' });
}

function newest(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let t = info.mtimeMs;
  for (const name of readdirSync(path)) t = Math.max(t, newest(`${path}/${name}`));
  return t;
}

/** The bundled worker script, built when missing or older than a source; its path. */
export async function workerBundle(): Promise<string> {
  const source = workerSource();
  const studies = source.replace(/src[\\/]pool[\\/]point-worker\.ts$/, '');
  const packages = `${studies}..`;
  const out = `${studies}.bundle/point-worker.cjs`;
  if (existsSync(out)) {
    const built = statSync(out).mtimeMs;
    let sources = 0;
    for (const name of readdirSync(packages)) if (existsSync(`${packages}/${name}/src`)) sources = Math.max(sources, newest(`${packages}/${name}/src`));
    if (built > sources) return out;
  }
  mkdirSync(`${studies}.bundle`, { recursive: true });
  const temporary = `${out}.${process.pid}.tmp`;
  await build({
    entryPoints: [source],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: temporary,
    logLevel: 'error',
    // the worker's workerData is piscina's own module state: the copy the pool loaded, not a bundled one
    external: ['piscina'],
    define: { 'import.meta.url': '__sysgraphModuleUrl' },
    banner: { js: "const __sysgraphModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
  renameSync(temporary, out);
  return out;
}
