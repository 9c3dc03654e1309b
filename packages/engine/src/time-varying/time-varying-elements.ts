/**
 * timeVaryingElements: the elements of a description whose value (one-port or mutual `value`, two-port `ratio`)
 * uses the time t (formulation.md section 11, docs/time-varying.md). A description with any, and no law, is a
 * linear time-varying system: it goes through timeVaryingModel, never through `formulate` (which refuses a value
 * in t). requireTimeVarying / refuseTimeVarying: the typed errors of options that need (or exclude) them.
 */
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import { dependsOnTime } from '@sysgraph/formulation';

export function timeVaryingElements(desc: SystemDescription): readonly string[] {
  return [
    ...desc.oneports.filter((e) => e.law === undefined && dependsOnTime(e.value)).map((e) => e.id),
    ...desc.mutuals.filter((m) => dependsOnTime(m.value)).map((m) => m.id),
    ...desc.twoPorts.filter((t) => dependsOnTime(t.ratio)).map((t) => t.id),
  ];
}

/** Values in t and no law (a description with laws goes through the nonlinear formulation, time-varying laws included). */
export function isTimeVarying(desc: SystemDescription): boolean {
  return !desc.oneports.some((e) => e.law !== undefined) && timeVaryingElements(desc).length > 0;
}

/** 'bad-option' naming the option when the description has no value in t. */
export function requireTimeVarying(desc: SystemDescription, option: string): void {
  if (isTimeVarying(desc)) return;
  throw new SysgraphError('bad-option', `${option}: ${desc.name} has no value that depends on t`, {
    field: option,
    expected: 'a description whose values use the time t (examples/time-varying)',
  });
}

/** 'unsupported' naming the option and the time-varying elements, for options of time-invariant models only. */
export function refuseTimeVarying(desc: SystemDescription, option: string, why: string): void {
  if (!isTimeVarying(desc)) return;
  const elements = timeVaryingElements(desc);
  throw new SysgraphError('unsupported', `${option}: ${why}`, {
    field: option,
    elements,
    expected: 'a description without values in t, or the command without this option',
  });
}
