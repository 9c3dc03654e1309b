// pnpm pack of every package under packages/ into one folder. pnpm (10) writes the manifest the way it publishes
// it: publishConfig's exports, main, types and bin replace the workspace's (which point to the sources), and every
// workspace:* dependency becomes the version of that package; only the files listed in "files" (dist/) and the
// README go in.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkPublishable, publishedFiles, ROOT, workspacePackages } from './workspace-packages.mjs';

/** How to run pnpm: the pnpm that runs this process (pnpm test, pnpm pack:lib), else pnpm 10 through npx. */
function pnpmCommand() {
  const execPath = process.env.npm_execpath ?? '';
  if (/pnpm/.test(execPath) && existsSync(execPath)) return [process.execPath, [execPath]];
  return ['npx', ['-y', 'pnpm@10']];
}

/** The tarball pnpm pack names for a package: @sysgraph/core 0.1.0 → sysgraph-core-0.1.0.tgz. */
export function tarballName(manifest) {
  return `${manifest.name.replace(/^@/, '').replace('/', '-')}-${manifest.version}.tgz`;
}

/**
 * Packs every package into dest; returns { name → absolute tarball path }. The packages must be built
 * (pnpm build:lib): a missing dist file is an error naming it before anything is packed.
 */
export function packPackages(dest) {
  const packages = workspacePackages();
  for (const pkg of packages) {
    checkPublishable(pkg);
    const missing = publishedFiles(pkg.manifest).filter((f) => !existsSync(join(pkg.dir, f)));
    if (missing.length > 0) throw new Error(`${pkg.name} is not built (${missing.join(', ')} missing): run pnpm build:lib first`);
  }
  mkdirSync(dest, { recursive: true });
  const [command, prefix] = pnpmCommand();
  const filters = packages.flatMap((p) => ['--filter', `./${relative(ROOT, p.dir)}`]);
  try {
    execFileSync(command, [...prefix, '-r', ...filters, 'pack', '--pack-destination', dest], { cwd: ROOT, stdio: 'pipe' });
  } catch (e) {
    throw new Error(`pnpm pack failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
  const tarballs = {};
  for (const pkg of packages) {
    const file = join(dest, tarballName(pkg.manifest));
    if (!existsSync(file)) throw new Error(`pnpm pack did not write ${file} for ${pkg.name}`);
    tarballs[pkg.name] = file;
  }
  return tarballs;
}
