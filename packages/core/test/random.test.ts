/**
 * seededRandom against mulberry32 as published (Ettinger's C, on uint32_t): an independent transcription in BigInt
 * arithmetic modulo 2^32, and first outputs written out from a separate evaluation of the C algorithm.
 */
import { describe, expect, it } from 'vitest';
import { SysgraphError, seededRandom } from '../src/index';

const MASK = 0xffffffffn;

/** The published algorithm on unbounded integers reduced modulo 2^32 after every operation. */
function* mulberry32Reference(seed: bigint): Generator<bigint> {
  let x = seed & MASK;
  for (;;) {
    x = (x + 0x6d2b79f5n) & MASK;
    let z = ((x ^ (x >> 15n)) * (x | 1n)) & MASK;
    z = (z ^ ((z + (((z ^ (z >> 7n)) * (z | 61n)) & MASK)) & MASK)) & MASK;
    yield z ^ (z >> 14n);
  }
}

const draws = (draw: () => number, n: number): number[] => Array.from({ length: n }, draw);

/** The reference's first n outputs as numbers in [0, 1): u / 2^32. */
function referenceDraws(seed: bigint, n: number): number[] {
  const reference = mulberry32Reference(seed);
  return Array.from({ length: n }, () => Number(reference.next().value) / 2 ** 32);
}

/** The first n 32-bit outputs, u = draw · 2^32 (exact: the draw is u / 2^32). */
const outputs = (seed: number, n: number): number[] => draws(seededRandom(seed), n).map((r) => r * 2 ** 32);

describe('seededRandom (mulberry32)', () => {
  it('gives the published first outputs', () => {
    // uint32 outputs of the C algorithm, evaluated apart from this code
    expect(outputs(0, 5)).toEqual([1144304738, 1416247, 958946056, 627933444, 2007157716]);
    expect(outputs(1, 5)).toEqual([2693262067, 11749833, 2265367787, 4213581821, 4159151403]);
    expect(outputs(42, 5)).toEqual([2581720956, 1925393290, 3661312704, 2876485805, 750819978]);
    expect(outputs(0xffffffff, 5)).toEqual([3850105811, 813802916, 3073704848, 4054706436, 3630262831]);
  });

  it('follows the BigInt transcription for 2000 draws on seeds across the 32-bit range', () => {
    for (const seed of [0, 7, 0x5eed, 4242, 0x7fffffff, 0x80000000, 0xdeadbeef, 0xffffffff]) {
      expect(draws(seededRandom(seed), 2000)).toEqual(referenceDraws(BigInt(seed), 2000));
    }
  });

  it('takes an integer seed modulo 2^32 (negative and beyond 2^32 alike)', () => {
    const cases: [number, bigint][] = [[-1, 0xffffffffn], [-4242, 2n ** 32n - 4242n], [2 ** 32 + 5, 5n], [3 * 2654435761 + 11, (3n * 2654435761n + 11n) & MASK]];
    for (const [seed, reduced] of cases) {
      expect(draws(seededRandom(seed), 50)).toEqual(referenceDraws(reduced, 50));
    }
  });

  it('draws in [0, 1)', () => {
    const sample = draws(seededRandom(99), 10000);
    expect(sample.every((r) => r >= 0 && r < 1)).toBe(true);
  });

  it('refuses a seed that is not an integer, naming the field', () => {
    for (const seed of [0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      let caught: unknown;
      try {
        seededRandom(seed);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(SysgraphError);
      expect((caught as SysgraphError).code).toBe('bad-option');
      expect((caught as SysgraphError).field).toBe('seed');
    }
  });
});
