/** buildPage: the production build of apps/web (Vite's build() API) into a fresh temporary folder. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const WEB_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function buildPage(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'sysgraph-web-'));
  await build({
    root: WEB_ROOT,
    configFile: join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}
