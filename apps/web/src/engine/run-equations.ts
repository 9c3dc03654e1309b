/**
 * runEquations: a StateMint equation file ([states], [elemental], [constraints] … sniffed by the engine's reader
 * registry) through the engine — its linear model as the matrices on show (the derivation of packages/equations,
 * in the project's form x̃ = x − E u), simulated by the engine (a nonlinear set through its own f and g). There is
 * no linear graph: the graph and the derivation are empty and the answer says why (RunResult.equations).
 */
import type { CompiledModel } from '@sysgraph/engine';
import { toErrorInfo } from './error-info';
import { equationNonlinearView } from './equation-nonlinear-view';
import { frequencyView } from './frequency-view';
import { modelView } from './model-view';
import { packDerivation } from './packed-derivation';
import { packGraph } from './packed-graph';
import type { DerivationView, FollowUp, FrequencyView, InputInfo, ModelView, NonlinearView, RunAnswer, RunRequest } from './protocol';
import { engineSimulation } from './simulate-trace';

const EMPTY_DERIVATION: DerivationView = { treeBranches: [], links: [], primary: [], secondary: [], states: [], elemental: [], continuity: [], compatibility: [], counts: { B: 0, N: 0, components: 0, acrossSources: 0, throughSources: 0 } };

export function runEquations(req: RunRequest, compiled: CompiledModel, timings: Record<string, number>, lap: (name: string) => void): { answer: RunAnswer; followUp?: () => FollowUp } {
  const settings = req.settings;
  let model: ModelView;
  let nonlinear: NonlinearView | undefined;
  try {
    const set = compiled.equations;
    if (set?.kind === 'nonlinear') {
      // a nonlinear set: its linearisation at rest on show, its own f and g simulated
      const built = equationNonlinearView(set);
      model = modelView('equations', built.table);
      nonlinear = built.view;
    } else {
      model = modelView('equations', compiled.linear().table!, settings.style === 'symbolic' ? compiled.symbolic().table : undefined);
    }
  } catch (e) {
    return { answer: { id: req.id, kind: 'result', ok: false, errors: toErrorInfo(e, 'formulate') } };
  }
  lap('formulate');
  const inputs: InputInfo[] = compiled.inputNames.map((name) => ({ name, defaultSignal: compiled.defaultSignals[name] ?? 'step(1)', unit: '' }));
  const { tEnd, simulation } = engineSimulation(compiled, settings, inputs);
  lap('simulate');
  let frequency: FrequencyView | undefined;
  try {
    // a nonlinear set has no linear model to take a frequency response of
    frequency = nonlinear ? undefined : frequencyView(compiled);
  } catch {
    frequency = undefined;
  }
  const note = `${compiled.name} is ${nonlinear ? 'a nonlinear' : 'an'} equation set (${compiled.format}): it has no linear graph, so there is no normal tree and no derivation by the linear-graph method; its model is derived from its equations${nonlinear ? ' (the matrices are its linearisation at rest, the simulation its own f and g)' : ''}.`;
  return {
    answer: {
      id: req.id,
      kind: 'result',
      ok: true,
      name: compiled.name,
      graph: packGraph({ nodes: [], branches: [], twoPorts: [] }),
      derivation: packDerivation(EMPTY_DERIVATION),
      model,
      equations: { format: compiled.format, note },
      inputs,
      tEnd,
      simulation,
      timings,
      ...(frequency ? { frequency } : {}),
      ...(nonlinear ? { nonlinear } : {}),
    },
    followUp: () => ({ id: req.id, kind: 'follow-up', comparison: { rows: [], masdNote: `${note} The formulations (general, MASD, the states b2) are those of a linear graph.` }, models: [model], masdAvailable: false }),
  };
}
