/** resultAnswer: the answer of a request that produced a model — the description's names and the views, the graph and the derivation packed (typed arrays, one string per list). */
import type { SystemDescription } from '@sysgraph/description';
import type { DerivationView, GraphDrawing, RunResult } from './protocol';
import { packDerivation } from './packed-derivation';
import { packGraph } from './packed-graph';

type Body = Pick<RunResult, 'model' | 'inputs' | 'tEnd' | 'simulation' | 'timings'> & Partial<Pick<RunResult, 'nonlinear' | 'timeVarying' | 'closedForm' | 'frequency'>>;

export function resultAnswer(id: number, desc: SystemDescription, views: { readonly graph: GraphDrawing; readonly derivation: DerivationView }, body: Body): RunResult {
  return {
    id,
    kind: 'result',
    ok: true,
    name: desc.name,
    ...(desc.title !== undefined ? { title: desc.title } : {}),
    ...(desc.description !== undefined ? { summary: desc.description } : {}),
    parameters: [...desc.parameters].flatMap(([name, value]) => (typeof value === 'number' ? [{ name, value }] : [])),
    graph: packGraph(views.graph),
    derivation: packDerivation(views.derivation),
    ...body,
  };
}
