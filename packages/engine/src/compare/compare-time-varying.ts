/**
 * sysgraph compare on a description with values in t (formulation.md section 11): the time-varying model in its
 * two state forms, charge-flux (p = E(t) x − B1(t) u: charges and flux linkages) and across-through (x = [v_C;
 * i_L], with the Ċ and L̇ terms), simulated from the same physical rest x(0) = 0 for the same inputs. The two are
 * one physical law in two coordinates, so the physical states x = E⁻¹(p + B1 u) and every output must agree
 * to the integration tolerance: the largest difference of each is reported, and overlaid with --plot.
 */
import type { SystemDescription } from '@sysgraph/description';
import { createTimeMath } from '@sysgraph/formulation';
import type { StorageLaw, TimeMath, TimeVaryingModel } from '@sysgraph/formulation';
import { simulate } from '@sysgraph/simulate';
import { engineSignal, engineSignals } from '../simulation/engine-signals';
import type { SimulationResult } from '@sysgraph/simulate';
import { compareTraces } from './compare-traces';
import { buildTimeVarying } from '../time-varying/build-time-varying';
import { inputSignals } from '../simulation/simulate-options';
import { suggestEndTime } from '../end-time';
import type { CompareRunOptions, TraceDifference } from './compare-traces';
import type { ColumnPair } from './compare-traces';

/** --signal default: the source's constant, else step(1); tolerances default 1e-9 relative, 1e-12 absolute (the forms agree to about these). */
export interface TimeVaryingFormsOptions extends CompareRunOptions {
  readonly storageLaw?: StorageLaw;
  readonly math?: TimeMath;
}

export interface TimeVaryingForms {
  readonly name: string;
  readonly title: string;
  readonly storageLaw: StorageLaw;
  readonly chargeFlux: TimeVaryingModel;
  readonly acrossThrough: TimeVaryingModel;
  readonly simulation: {
    readonly tEnd: number;
    readonly signals: Readonly<Record<string, string>>;
    readonly chargeFlux: SimulationResult;
    readonly acrossThrough: SimulationResult;
    /** The charge-flux trace's outputs (the description's, then the physical states) against the same names. */
    readonly pairs: readonly (ColumnPair & { readonly role: 'output' | 'state' })[];
    readonly differences: readonly TraceDifference[];
  };
}

export function compareTimeVaryingForms(desc: SystemDescription, opts: TimeVaryingFormsOptions = {}): TimeVaryingForms {
  const math = opts.math ?? createTimeMath();
  const cf = buildTimeVarying(desc, { form: 'charge-flux', storageLaw: opts.storageLaw, math });
  const at = buildTimeVarying(desc, { form: 'across-through', storageLaw: opts.storageLaw, math });
  const signals = inputSignals(desc, at.tv.inputs, opts.signals, opts.note, '--signal');
  const tEnd = opts.tEnd ?? suggestEndTime(at.tv.at(0).A);
  if (opts.tEnd === undefined) opts.note?.(`t-end = ${tEnd} s (from the slowest eigenvalue of A(0); set it with --t-end)`);
  const rtol = opts.rtol ?? 1e-9;
  const atol = opts.atol ?? 1e-12;
  const common = { tEnd, inputs: engineSignals(signals), samples: opts.samples ?? 401, rtol, atol };
  // x(0) = 0 in both: p(0) = E(0)·0 − B1(0) u(0)
  const u0 = at.tv.inputs.map((name) => engineSignal(signals[name], name).value(0));
  const p0 = cf.tv.toState(0, new Float64Array(at.tv.states.length), u0);
  const r1 = simulate(cf.model, { ...common, initial: Object.fromEntries(cf.tv.states.map((n, k) => [n, p0[k]])) });
  const r2 = simulate(at.model, common);
  const n = cf.tv.states.length;
  const p = cf.tv.outputs.length;
  const column = (names: readonly string[], name: string, from: number, to: number) => {
    for (let j = from; j < to; j++) if (names[j] === name) return j;
    return -1;
  };
  const pairs = r1.names.slice(1 + n).map((name, k) => {
    const role = k < p ? ('output' as const) : ('state' as const);
    const right = role === 'output' ? column(r2.names, name, 1 + n, r2.names.length) : column(r2.names, name, 1, 1 + n);
    return { name, left: 1 + n + k, right, role };
  });
  return {
    name: desc.name,
    title: desc.title ?? desc.name,
    storageLaw: cf.tv.storageLaw,
    chargeFlux: cf.tv,
    acrossThrough: at.tv,
    simulation: { tEnd, signals, chargeFlux: r1, acrossThrough: r2, pairs, differences: compareTraces(r1, r2, pairs) },
  };
}
