/** Finds and parses the system a command works on: a file, an example name, or the default example. */
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SysgraphError } from '@sysgraph/core';
import { parseSystem, readSpiceNetlist, withParameters } from '@sysgraph/description';
import type { SystemDescription } from '@sysgraph/description';
import { netlistDefaults } from './netlist/netlist-defaults';
import { readInputFile } from './read-input-file';
import type { NetlistDefaults } from './netlist/netlist-defaults';

export const EXAMPLES_DIR = fileURLToPath(new URL('../../../examples/', import.meta.url));
export const DEFAULT_EXAMPLE = 'motor-pump';

export function resolveSystemFile(file: string | undefined): string {
  if (!file) return resolve(EXAMPLES_DIR, `${DEFAULT_EXAMPLE}.json`);
  if (existsSync(file)) return resolve(file);
  for (const candidate of [resolve(EXAMPLES_DIR, `${file}.json`), resolve(EXAMPLES_DIR, 'cases', `${file}.json`)]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new SysgraphError('bad-option', `no file or example named "${file}"`, { field: 'FILE', expected: 'a description file or an example name (sysgraph examples lists them)' });
}

export function parseParams(list: readonly string[] | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of list ?? []) {
    const m = /^([^=\s]+)\s*=\s*(.+)$/.exec(item);
    const value = m ? Number(m[2]) : NaN;
    if (!m || !Number.isFinite(value)) {
      throw new SysgraphError('bad-option', `--param ${item}: expected name=number`, { field: '--param', expected: 'name=number, e.g. R=2.5' });
    }
    out[m[1]] = value;
  }
  return out;
}

export type { NetlistDefaults } from './netlist/netlist-defaults';

/** SPICE netlists are recognised by their extension; everything else is a JSON description. */
export const NETLIST_EXTENSIONS = ['.cir', '.sp', '.spi', '.spice', '.net', '.ckt'];

export function isNetlistFile(path: string): boolean {
  const lower = path.toLowerCase();
  return NETLIST_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

export function loadSystem(
  file: string | undefined,
  params?: readonly string[],
): { desc: SystemDescription; path: string; netlist?: NetlistDefaults } {
  const path = resolveSystemFile(file);
  const text = readInputFile(path);
  let desc: SystemDescription;
  let netlist: NetlistDefaults | undefined;
  if (isNetlistFile(path)) {
    const read = readSpiceNetlist(text, { name: basename(path).replace(/\.[^.]*$/, '') });
    desc = read.description;
    netlist = netlistDefaults(read);
  } else desc = parseSystem(text, { name: basename(path).replace(/\.json$/, '') });
  const overrides = parseParams(params);
  if (Object.keys(overrides).length > 0) desc = withParameters(desc, overrides);
  return { desc, path, netlist };
}

/** --input pairs after the netlist's waveforms: a name given on the command line wins. */
export function withNetlistInputs(given: readonly string[], netlist: Pick<NetlistDefaults, 'inputs'> | undefined): string[] {
  if (!netlist) return [...given];
  const named = new Set(given.map((pair) => pair.split('=')[0].trim()));
  return [...netlist.inputs.filter((pair) => !named.has(pair.split('=')[0])), ...given];
}
