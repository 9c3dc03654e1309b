// pnpm pack:lib DEST — the tarballs of every package under packages/ (built first by pnpm build:lib) in DEST.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packPackages } from './lib/pack-packages.mjs';

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dest = process.argv[2];
  if (!dest) {
    process.stderr.write('usage: node scripts/pack-lib.mjs DEST (after pnpm build:lib)\n');
    process.exit(2);
  }
  try {
    for (const [name, file] of Object.entries(packPackages(resolve(dest)))) process.stdout.write(`${name}\t${file}\n`);
  } catch (e) {
    process.stderr.write(`pack:lib: ${e instanceof Error ? e.message : e}\n`);
    process.exit(1);
  }
}
