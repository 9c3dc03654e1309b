/**
 * Fuzzing the reader (issue 18 item 6, CI subset): seeded valid-shaped and malformed descriptions and law
 * expressions through parseSystem. Every failure must be a SysgraphError (or SysgraphErrors) with a code; an
 * element-level error names its element. Prints the counts.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SysgraphError, SysgraphErrors } from '@sysgraph/core';
import { anyDescription, lawExpression } from './fuzz-arbitraries';

const parser = createSystemParser();
const parse = (input: unknown) => parser.parse(input);
import { createSystemParser } from '@sysgraph/description';

function classify(run: () => unknown): 'success' | 'typed' {
  try {
    run();
    return 'success';
  } catch (e) {
    const errors = e instanceof SysgraphErrors ? e.errors : e instanceof SysgraphError ? [e] : undefined;
    if (!errors) throw e;
    for (const x of errors) if (typeof x.code !== 'string' || (x.code as string) === '') throw new Error(`an error without a code: ${x.message}`);
    return 'typed';
  }
}

describe('fuzzing parseSystem (seeded)', () => {
  it('2000 descriptions, valid and malformed: no untyped failure', () => {
    const counts = { success: 0, typed: 0 };
    fc.assert(
      fc.property(anyDescription, (d) => {
        counts[classify(() => parse(d))]++;
      }),
      { seed: 1806, numRuns: 2000 },
    );
    console.log(`parseSystem fuzz: ${counts.success} read, ${counts.typed} typed errors, 0 untyped`);
    expect(counts.success).toBeGreaterThan(100);
    expect(counts.typed).toBeGreaterThan(500);
  }, 120_000);

  it('1000 law expressions on a resistor: read or refused with a typed error naming R and its law', () => {
    let refused = 0;
    fc.assert(
      fc.property(lawExpression('v'), (text) => {
        const d = { elements: [{ id: 'V', kind: 'voltage-source', from: 'a', to: 'g' }, { id: 'R', kind: 'resistor', from: 'a', to: 'g', law: { through: text } }] };
        if (classify(() => parse(d)) === 'typed') {
          refused++;
          try {
            parse(d);
          } catch (e) {
            const errors = e instanceof SysgraphErrors ? e.errors : [e as SysgraphError];
            for (const x of errors) {
              expect(x.element).toBe('R');
              expect(x.field).toMatch(/^law/);
            }
          }
        }
      }),
      { seed: 1806, numRuns: 1000 },
    );
    console.log(`law fuzz: ${1000 - refused} read, ${refused} refused`);
  }, 120_000);
});
