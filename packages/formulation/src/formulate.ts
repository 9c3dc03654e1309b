/**
 * formulate: the general hybrid formulation as a pipeline of named stages (formulation.md sections 4–7):
 *
 *   elementMatrices ─► branchRelations (static solve) ─► descriptorForm ─► standardForm ─► outputEquations
 *
 * written once against a Backend (dense numbers, sparse numbers, or exact rational functions).
 */
import { SysgraphError, diagnostic } from '@sysgraph/core';
import type { Diagnostic } from '@sysgraph/core';
import type { Structure } from '@sysgraph/graph';
import type { Backend } from './backend';
import { basisOf } from './basis';
import { elementMatrices } from './element-matrices';
import { branchRelations } from './branch-relations';
import { descriptorForm } from './descriptor';
import { standardForm } from './standard-form';
import { outputEquations, outputRows } from './outputs';
import { chargeFluxName, toChargeFluxStates } from './state-choice';
import type { StateChoice } from './state-choice';
import type { StateSpace } from './state-space';

/**
 * A redundant two-port loop (D1) whose free internal variable reaches a storage element that the tree made
 * dependent: the structural tree displaced a capacitor (or kept an inductor) that is independent only because
 * the loop gain is exactly one. Reported as an ill-posed static network rather than a wrong model.
 */
function withRedundantLoopContext<R>(diagnostics: readonly Diagnostic[], f: () => R): R {
  try {
    return f();
  } catch (e) {
    const d1 = diagnostics.find((d) => d.code === 'D1');
    if (d1 && e instanceof SysgraphError && e.code === 'improper-tree') {
      throw new SysgraphError(
        'singular-static-network',
        `the two-port loop through ${d1.elements.join(', ')} has gain exactly one: its internal variable is free and ${e.elements?.join(', ')} is then an independent storage element that the normal tree cannot represent. Perturb a ratio, or remove the redundant two-port.`,
        { element: e.element, elements: [...d1.elements, ...(e.elements ?? [])], expected: 'no two-port loop of gain one around a storage element' },
      );
    }
    throw e;
  }
}

export interface FormulateOptions {
  readonly stateChoice?: StateChoice;
}

export function formulate<M, T>(s: Structure, be: Backend<M, T>, opts: FormulateOptions = {}): StateSpace<M> {
  const alg = be.algebra;
  const p = s.partition;
  const basis = basisOf(p);
  const el = elementMatrices(p, s.description, be);
  const rel = branchRelations(p, basis, el, be);
  const d = withRedundantLoopContext(rel.diagnostics, () => descriptorForm(p, basis, el, rel, be));
  const sf = standardForm(d, be, () => p.states.map((x) => s.graph.ids[x.branch]));
  const W = outputRows(p, rel, s.description.outputs, be, basis.size);
  const out = outputEquations(W, s.description.outputs.map((o) => o.name), basis, d, sf, be);

  const diagnostics: Diagnostic[] = [...p.diagnostics, ...rel.diagnostics];
  const laws = el.withLaw;
  if (laws.length > 0) {
    diagnostics.push(diagnostic('info', 'warning', `${laws.join(', ')} ${laws.length === 1 ? 'has a nonlinear law' : 'have nonlinear laws'}: this linear model uses ${laws.length === 1 ? 'its slope' : 'their slopes'} at the origin (the linearisation about zero); the nonlinear model (nonlinearModel) gives the full dynamics`, laws));
  }
  if (!alg.isZero(sf.Bd)) {
    diagnostics.push(diagnostic('D5', 'info', 'an input derivative is present (a source in a capacitor loop or inductor cutset): the state was redefined as x̃ = x − Bd·u; Bd is reported', []));
  }
  const stateChoice = opts.stateChoice ?? 'b1';
  let { A, B, Bd } = sf;
  let C = out.C;
  let states = p.states.map((x) => x.name);
  if (stateChoice === 'b2') {
    ({ A, B, Bd, C } = toChargeFluxStates({ A, B, Bd, C }, el, be));
    states = states.map(chargeFluxName);
  }
  return {
    formulation: 'general',
    backend: be.name,
    stateChoice,
    states,
    inputs: p.inputs.map((u) => u.name),
    outputs: out.names,
    A,
    B,
    C,
    D: out.D,
    E: out.E,
    Bd,
    descriptor: { E: d.E, A0: d.A0, B0: d.B0, B1: d.B1 },
    diagnostics,
  };
}
