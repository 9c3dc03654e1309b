/**
 * parameterUse: the first element (in description order) whose value, law, ratio or coupling uses one of the
 * given parameters, with the field that does — what an error about a parameter without a value names.
 */
import type { Expression, SystemDescription } from '@sysgraph/description';

export interface ParameterUse {
  readonly element: string;
  readonly field: string;
  readonly parameter: string;
}

export function parameterUse(desc: SystemDescription, names: readonly string[]): ParameterUse | undefined {
  const wanted = new Set(names);
  const hit = (e: Expression | undefined) => e?.parameters.find((p) => wanted.has(p));
  for (const o of desc.oneports) {
    const law = o.law;
    const inLaw = law === undefined ? undefined : law.kind === 'parametric' ? law.coordinates.map((c) => hit(c.expression)).find((p) => p !== undefined) : hit(law.expression);
    if (inLaw !== undefined) return { element: o.id, field: 'law', parameter: inLaw };
    const p = hit(o.userValue) ?? hit(o.value);
    if (p !== undefined) return { element: o.id, field: 'value', parameter: p };
  }
  for (const s of desc.sources) {
    const p = hit(s.constant);
    if (p !== undefined) return { element: s.id, field: 'value', parameter: p };
  }
  for (const t of desc.twoPorts) {
    const p = hit(t.ratio);
    if (p !== undefined) return { element: t.id, field: 'ratio', parameter: p };
  }
  for (const m of desc.mutuals) {
    const p = hit(m.value);
    if (p !== undefined) return { element: m.id, field: m.form === 'coupling' ? 'coupling' : 'value', parameter: p };
  }
  return undefined;
}
