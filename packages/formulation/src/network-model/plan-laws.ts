/**
 * PlanLaws: the distinct laws of a network plan (network-plan.ts) and each element's entry among them, for the
 * plan's typed columns (a law is an index into `laws`, not a reference held by a record per element):
 *   entry(e, inTree) = { index, form, variable, linear, c, invert }   with  law = laws[index],
 *   c, invert: the law is z = c·w (z = w/c when invert) with c constant; c = NaN for any other law.
 * Elements of one law object (every diode of one SPICE .model) or of one value object (the netlist reader shares
 * the Expression of equal numbers) come in runs within a group, so the last law element and the last value
 * element are remembered: a run costs one comparison per element, no Map look-up and no allocation. A miss goes
 * to elementLaw's cache (element-law.ts) and, for a law not seen yet, appends it to `laws` (one Map keyed by the
 * few distinct law objects, not by element).
 */
import type { Expression, LawForm, OnePort } from '@sysgraph/description';
import { elementLaw } from './element-law';
import type { LawCache } from './element-law';
import { CoefficientLaw } from './scalar-law';
import type { ScalarLaw } from './scalar-law';

export interface PlanLawEntry {
  readonly index: number;
  readonly form: LawForm;
  readonly variable: 'v' | 'i' | 'q' | 'lambda';
  /** A value (linear law), not a user's law. */
  readonly linear: boolean;
  /** z = c·w (or w/c when invert) with c constant; NaN: any other law. */
  readonly c: number;
  readonly invert: boolean;
}

export class PlanLaws {
  readonly laws: ScalarLaw[] = [];
  private readonly indexOf = new Map<ScalarLaw, number>();
  private lastLaw: unknown = undefined;
  private lastLawEntry: PlanLawEntry | undefined;
  private lastValue: Expression | undefined;
  private lastValueType = '';
  private lastValueTree = false;
  private lastValueEntry: PlanLawEntry | undefined;

  constructor(
    private readonly parameters: ReadonlyMap<string, number | null>,
    private readonly cache: LawCache,
  ) {}

  /** The entry of one-port e at its place (in the tree or not). */
  entry(e: OnePort, inTree: boolean): PlanLawEntry {
    const law = e.law;
    if (law !== undefined) {
      if (law === this.lastLaw) return this.lastLawEntry!;
      const entry = this.miss(e, inTree);
      this.lastLaw = law;
      this.lastLawEntry = entry;
      return entry;
    }
    const value = e.value;
    if (value === this.lastValue && e.type === this.lastValueType && inTree === this.lastValueTree) return this.lastValueEntry!;
    const entry = this.miss(e, inTree);
    // a value in t compiles a law of its own per element: never shared, never remembered
    if (!value.dependsOnTime) {
      this.lastValue = value;
      this.lastValueType = e.type;
      this.lastValueTree = inTree;
      this.lastValueEntry = entry;
    }
    return entry;
  }

  /** The index of a law made by the plan itself (a two-port's ratio). */
  add(law: ScalarLaw): number {
    this.laws.push(law);
    return this.laws.length - 1;
  }

  private miss(e: OnePort, inTree: boolean): PlanLawEntry {
    const el = elementLaw(e, inTree, this.parameters, this.cache);
    let index = this.indexOf.get(el.law);
    if (index === undefined) {
      index = this.add(el.law);
      this.indexOf.set(el.law, index);
    }
    const k = el.law instanceof CoefficientLaw ? el.law.constantFactor() : undefined;
    return { index, form: el.form, variable: el.variable, linear: el.linear, c: k === undefined ? Number.NaN : k.c, invert: k?.invert ?? false };
  }
}
