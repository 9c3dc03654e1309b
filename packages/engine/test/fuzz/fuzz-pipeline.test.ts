/**
 * Fuzzing the pipeline in-process (issue 18 item 6, CI subset): seeded valid-shaped and malformed descriptions
 * (fuzz-arbitraries.ts) through parse → structure → formulate (general, numeric; MASD
 * where it applies), no simulation. Any failure that is not a SysgraphError fails the test. Reports the counts
 * and the share of element-level errors (all but whole-document ones) that name an element or a field (a list
 * entry without an id is named by its field path, elements[2].id).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SysgraphError, SysgraphErrors } from '@sysgraph/core';
import { createSystemParser } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, masdFormulateOrFallback, numericBackend } from '@sysgraph/formulation';
import { anyDescription } from './fuzz-arbitraries';

const parser = createSystemParser();
const RUNS = 3000;
/** Errors about the document as a whole: no element to name. */
const DOCUMENT_LEVEL = new Set(['invalid-json', 'schema', 'bad-ground']);

describe('fuzzing parse → structure → formulate (seeded)', () => {
  it(`${RUNS} descriptions: every failure typed`, () => {
    const counts = { formulated: 0, typed: 0, elementLevel: 0, named: 0, both: 0 };
    const byCode = new Map<string, number>();
    const unnamed = new Map<string, string>();
    fc.assert(
      fc.property(anyDescription, fc.boolean(), (input, masd) => {
        try {
          const desc = parser.parse(input);
          const s = analyzeStructure(desc);
          const be = numericBackend(desc.parameters);
          if (masd) masdFormulateOrFallback(s, be);
          else formulate(s, be);
          counts.formulated++;
        } catch (e) {
          const errors = e instanceof SysgraphErrors ? e.errors : e instanceof SysgraphError ? [e] : undefined;
          if (!errors) throw e;
          counts.typed++;
          for (const x of errors) {
            byCode.set(x.code, (byCode.get(x.code) ?? 0) + 1);
            if (DOCUMENT_LEVEL.has(x.code) && x.element === undefined) continue;
            counts.elementLevel++;
            if (x.element !== undefined && x.field !== undefined) counts.both++;
            if (x.element !== undefined || x.field !== undefined) counts.named++;
            else if (!unnamed.has(x.code)) unnamed.set(x.code, `${x.message.slice(0, 160)}\n${x.stack?.split('\n').slice(1, 6).join('\n')}`);
          }
        }
      }),
      { seed: 1807, numRuns: RUNS },
    );
    const share = counts.elementLevel === 0 ? 1 : counts.named / counts.elementLevel;
    console.log(
      `pipeline fuzz: ${RUNS} descriptions, ${counts.formulated} formulated, ${counts.typed} typed errors, 0 untyped; ` +
        `element-level errors naming an element or a field: ${counts.named}/${counts.elementLevel} (${(100 * share).toFixed(1)} %), ` +
        `both: ${counts.both}\n` +
        [...byCode].sort((a, b) => b[1] - a[1]).map(([c, n]) => `  ${c}: ${n}`).join('\n') +
        (unnamed.size > 0 ? `\nnaming no element, e.g.:\n${[...unnamed].map(([c, m]) => `  ${c}: ${m}`).join('\n')}` : ''),
    );
    expect(counts.formulated).toBeGreaterThan(200);
    expect(share).toBeGreaterThan(0.95);
  }, 180_000);
});
