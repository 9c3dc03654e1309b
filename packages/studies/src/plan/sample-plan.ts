/**
 * A Monte Carlo plan: N points, each parameter drawn from its distribution by x = F⁻¹(u) with u from one seeded
 * generator (random.ts), drawn point by point, parameter by parameter. Latin hypercube (lhs): for each parameter,
 * u_i = (π(i) + v_i)/N with π a seeded random permutation of 0 … N−1 and v_i uniform, so that every one of the N
 * equal-probability strata holds exactly one point.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Distribution } from './distribution';
import type { StudyPlan } from './plan';
import { seededRandom } from './random';
import { MAX_POINTS } from './grid-plan';

export interface SampleOptions {
  readonly seed?: number;
  readonly lhs?: boolean;
}

export const DEFAULT_SEED = 1;

export function samplePlan(dists: readonly Distribution[], size: number, options: SampleOptions = {}): StudyPlan {
  if (!Number.isInteger(size) || size < 1 || size > MAX_POINTS) throw new SysgraphError('bad-option', `--sample ${size}: expected a positive integer`, { field: '--sample', expected: `an integer from 1 to ${MAX_POINTS}` });
  if (dists.length === 0) throw new SysgraphError('bad-option', '--sample needs at least one --dist', { field: '--dist', expected: 'NAME=normal(mean, sd), NAME=uniform(low, high) or NAME=lognormal(mu, sigma)' });
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new SysgraphError('bad-option', `--seed ${seed}: expected an integer from 0 to 2^32 − 1`, { field: '--seed', expected: 'an integer from 0 to 4294967295' });
  const seen = new Set<string>();
  for (const d of dists) {
    if (seen.has(d.name)) throw new SysgraphError('bad-option', `--dist ${d.spec}: ${d.name} is given twice`, { element: d.name, field: '--dist', expected: 'each parameter once' });
    seen.add(d.name);
  }
  const rng = seededRandom(seed);
  const values = dists.map(() => new Float64Array(size));
  if (options.lhs) {
    for (let k = 0; k < dists.length; k++) {
      // Fisher–Yates: a uniformly random permutation of the strata
      const perm = new Int32Array(size);
      for (let i = 0; i < size; i++) perm[i] = i;
      for (let i = size - 1; i > 0; i--) {
        const j = Math.floor(rng.next() * (i + 1));
        const t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
      }
      for (let i = 0; i < size; i++) values[k][i] = dists[k].quantile((perm[i] + rng.next()) / size);
    }
  } else {
    for (let i = 0; i < size; i++) for (let k = 0; k < dists.length; k++) values[k][i] = dists[k].quantile(rng.next());
  }
  return { kind: 'sample', names: dists.map((d) => d.name), values, size, spec: [...dists.map((d) => d.spec), `seed ${seed}`, ...(options.lhs ? ['latin hypercube'] : [])], seed };
}
