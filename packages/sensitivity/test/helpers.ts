/** Shared by the tests: examples compiled at chosen parameter values, and an entrywise comparison. */
import { readFileSync } from 'node:fs';
import { compile } from '@sysgraph/engine';
import type { CompiledModel } from '@sysgraph/engine';

export const example = (name: string): string => readFileSync(new URL(`../../../examples/${name}.json`, import.meta.url), 'utf8');

export const compiled = (text: string, parameters: Record<string, number> = {}): CompiledModel => compile(text, { parameters });

/** max |a − b| over the entries, and the largest |a| (matrices of equal shape). */
export function difference(a: readonly (readonly number[])[], b: readonly (readonly number[])[]): { diff: number; scale: number } {
  let diff = 0;
  let scale = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < a[i].length; j++) {
      diff = Math.max(diff, Math.abs(a[i][j] - b[i][j]));
      scale = Math.max(scale, Math.abs(a[i][j]));
    }
  }
  return { diff, scale };
}
