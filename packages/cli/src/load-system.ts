/** Finds and parses the system a command works on: a file, an example name, or the default example. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import { compile, NETLIST_EXTENSIONS } from '@sysgraph/engine';
import type { CompiledModel, NetlistDefaults } from '@sysgraph/engine';
import { readInputFile } from './read-input-file';
import { examplesDir } from './examples-dir';

export const EXAMPLES_DIR = examplesDir();
export const DEFAULT_EXAMPLE = 'motor-pump';

export function resolveSystemFile(file: string | undefined): string {
  if (!file) return resolve(EXAMPLES_DIR, `${DEFAULT_EXAMPLE}.json`);
  if (existsSync(file)) return resolve(file);
  for (const candidate of [resolve(EXAMPLES_DIR, `${file}.json`), resolve(EXAMPLES_DIR, 'cases', `${file}.json`), resolve(EXAMPLES_DIR, `${file}.sm`)]) {
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

export type { NetlistDefaults } from '@sysgraph/engine';
export { NETLIST_EXTENSIONS, withNetlistInputs } from '@sysgraph/engine';

export function isNetlistFile(path: string): boolean {
  const lower = path.toLowerCase();
  return NETLIST_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** --from: the reader by name (json, spice, statemint, bondgraph…) instead of the file's extension. */
export type InputFormat = string | undefined;

/**
 * The file (or example) compiled by the engine's reader registry, with --param values applied: the reader named
 * by --from, else chosen by the extension, else by a glance at the text.
 */
export function loadModel(file: string | undefined, params?: readonly string[], from?: InputFormat): { model: CompiledModel; path: string } {
  const path = resolveSystemFile(file);
  const model = compile({ text: readInputFile(path), path, ...(from !== undefined ? { format: from } : {}) }, { parameters: parseParams(params) });
  return { model, path };
}

/**
 * The file's linear-graph description (a typed 'unsupported' error for an equation set, which has none: read
 * `model.family` first where both are served).
 */
export function loadSystem(
  file: string | undefined,
  params?: readonly string[],
  from?: InputFormat,
): { desc: SystemDescription; path: string; format: string; netlist?: NetlistDefaults; model: CompiledModel } {
  const { model, path } = loadModel(file, params, from);
  return { desc: model.description, path, format: model.format, model, ...(model.netlist ? { netlist: model.netlist } : {}) };
}
