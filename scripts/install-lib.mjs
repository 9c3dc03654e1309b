// Builds the packages, packs them and installs them with the example scripts into a folder of their own:
//   node scripts/install-lib.mjs DIR [--no-build] [--tarballs TARBALL_DIR]
// DIR (outside the repository) gets package.json (the @sysgraph packages the scripts of examples/scripts import,
// and theirs, as file:<tarball>, and the command @sysgraph/cli), node_modules and a copy of the scripts; then
// `node DIR/rc-step.mjs` runs against the packed packages and `DIR/node_modules/.bin/sysgraph` is the packed command. The tarballs go to TARBALL_DIR (default DIR/tarballs).
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildLib } from './build-lib.mjs';
import { installTarballs } from './lib/install-tarballs.mjs';
import { packPackages } from './lib/pack-packages.mjs';
import { ROOT } from './lib/workspace-packages.mjs';

export const SCRIPTS_DIR = join(ROOT, 'examples', 'scripts');

/** The @sysgraph packages the example scripts import (every `from '@sysgraph/…'` of examples/scripts/*.mjs, comments aside). */
export function scriptPackages() {
  const names = new Set();
  for (const file of readdirSync(SCRIPTS_DIR).filter((f) => f.endsWith('.mjs'))) {
    const code = readFileSync(join(SCRIPTS_DIR, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    for (const m of code.matchAll(/\bfrom\s*['"](@sysgraph\/[^'"/]+)/g)) names.add(m[1]);
  }
  return [...names].sort();
}

/** The command, installed beside the scripts' packages: `npx sysgraph examples` runs the packed command. */
export const COMMAND_PACKAGE = '@sysgraph/cli';

/** Build (unless build is false), pack into tarballDir, install into appDir, copy the scripts there. */
export async function installLib(appDir, { build = true, tarballDir = join(appDir, 'tarballs'), log = () => {} } = {}) {
  // Inside the repository Node would also find the workspace's node_modules (the sources) above DIR.
  if (!relative(ROOT, appDir).startsWith('..')) throw new Error(`${appDir} is inside the repository; install into a folder outside it`);
  if (build) await buildLib({ log });
  const tarballs = packPackages(tarballDir);
  log(`packed ${Object.keys(tarballs).length} packages into ${tarballDir}`);
  const installed = installTarballs(appDir, tarballs, [...scriptPackages(), COMMAND_PACKAGE]);
  log(`installed ${installed.join(', ')} into ${appDir}`);
  for (const name of readdirSync(SCRIPTS_DIR)) {
    if (/\.(mjs|cir)$/.test(name)) cpSync(join(SCRIPTS_DIR, name), join(appDir, name));
  }
  return installed;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const dir = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--tarballs');
  const t = args.indexOf('--tarballs');
  if (!dir) {
    process.stderr.write('usage: node scripts/install-lib.mjs DIR [--no-build] [--tarballs TARBALL_DIR]\n');
    process.exit(2);
  }
  try {
    await installLib(resolve(dir), {
      build: !args.includes('--no-build'),
      ...(t >= 0 && args[t + 1] ? { tarballDir: resolve(args[t + 1]) } : {}),
      log: (line) => process.stdout.write(`${line}\n`),
    });
  } catch (e) {
    process.stderr.write(`install-lib: ${e instanceof Error ? e.message : e}\n`);
    process.exit(1);
  }
}
