/**
 * One fuzz case, in-process: case k of a kind (a description or a netlist) is generated from the seed k by the
 * shared generators (@sysgraph/engine/fuzz), then run through the engine's pipeline
 *
 *   compile (parse) ─► structure ─► the family's model (formulate) ─► simulate (samples 50, step budget MAX_STEPS)
 *
 * and classified: success, typed (SysgraphError or SysgraphErrors) or untyped (anything else). For a typed
 * failure, each error is counted as document-level (no element to name) or element-level, and whether it names
 * its element and its field.
 */
import fc from 'fast-check';
import { SysgraphError, SysgraphErrors } from '@sysgraph/core';
import { compile, simulate } from '@sysgraph/engine';
import { anyDescription, anyNetlist } from '@sysgraph/engine/fuzz';

export type CaseKind = 'description' | 'netlist';

/** The per-case work budget handed to the solvers: steps over the whole run. */
export const MAX_STEPS = 2_000;
/** Errors about the document as a whole (its JSON, its root shape, its ground, the text's grammar): no element to name. */
export const DOCUMENT_LEVEL = new Set(['invalid-json', 'schema', 'bad-ground', 'unsupported-format']);
/**
 * Errors about an arrangement of elements, not a field of one: no normal tree, a structure the formulation does
 * not support, an input that is not a description at all (bad-option of compile's input). They name their
 * element(s) and have no field by nature; they are counted as "naming the element, no field by nature", apart
 * from the share naming element and field (not silently dropped: the report gives their number).
 */
export const NO_FIELD_BY_NATURE = new Set(['no-admissible-tree', 'unsupported', 'singular-storage', 'singular-static-network']);

export interface CaseOutcome {
  readonly status: 'success' | 'typed' | 'untyped';
  /** Codes of the typed errors (one per error of a SysgraphErrors). */
  readonly codes: readonly string[];
  /** Element-level errors, those naming element and field, those naming either. */
  readonly elementLevel: number;
  readonly both: number;
  readonly either: number;
  /** Element-level errors naming their element with no field by nature (NO_FIELD_BY_NATURE). */
  readonly noField?: number;
  /** A typed error that is a work budget (steps, iterations, terms, errors). */
  readonly budget: boolean;
  /** The stage reached: compile, structure, model, simulate, done. */
  readonly stage: string;
  /** First line of the message and the stack's top, for an untyped failure. */
  readonly detail?: string;
  /** Element-level errors not naming both element and field: code, what they name, message. */
  readonly partial?: readonly string[];
}

/** The generated input of case k (deterministic: fast-check's generator seeded with k). */
export function caseInput(kind: CaseKind, k: number): unknown {
  const arbitrary: fc.Arbitrary<unknown> = kind === 'description' ? anyDescription : anyNetlist;
  return fc.sample(arbitrary, { seed: k, numRuns: 1 })[0];
}

const BUDGET = /maxSteps|budget|iterations|more than \d+ (steps|terms|errors)/i;

export function runCase(kind: CaseKind, k: number): CaseOutcome {
  const input = caseInput(kind, k);
  let stage = 'compile';
  try {
    const model = kind === 'netlist' ? compile({ text: input as string, format: 'spice' }) : compile(input as object);
    stage = 'structure';
    void model.structure;
    stage = 'model';
    if (model.family === 'linear') model.linear();
    else void model.simulation;
    stage = 'simulate';
    simulate(model, { samples: 50, maxSteps: MAX_STEPS });
    return { status: 'success', codes: [], elementLevel: 0, both: 0, either: 0, budget: false, stage: 'done' };
  } catch (e) {
    const errors = e instanceof SysgraphErrors ? e.errors : e instanceof SysgraphError ? [e] : undefined;
    if (!errors) {
      const x = e instanceof Error ? e : new Error(String(e));
      return { status: 'untyped', codes: [], elementLevel: 0, both: 0, either: 0, budget: false, stage, detail: `${x.name}: ${x.message.slice(0, 200)}\n${x.stack?.split('\n').slice(1, 6).join('\n') ?? ''}` };
    }
    let elementLevel = 0;
    let both = 0;
    let either = 0;
    let noField = 0;
    const partial: string[] = [];
    for (const x of errors) {
      if (DOCUMENT_LEVEL.has(x.code) && x.element === undefined) continue;
      if (NO_FIELD_BY_NATURE.has(x.code) && x.element !== undefined && x.field === undefined) {
        noField++;
        continue;
      }
      elementLevel++;
      if (x.element !== undefined && x.field !== undefined) both++;
      if (x.element !== undefined || x.field !== undefined) either++;
      if (x.element === undefined || x.field === undefined) partial.push(`${x.code}: element ${x.element ?? '—'}, field ${x.field ?? '—'}: ${x.message.slice(0, 160)}`);
    }
    const budget = errors.some((x) => BUDGET.test(`${x.field ?? ''} ${x.message}`));
    return { status: 'typed', codes: errors.map((x) => x.code), elementLevel, both, either, noField, budget, stage, ...(partial.length > 0 ? { partial } : {}) };
  }
}
