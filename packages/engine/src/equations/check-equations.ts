/**
 * checkEquations: a hand-written derivation (an equation file whose [graph] section names, for each of its
 * variables, the linear graph's variable v_BRANCH or i_BRANCH) checked against the linear graph.
 *
 *  1. Each hand-written equation, its variables renamed to the graph's, is a numeric row at the parameter values;
 *     it agrees when it is implied by the graph's equations (its distance from their row space, graph-rows.ts and
 *     row-space.ts, is below 1e-8) — whatever normal tree the student chose. One that disagrees is reported with
 *     the graph's equation for the same variable, in the student's names where the map allows.
 *  2. The state equations: the student's linear model against the graph's with the same outputs (the graph
 *     described again with the student's outputs). The same state variables (after renaming): A, B, C, D, E, Bd
 *     entry by entry; other states: the poles and H(s) at several s (compareStateSpaces).
 */
import { SysgraphError } from '@sysgraph/core';
import { descriptionToJSON } from '@sysgraph/description';
import type { RawOutput } from '@sysgraph/description';
import { derivativeOf, linearRows } from '@sysgraph/equations';
import type { StateSpace } from '@sysgraph/formulation';
import type { CompiledModel } from '../compiled-model';
import { compile } from '../compile';
import { compareStateSpaces } from '../compare/compare-models';
import type { Difference } from '../compare/compare-models';
import { graphRows } from './graph-rows';
import { rowSpace } from './row-space';

export interface EquationVerdict {
  readonly where: string;
  readonly text: string;
  readonly defines: string;
  /** 'agrees', 'disagrees', or 'unchecked' (a variable without a [graph] name). */
  readonly verdict: 'agrees' | 'disagrees' | 'unchecked';
  /** Distance of the equation from the graph's (0: implied by them). */
  readonly distance?: number;
  /** The graph's equation for the same variable, in the file's names where the map allows. */
  readonly graph?: string;
  readonly why?: string;
}

export interface EquationCheck {
  readonly equations: readonly EquationVerdict[];
  /** The state equations compared, or why they were not. */
  readonly model: ({ readonly agree: boolean } & Difference) | { readonly skipped: string };
  readonly agree: boolean;
}

const TOLERANCE = 1e-8;

const fmt = (c: number) => String(Number(c.toPrecision(10)));

/** Σ c·name as text: "a - 2*b", "-c", "0". */
function sumText(terms: readonly (readonly [string, number])[]): string {
  const parts = terms.filter(([, c]) => c !== 0).map(([name, c], k) => {
    const mag = Math.abs(c) === 1 ? name : `${fmt(Math.abs(c))}*${name}`;
    return k === 0 ? (c < 0 ? `-${mag}` : mag) : `${c < 0 ? '- ' : '+ '}${mag}`;
  });
  return parts.join(' ') || '0';
}

function graphOutput(name: string, graphVar: string): RawOutput | undefined {
  const m = /^([vi])_(.+?)(?:\.([12]))?$/.exec(graphVar);
  if (!m) return undefined;
  return { name, element: m[2], variable: m[1] === 'v' ? 'across' : 'through', ...(m[3] ? { port: Number(m[3]) as 1 | 2 } : {}) };
}

export function checkEquations(graph: CompiledModel, hand: CompiledModel): EquationCheck {
  if (graph.family !== 'linear') throw new SysgraphError('unsupported', `check-equations: ${graph.name} is not a linear time-invariant linear graph`, { element: graph.name, field: 'FILE', expected: 'a linear description' });
  const set = hand.equationSet;
  if (!set) throw new SysgraphError('bad-option', `check-equations: ${hand.name} is not an equation file`, { element: hand.name, field: '--equations', expected: 'an equation file (.sm, .statemint, .eqn, .eqn.json)' });
  const desc = graph.description;
  const rows = graphRows(graph.structure, desc);
  const space = rowSpace(rows.map((r) => r.row));
  const map = set.graph;
  // every [graph] name is a variable of one of the graph's branches (v_BRANCH, i_BRANCH; BRANCH may be motor.1)
  const branches = new Set(graph.structure.graph.ids);
  for (const [name, g] of map) {
    const m = /^[vi]_(.+)$/.exec(g);
    if (!m || !branches.has(m[1])) {
      const where = set.graphWhere.get(name) ?? 'graph';
      throw new SysgraphError('bad-equation', `${where}: "${g}" (for ${name}) is not a variable of ${graph.name}'s branches`, { element: name, field: 'graph', path: where, expected: `v_BRANCH or i_BRANCH with BRANCH one of ${[...branches].join(', ')}` });
    }
  }
  const back = new Map<string, string>();
  for (const [k, v] of map) back.set(v, k);
  const toGraph = (s: string): string | undefined => {
    const base = derivativeOf(s);
    const g = map.get(base ?? s);
    return g === undefined ? undefined : base !== undefined ? `${g}'` : g;
  };
  const toHand = (g: string) => {
    const prime = g.endsWith("'");
    const h = back.get(prime ? g.slice(0, -1) : g);
    return h === undefined ? g : `${h}${prime ? "'" : ''}`;
  };
  const lin = linearRows(set);
  if ('nonlinear' in lin) throw new SysgraphError('unsupported', `${lin.nonlinear.where}: check-equations compares linear equations (${lin.why})`, { element: lin.nonlinear.defines, field: lin.nonlinear.section, path: lin.nonlinear.where, expected: 'a linear equation set' });
  const values = new Map([...set.parameters].filter((e): e is [string, number] => e[1] !== null));
  const verdicts: EquationVerdict[] = set.equations.map((eq, k) => {
    const base = { where: eq.where, text: eq.text, defines: eq.defines };
    const row = new Map<string, number>();
    for (const [s, c] of lin.rows[k]) {
      const g = toGraph(s);
      if (g === undefined) return { ...base, verdict: 'unchecked' as const, why: `${derivativeOf(s) ?? s} has no [graph] name` };
      row.set(g, (row.get(g) ?? 0) + c.evaluate(values));
    }
    const distance = space.distance(row);
    const lhs = toGraph(eq.section === 'states' ? `${eq.defines}__dt` : eq.defines)!;
    const theirs = rows.find((r) => r.equation && r.lhs === lhs);
    const graphText = theirs ? `${toHand(theirs.lhs)} = ${sumText([...theirs.row].filter(([s]) => s !== theirs.lhs).map(([s, c]) => [toHand(s), -c]))}` : undefined;
    return { ...base, verdict: distance < TOLERANCE ? 'agrees' : 'disagrees', distance, ...(graphText !== undefined ? { graph: graphText } : { why: `the graph has no equation with ${toHand(lhs)} on the left (another normal tree)` }) };
  });

  let model: EquationCheck['model'];
  try {
    const outputs: RawOutput[] = [];
    for (const o of set.outputs) {
      const g = map.get(o);
      const out = g === undefined ? undefined : graphOutput(o, g);
      if (!out) throw new SysgraphError('bad-option', `the output ${o} has no [graph] name of a branch variable`, { element: o, field: 'graph', expected: 'o = v_BRANCH or i_BRANCH' });
      outputs.push(out);
    }
    const raw = { ...descriptionToJSON(desc), outputs };
    const g2 = compile(raw);
    const a = hand.linear().numeric as StateSpace<number[][]>;
    const b = g2.linear().numeric as StateSpace<number[][]>;
    // the inputs in the graph's order: a source's input is named by its element
    const inputOf = (u: string) => {
      const g = map.get(u);
      const el = g === undefined ? u : g.replace(/^[vi]_/, '');
      return b.inputs.indexOf(el);
    };
    const order = a.inputs.map(inputOf);
    if (order.some((k) => k < 0) || a.inputs.length !== b.inputs.length) throw new SysgraphError('bad-option', `the inputs ${a.inputs.join(', ')} are not the graph's sources ${b.inputs.join(', ')}`, { field: 'graph', expected: 'each input named by its source: Vs = v_Vs' });
    const cols = (m: number[][]) => m.map((row) => b.inputs.map((_, j) => row[order.indexOf(j)]));
    const renamed = a.states.map((x) => map.get(x) ?? x);
    const perm = b.states.map((x) => renamed.indexOf(x));
    const same = perm.every((k) => k >= 0) && perm.length === renamed.length;
    const P = (m: number[][]) => (same ? perm.map((i) => m[i]) : m);
    const Q = (m: number[][]) => (same ? m.map((row) => perm.map((j) => row[j])) : m);
    const left = { states: same ? b.states : renamed, A: Q(P(a.A)), B: cols(P(a.B)), C: Q(a.C), D: cols(a.D), E: cols(a.E), Bd: cols(P(a.Bd)) };
    const d = compareStateSpaces(left, b);
    model = { ...d, agree: d.largest <= TOLERANCE * Math.max(1, d.scale) };
  } catch (e) {
    if (!(e instanceof SysgraphError)) throw e;
    model = { skipped: e.message };
  }
  const agree = verdicts.every((v) => v.verdict !== 'disagrees') && ('agree' in model ? model.agree : true);
  return { equations: verdicts, model, agree };
}
