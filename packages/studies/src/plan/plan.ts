/**
 * A study plan: the parameter values of every point, as columns (one Float64Array per parameter, point order).
 * Grids are the product of the axes (the first --param varies slowest); Monte Carlo plans are drawn from a seeded
 * generator, so that one seed gives one table whatever runs it.
 */
export interface StudyPlan {
  readonly kind: 'grid' | 'sample';
  /** The swept or sampled parameters, in the order given. */
  readonly names: readonly string[];
  /** values[k][i]: parameter names[k] at point i. */
  readonly values: readonly Float64Array[];
  /** Number of points. */
  readonly size: number;
  /** How it was made, in words (for the report and the table's metadata). */
  readonly spec: readonly string[];
  readonly seed?: number;
}

/** The parameter values of point i by name. */
export function pointValues(plan: StudyPlan, i: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (let k = 0; k < plan.names.length; k++) out[plan.names[k]] = plan.values[k][i];
  return out;
}
