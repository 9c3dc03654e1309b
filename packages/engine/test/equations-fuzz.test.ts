/**
 * Malformed equation files never crash untyped: random files assembled from the format's own pieces (sections,
 * names, primes, operators, functions, numbers, commas, stray characters), with a fixed seed, either compile and
 * simulate or raise a SysgraphError.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SysgraphError } from '@sysgraph/core';
import { compile, simulate } from '@sysgraph/engine';

const piece = fc.constantFrom(
  '[parameters]', '[inputs]', '[states]', '[elemental]', '[constraints]', '[outputs]', '[graph]', '[other]',
  "x' = -a*x + u", "y' = x - y", 'v = b*x', 'w = v + u', "v = c*u'", "z = x''", 'a = 2', 'b', 'c = 1e400', 'u', 'x, y',
  'v', 'w = sin(v)', 'v = w', "x' = sqrt(x) + t", 'q = (x +', "x' = v'", '= 3', 'I = 1', "x' = I*x", 'y = v_R', '** ^', "'",
  '# comment', '', 'x = x', 'u = 1', "y' = 1/0", 'v = x**2', 'v = pi*x, w = 2', '{', ' , ,',
);

/** Mostly nothing, so that some files are well formed and reach the derivation and the simulation. */
const maybe = fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: piece });

describe('equation files: no untyped failure', () => {
  it('random files compile, or raise a SysgraphError', () => {
    let compiled = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 2 }), fc.array(fc.array(maybe, { maxLength: 2 }), { minLength: 6, maxLength: 6 }), (head, bodies) => {
        // mostly well-formed: the sections in order, each with random lines, after a few random lines
        const sections = ['[parameters]\na = 2\nb = 3\nc = 4', '[inputs]\nu', "[states]\nx' = -a*x + u", '[elemental]\nv = b*x', '[constraints]\nw = v + u', '[outputs]\nx'];
        const text = [...head, ...sections.map((s, k) => [s, ...bodies[k]].join('\n'))].join('\n');
        try {
          const m = compile({ text, path: 'fuzz.sm' });
          void m.stateNames;
          if (m.stateNames.length > 0 && m.stateNames.length < 4) simulate(m, { tEnd: 0.01, samples: 3 });
          compiled++;
        } catch (e) {
          if (!(e instanceof SysgraphError)) throw new Error(`untyped ${String(e)} for:\n${text}`);
        }
      }),
      { seed: 1605, numRuns: 400 },
    );
    // the generator reaches the derivation, not only the reader's first check
    expect(compiled).toBeGreaterThan(20);
  });
});
