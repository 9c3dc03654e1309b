/**
 * lawElements: the one-ports of a description given by a constitutive `law` (docs/nonlinear.md): a description
 * with any is nonlinear (or time-varying) and goes through the nonlinear formulation, never silently through the
 * linear one. requireLaws / refuseLaws: the typed errors of options that need (or exclude) such elements.
 */
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';

export function lawElements(desc: SystemDescription): readonly string[] {
  return desc.oneports.filter((e) => e.law !== undefined).map((e) => e.id);
}

export function hasLaws(desc: SystemDescription): boolean {
  return desc.oneports.some((e) => e.law !== undefined);
}

/** 'bad-option' naming the option when the description has no law elements (a linear description). */
export function requireLaws(desc: SystemDescription, option: string): void {
  if (hasLaws(desc)) return;
  throw new SysgraphError('bad-option', `${option}: ${desc.name} has no element given by a law; it is linear`, {
    field: option,
    expected: 'a description with at least one element given by a "law" (examples/nonlinear)',
  });
}

/** 'unsupported' naming the option and the law elements, for options of the linear formulation only. */
export function refuseLaws(desc: SystemDescription, option: string, why: string): void {
  const laws = lawElements(desc);
  if (laws.length === 0) return;
  throw new SysgraphError('unsupported', `${option}: ${why}`, {
    field: option,
    elements: laws,
    expected: 'a description without law elements, or the command without this option',
  });
}
