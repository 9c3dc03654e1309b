/**
 * Which values of a description depend on the time t (formulation.md section 11), and whether the time-varying
 * formulation covers them. Storage values (C, L, mutual M or k) may vary freely; static values (resistances,
 * two-port ratios) may vary unless a capacitor loop or inductor cutset couples through the static network
 * (F_Sσ ≠ 0 or F_ρΓ ≠ 0), where the coefficients of i_S and v_Γ would themselves vary and need their own rates.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Expression } from '@sysgraph/description';
import type { Structure } from '@sysgraph/graph';
import { signedNnz } from '@sysgraph/graph';

export type ValueRole = 'capacitance' | 'inductance' | 'resistance' | 'mutual' | 'ratio';

/** One scalar of the description that the formulation reads: an element's value, a mutual's value, a ratio. */
export interface ValueSite {
  readonly element: string;
  readonly field: 'value' | 'coupling' | 'ratio';
  readonly role: ValueRole;
  readonly expression: Expression;
  readonly dependsOnTime: boolean;
}

const ROLE_OF_TYPE = { A: 'capacitance', T: 'inductance', D: 'resistance' } as const;

/** True when the expression uses t (the description's flag; older trees are walked for a free symbol t). */
export function dependsOnTime(expr: Expression): boolean {
  const flag = (expr as { dependsOnTime?: boolean }).dependsOnTime;
  if (flag !== undefined) return flag;
  let found = false;
  expr.node.traverse((n) => {
    if (n.type === 'SymbolNode' && (n as unknown as { name: string }).name === 't' && !expr.parameters.includes('t')) found = true;
  });
  return found;
}

/** Every value site of the description, in description order (one-ports, mutuals, two-ports). */
export function valueSites(s: Structure): ValueSite[] {
  const desc = s.description;
  const sites: ValueSite[] = [];
  for (const e of desc.oneports) {
    const role = ROLE_OF_TYPE[e.type as keyof typeof ROLE_OF_TYPE];
    if (role === undefined) continue;
    sites.push({ element: e.id, field: 'value', role, expression: e.value, dependsOnTime: dependsOnTime(e.value) });
  }
  for (const m of desc.mutuals) {
    sites.push({ element: m.id, field: m.form === 'inductance' ? 'value' : 'coupling', role: 'mutual', expression: m.value, dependsOnTime: dependsOnTime(m.value) });
  }
  for (const tp of desc.twoPorts) sites.push({ element: tp.id, field: 'ratio', role: 'ratio', expression: tp.ratio, dependsOnTime: dependsOnTime(tp.ratio) });
  return sites;
}

export function isStorageRole(role: ValueRole): boolean {
  return role === 'capacitance' || role === 'inductance' || role === 'mutual';
}

/**
 * Throws 'unsupported' for what the linear time-varying formulation does not cover:
 *  - one-ports given by a constitutive law (the nonlinear formulation, nonlinearModel, handles them);
 *  - a time-varying resistance or ratio while F_Sσ ≠ 0 or F_ρΓ ≠ 0 (S or Γ coupled through the static network).
 */
export function checkTimeVaryingSupport(s: Structure, sites: readonly ValueSite[]): void {
  const laws = s.description.oneports.filter((e) => e.law !== undefined).map((e) => e.id);
  if (laws.length > 0) {
    throw new SysgraphError('unsupported', `${laws.join(', ')} ${laws.length === 1 ? 'is' : 'are'} given by a constitutive law: the linear time-varying model takes values only (use the nonlinear model for laws)`, {
      element: laws[0],
      field: 'law',
      elements: laws,
      expected: 'a value (an expression of parameters and t) in place of the law',
    });
  }
  const staticVarying = sites.filter((v) => v.dependsOnTime && !isStorageRole(v.role)).map((v) => v.element);
  if (staticVarying.length === 0) return;
  const p = s.partition;
  const lg = s.graph;
  const coupled: string[] = [];
  for (const y of ['G', 'theta', 'gammaT'] as const) {
    if (signedNnz(p.block('S', y)) > 0) for (const k of p.groups.S) coupled.push(lg.ids[k]);
  }
  for (const x of ['R', 'alpha', 'gammaL'] as const) {
    if (signedNnz(p.block(x, 'Gamma')) > 0) for (const k of p.groups.Gamma) coupled.push(lg.ids[k]);
  }
  if (coupled.length === 0) return;
  const storage = [...new Set(coupled)].sort();
  throw new SysgraphError(
    'unsupported',
    `${staticVarying.join(', ')} ${staticVarying.length === 1 ? 'varies' : 'vary'} with t while the dependent storage element${storage.length === 1 ? '' : 's'} ${storage.join(', ')} ${storage.length === 1 ? 'couples' : 'couple'} through the static network (a capacitor loop or inductor cutset through a two-port or resistor): make ${staticVarying.length === 1 ? 'that value' : 'those values'} constant`,
    { element: staticVarying[0], field: sites.find((v) => v.element === staticVarying[0])!.field, elements: [...staticVarying, ...storage], expected: 'constant resistances and ratios when a capacitor loop or inductor cutset couples through the static network' },
  );
}
