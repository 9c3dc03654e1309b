/** The plan of the command line's options: a grid of --param axes, or --sample N points of --dist distributions. */
import { SysgraphError } from '@sysgraph/core';
import { parseAxis } from './parse-axis';
import { gridPlan } from './grid-plan';
import { parseDistribution } from './distribution';
import { samplePlan } from './sample-plan';
import type { StudyPlan } from './plan';

export interface PlanOptions {
  readonly param?: readonly string[];
  readonly sample?: number;
  readonly dist?: readonly string[];
  readonly seed?: number;
  readonly lhs?: boolean;
}

export function parsePlan(o: PlanOptions): StudyPlan {
  const params = o.param ?? [];
  const dists = o.dist ?? [];
  if (o.sample !== undefined || dists.length > 0) {
    if (params.length > 0) throw new SysgraphError('bad-option', '--param and --sample/--dist together: a study is a grid or a Monte Carlo sample', { element: parseAxis(params[0]).name, field: '--param', expected: 'either --param axes or --sample N with --dist' });
    if (o.sample === undefined) throw new SysgraphError('bad-option', '--dist without --sample N', { field: '--sample', expected: 'the number of points, e.g. --sample 1000' });
    return samplePlan(dists.map(parseDistribution), o.sample, { seed: o.seed, lhs: o.lhs });
  }
  if (o.lhs || o.seed !== undefined) throw new SysgraphError('bad-option', '--seed and --lhs belong to a Monte Carlo study (--sample N --dist …)', { field: o.lhs ? '--lhs' : '--seed', expected: '--sample N with --dist' });
  return gridPlan(params.map((p) => parseAxis(p)));
}
