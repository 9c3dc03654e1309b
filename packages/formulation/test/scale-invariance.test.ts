/**
 * Scale invariance (issue 18 item 3): scaling every impedance by k (R, L times k, C divided by k) or time by τ
 * (C, L times τ) changes no decision of the formulation, and the model scales as the units say.
 *
 * Impedance by k: across variables keep their values, through variables are divided by k. With w(across) = 1,
 * w(through) = 1/k for the states x, inputs u and outputs y, x' = W_x x, u' = W_u u, y' = W_y y, so
 *   A' = W_x A W_x⁻¹,  B' = W_x B W_u⁻¹,  Bd' = W_x Bd W_u⁻¹,  C' = W_y C W_x⁻¹,  D' = W_y D W_u⁻¹,  E' = W_y E W_u⁻¹.
 * Time by τ: x'(t') = x(t'/τ), so A' = A/τ, B' = B/τ, Bd' = Bd, C' = C, D' = D, E' = τ E (E multiplies u̇).
 * The scaled model, mapped back by these formulas (derived by hand above, not read from the code), agrees with
 * the unscaled one to 1e-9 relative to each matrix's largest entry; a refusal must be the same refusal.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { isSysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import type { Structure } from '@sysgraph/graph';
import { csrToDense } from '@sysgraph/linalg';
import { formulate, masdFormulateOrFallback, numericBackend, sparseBackend } from '../src/index';
import { familyOfSeed, networkToDescription, randomNetwork } from './support/index';
import { scaleDescription } from './support/scale-description';
import type { ScalingKind } from './support/scale-description';

const FACTORS = [1e-12, 1e-6, 1e6, 1e12];
const TOL = 1e-9;
type Json = Record<string, unknown>;
type Formulation = 'general' | 'masd' | 'sparse';

interface Numbers {
  readonly A: number[][];
  readonly B: number[][];
  readonly Bd: number[][];
  readonly C: number[][];
  readonly D: number[][];
  readonly E: number[][];
}
interface Run {
  readonly model?: Numbers;
  readonly refused?: string;
  readonly weights?: { x: ('across' | 'through')[]; u: ('across' | 'through')[]; y: ('across' | 'through')[] };
}

function run(description: Json, formulation: Formulation): Run {
  let s: Structure;
  try {
    const desc = parseSystem(description);
    s = analyzeStructure(desc);
    const weights = {
      x: s.partition.states.map((x) => x.variable),
      u: s.partition.inputs.map((u) => u.variable),
      y: desc.outputs.map((o) => (o.kind === 'node' ? 'across' : o.variable)),
    };
    if (formulation === 'sparse') {
      const m = formulate(s, sparseBackend(desc.parameters));
      const d = (x: Parameters<typeof csrToDense>[0]) => csrToDense(x);
      return { model: { A: d(m.A), B: d(m.B), Bd: d(m.Bd), C: d(m.C), D: d(m.D), E: d(m.E) }, weights };
    }
    const be = numericBackend(desc.parameters);
    const m = formulation === 'masd' ? masdFormulateOrFallback(s, be) : formulate(s, be);
    return { model: { A: m.A, B: m.B, Bd: m.Bd, C: m.C, D: m.D, E: m.E }, weights };
  } catch (e) {
    if (!isSysgraphError(e)) throw e;
    return { refused: e.code };
  }
}

/** The scaled model mapped back to the unscaled coordinates by the formulas in the header. */
function unscale(m: Numbers, w: NonNullable<Run['weights']>, kind: ScalingKind, k: number): Numbers {
  const f = (v: 'across' | 'through') => (kind === 'impedance' && v === 'through' ? 1 / k : 1);
  const back = (M: number[][], rows: ('across' | 'through')[], cols: ('across' | 'through')[], time: number) =>
    M.map((row, i) => row.map((x, j) => (x * f(cols[j])) / f(rows[i]) / time));
  const t = kind === 'time' ? k : 1;
  return {
    A: back(m.A, w.x, w.x, 1 / t),
    B: back(m.B, w.x, w.u, 1 / t),
    Bd: back(m.Bd, w.x, w.u, 1),
    C: back(m.C, w.y, w.x, 1),
    D: back(m.D, w.y, w.u, 1),
    E: back(m.E, w.y, w.u, t),
  };
}

/**
 * max |a − b| / max(max |b|, 1e-6 · model scale) over one matrix. The floor lets a matrix that is zero up to
 * round-off (entries of 1e-17 in a model of unit scale) match an exact zero; any mismatch above 1e-15 of the model's
 * scale still fails.
 */
function mismatch(a: number[][], b: number[][], modelScale: number): number {
  let err = 0;
  let scale = 0;
  for (let i = 0; i < b.length; i++) for (let j = 0; j < b[i].length; j++) {
    err = Math.max(err, Math.abs(a[i][j] - b[i][j]));
    scale = Math.max(scale, Math.abs(b[i][j]));
  }
  return err === 0 ? 0 : err / Math.max(scale, 1e-6 * modelScale);
}

function compare(base: Run, scaled: Run, kind: ScalingKind, k: number): string | undefined {
  if (base.refused !== undefined || scaled.refused !== undefined) {
    return base.refused === scaled.refused ? undefined : `decision changed: ${base.refused ?? 'accepted'} unscaled, ${scaled.refused ?? 'accepted'} scaled`;
  }
  const a = unscale(scaled.model!, scaled.weights!, kind, k);
  const b = base.model!;
  const names = ['A', 'B', 'Bd', 'C', 'D', 'E'] as const;
  for (const n of names) if (a[n].length !== b[n].length || a[n][0]?.length !== b[n][0]?.length) return `${n}: shape changed`;
  let modelScale = 0;
  for (const n of names) for (const row of b[n]) for (const x of row) modelScale = Math.max(modelScale, Math.abs(x));
  for (const n of names) {
    const e = mismatch(a[n], b[n], modelScale || 1);
    if (!(e <= TOL)) return `${n} differs by ${e.toExponential(2)} relative`;
  }
  return undefined;
}

const examplesDir = new URL('../../../examples/', import.meta.url);
const examples = readdirSync(examplesDir)
  .filter((f) => f.endsWith('.json') && f !== 'index.json')
  .map((f) => ({ name: f.replace(/\.json$/, ''), description: JSON.parse(readFileSync(new URL(f, examplesDir), 'utf8')) as Json }));

describe('impedance and time scaling by 1e±6 and 1e±12 leave the linear models equal in scaled coordinates', () => {
  for (const formulation of ['general', 'masd', 'sparse'] as const) {
    it(`every example, ${formulation} formulation`, () => {
      const failures: string[] = [];
      for (const ex of examples) {
        const base = run(ex.description, formulation);
        expect(base.refused, `${ex.name} unscaled`).toBeUndefined();
        for (const kind of ['impedance', 'time'] as const) {
          for (const k of FACTORS) {
            const why = compare(base, run(scaleDescription(ex.description, kind, k), formulation), kind, k);
            if (why) failures.push(`${ex.name}, ${kind} × ${k}: ${why}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('seeded random networks (capacitor loops, inductor cutsets, two-ports, mutual inductances): same decision, same model', () => {
    const tally = { compared: 0, refused: 0 };
    fc.assert(
      fc.property(fc.nat(100_000), fc.constantFrom(...FACTORS), fc.constantFrom<ScalingKind>('impedance', 'time'), (seed, k, kind) => {
        const d = networkToDescription(randomNetwork(seed, familyOfSeed(seed))) as unknown as Json;
        const base = run(d, 'general');
        const why = compare(base, run(scaleDescription(d, kind, k), 'general'), kind, k);
        if (base.refused) tally.refused++;
        else tally.compared++;
        if (why) throw new Error(`seed ${seed} (${familyOfSeed(seed)}), ${kind} × ${k}: ${why}`);
      }),
      { seed: 18, numRuns: 400 },
    );
    expect(tally.compared).toBeGreaterThan(200);
  });
});
