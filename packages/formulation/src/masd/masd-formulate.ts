/**
 * masdFormulate: the state-space model by MASD's closed form, corrected (formulation.md section 6), as a
 * pipeline of named stages written once against a Backend:
 *
 *   masdApplicability (6.1) ─► masdIntermediates (6.2: C, L, R, G, T1…T12, y, h, k, z, B-blocks)
 *     ─► masdStateEquations (6.3/6.4: A, B, Bd in b1 or b2) ─► outputs (section 7, from the general formulation)
 *
 * The output matrices C, D, E are not derived in closed form: when the description requests outputs they are
 * taken from the general formulation (same states, same x̃), which is exact because both give the same x̃.
 * masdFormulateOrFallback uses the general formulation when a precondition fails and reports D6.
 */
import { diagnostic } from '@sysgraph/core';
import type { Diagnostic } from '@sysgraph/core';
import type { Structure } from '@sysgraph/graph';
import type { Backend } from '../backend';
import { formulate } from '../formulate';
import type { StateChoice } from '../state-choice';
import { chargeFluxName } from '../state-choice';
import type { StateSpace } from '../state-space';
import { masdApplicability } from './masd-applicability';
import { masdIntermediates } from './masd-intermediates';
import type { MasdReading } from './masd-reading';
import { isCorrectedReading } from './masd-reading';
import { masdStateEquations } from './masd-state-equations';

export interface MasdOptions {
  readonly stateChoice?: StateChoice;
  /** Paper-literal readings of some terms (tests only; see masd-reading.ts). */
  readonly reading?: Partial<MasdReading>;
}

export function masdFormulate<M, T>(s: Structure, be: Backend<M, T>, opts: MasdOptions = {}): StateSpace<M> {
  const alg = be.algebra;
  const p = s.partition;
  const stateChoice = opts.stateChoice ?? 'b1';
  const im = masdIntermediates(s, be, { reading: opts.reading });
  const eq = masdStateEquations(im, stateChoice, alg);

  const nx = alg.rows(eq.A);
  const m = p.inputs.length;
  const outputs = s.description.outputs;
  let C = alg.zeros(0, nx);
  let D = alg.zeros(0, m);
  let E = alg.zeros(0, m);
  let names: readonly string[] = [];
  if (outputs.length > 0) {
    const general = formulate(s, be, { stateChoice });
    ({ C, D, E } = general);
    names = general.outputs;
  }

  const diagnostics: Diagnostic[] = [...p.diagnostics];
  if (!alg.isZero(eq.Bd)) {
    diagnostics.push(diagnostic('D5', 'info', 'an input derivative is present (a source in a capacitor loop or inductor cutset): the state was redefined as x̃ = x − Bd·u (MASD eq. 26); Bd is reported', []));
  }
  if (!isCorrectedReading(im.reading)) {
    diagnostics.push(diagnostic('info', 'warning', 'MASD closed form evaluated with a paper-literal reading of some terms: the model is not the physical one', []));
  }
  const states = p.states.map((x) => x.name);
  return {
    formulation: 'masd',
    backend: be.name,
    stateChoice,
    states: stateChoice === 'b2' ? states.map(chargeFluxName) : states,
    inputs: p.inputs.map((u) => u.name),
    outputs: names,
    A: eq.A,
    B: eq.B,
    C,
    D,
    E,
    Bd: eq.Bd,
    descriptor: eq.descriptor,
    diagnostics,
  };
}

/**
 * The closed form where section 6.1 holds, else the general formulation with a D6 diagnostic naming the
 * failed preconditions (formulation.md section 8).
 */
export function masdFormulateOrFallback<M, T>(s: Structure, be: Backend<M, T>, opts: { stateChoice?: StateChoice } = {}): StateSpace<M> {
  const check = masdApplicability(s, be);
  if (check.applicable) return masdFormulate(s, be, opts);
  const general = formulate(s, be, opts);
  const d6 = diagnostic('D6', 'info', `MASD closed form not applicable, general formulation used: ${check.reasons.join('; ')}`, [
    ...new Set(check.violations.flatMap((v) => v.elements)),
  ]);
  return { ...general, diagnostics: [...general.diagnostics, d6] };
}
