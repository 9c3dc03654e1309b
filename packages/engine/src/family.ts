/**
 * The model family of a description, chosen once: 'laws' when any one-port is given by a constitutive law (the
 * nonlinear formulation, docs/nonlinear.md; time-varying laws included), else 'time-varying' when any value,
 * mutual inductance or two-port ratio uses t (docs/time-varying.md), else 'linear' (formulation.md section 5).
 */
import type { SystemDescription } from '@sysgraph/description';
import { hasLaws } from './nonlinear/law-elements';
import { isTimeVarying } from './time-varying/time-varying-elements';

/** 'equations': a StateMint-style equation set (no linear graph; compile-equations.ts), chosen by its reader. */
export type ModelFamily = 'linear' | 'laws' | 'time-varying' | 'equations';

export function modelFamily(desc: SystemDescription): ModelFamily {
  if (hasLaws(desc)) return 'laws';
  return isTimeVarying(desc) ? 'time-varying' : 'linear';
}
