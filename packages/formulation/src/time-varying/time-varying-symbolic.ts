/**
 * timeVaryingSymbolic: A(t), B(t) (and Bd(t)) of the time-varying model as exact rational functions, every
 * time-varying value standing as a symbol <id>_t and its rate as d<id>_t (formulation.md sections 5.2 and 11):
 *   charge-flux:     A = (A0 + (1 − κ)E') E⁻¹,   B = B0 − (1 − κ)B1' + A B1,   Bd = 0
 *   across-through:  A = E⁻¹(A0 − κE'),   B = E⁻¹(B0 + κB1'),   Bd = E⁻¹B1   (coefficient of u')
 * E, A0, B0, B1 come from the linear formulation's stages on the symbolic backend; E', B1' from the same
 * (linear) descriptor map applied to the rate symbols. Values are not expanded in t: sin(w t) is not rational,
 * and a symbol per value keeps the entries short.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Expression, SystemDescription } from '@sysgraph/description';
import { createExpressionParser } from '@sysgraph/description';
import type { Structure } from '@sysgraph/graph';
import type { RationalFunction } from '@sysgraph/symbolic';
import { basisOf } from '../basis';
import { branchRelations } from '../branch-relations';
import { descriptorForm } from '../descriptor';
import { elementMatrices } from '../element-matrices';
import type { ElementMatrices } from '../element-matrices';
import type { Dense } from '../algebra/dense-algebra';
import { symbolicBackend } from '../symbolic-backend';
import type { SymbolicBackend } from '../symbolic-backend';
import { checkTimeVaryingSupport, isStorageRole, valueSites } from './time-dependence';
import type { StorageLaw, TimeVaryingForm } from './time-varying-model';

export interface TimeVaryingSymbol {
  readonly name: string;
  readonly element: string;
  readonly field: string;
  readonly meaning: 'value' | 'rate';
  /** The value expression (for a rate: d/dt of it). */
  readonly expression: string;
}

export interface TimeVaryingSymbolic {
  readonly form: TimeVaryingForm;
  readonly storageLaw: StorageLaw;
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly symbols: readonly TimeVaryingSymbol[];
  readonly A: Dense<RationalFunction>;
  readonly B: Dense<RationalFunction>;
  readonly Bd: Dense<RationalFunction>;
  /** Text, LaTeX and value (at the parameter values, NaN for the time symbols) of an entry. */
  readonly symbolic: SymbolicBackend;
}

export interface TimeVaryingSymbolicOptions {
  readonly form?: TimeVaryingForm;
  readonly storageLaw?: StorageLaw;
  /** Parameters kept as symbols (the time symbols always are); default: every parameter. */
  readonly keep?: readonly string[];
}

function identifier(id: string): string {
  const s = id.replace(/[^\p{L}\p{N}_]/gu, '_');
  return /^[\p{L}_]/u.test(s) ? s : `_${s}`;
}

export function timeVaryingSymbolic(s: Structure, opts: TimeVaryingSymbolicOptions = {}): TimeVaryingSymbolic {
  const form = opts.form ?? 'charge-flux';
  const law = opts.storageLaw ?? 'conservative';
  const kappa = law === 'conservative' ? 1 : 0;
  const desc = s.description;
  const sites = valueSites(s);
  checkTimeVaryingSupport(s, sites);
  const taken = new Set([...desc.parameters.keys()]);
  const fresh = (base: string) => {
    let name = base;
    while (taken.has(name)) name = `${name}_`;
    taken.add(name);
    return name;
  };
  const parser = createExpressionParser();
  const symbols: TimeVaryingSymbol[] = [];
  const valueSymbol = new Map<string, Expression>();
  const rateSymbol = new Map<string, Expression>();
  const key = (element: string, field: string) => `${element}\u0000${field}`;
  for (const v of sites) {
    if (!v.dependsOnTime) continue;
    const name = fresh(`${identifier(v.element)}_t`);
    symbols.push({ name, element: v.element, field: v.field, meaning: 'value', expression: v.expression.text });
    valueSymbol.set(key(v.element, v.field), parser.parse(name, new Set([name])));
    if (isStorageRole(v.role)) {
      const rate = fresh(`d${identifier(v.element)}_t`);
      symbols.push({ name: rate, element: v.element, field: v.field, meaning: 'rate', expression: `d/dt (${v.expression.text})` });
      rateSymbol.set(key(v.element, v.field), parser.parse(rate, new Set([rate])));
    }
  }
  const swap = (element: string, field: string, e: Expression) => valueSymbol.get(key(element, field)) ?? e;
  const placeholders: SystemDescription = {
    ...desc,
    parameters: new Map([...desc.parameters, ...symbols.map((x) => [x.name, null] as const)]),
    oneports: desc.oneports.map((e) => ({ ...e, value: swap(e.id, 'value', e.value) })),
    mutuals: desc.mutuals.map((m) => ({ ...m, value: swap(m.id, m.form === 'inductance' ? 'value' : 'coupling', m.value) })),
    twoPorts: desc.twoPorts.map((t) => ({ ...t, ratio: swap(t.id, 'ratio', t.ratio) })),
  };
  const sb = symbolicBackend(placeholders, opts.keep ? { keep: [...opts.keep, ...symbols.map((x) => x.name)] } : {});
  const be = sb.backend;
  const alg = be.algebra;
  const p = s.partition;
  const basis = basisOf(p);
  const el = elementMatrices(p, placeholders, be);
  const rel = branchRelations(p, basis, el, be);
  const d = descriptorForm(p, basis, el, rel, be);

  // The storage matrices' rates: rate symbols where a value varies, zero elsewhere.
  const id = (k: number) => s.graph.ids[k];
  const rateOf = (element: string, field: string): RationalFunction => {
    const r = rateSymbol.get(key(element, field));
    return r === undefined ? alg.field.zero : be.scalar(r, { element, field });
  };
  const ind = [...p.groups.L, ...p.groups.Gamma];
  const position = new Map(ind.map((k, i) => [id(k), i]));
  const entries: [number, number, RationalFunction][] = ind.map((k, i) => [i, i, rateOf(id(k), 'value')]);
  for (const m of desc.mutuals) {
    const a = position.get(m.between[0]);
    const b = position.get(m.between[1]);
    if (a === undefined || b === undefined) continue;
    if (m.form === 'coupling' && rateSymbol.size > 0) {
      throw new SysgraphError('unsupported', `${m.id}: a coupling coefficient k gives M = k·sqrt(L1·L2), which is not rational; give the mutual inductance M instead`, { element: m.id, field: 'coupling', expected: 'a mutual inductance value M' });
    }
    const r = rateOf(m.id, 'value');
    entries.push([a, b, r], [b, a, r]);
  }
  const Ld = alg.fromEntries(ind.length, ind.length, entries);
  const nL = p.groups.L.length;
  const span = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);
  const pick = (r: number[], c: number[]) => alg.selectCols(alg.selectRows(Ld, r), c);
  const [rL, rG] = [span(0, nL), span(nL, ind.length)];
  const rates: ElementMatrices<Dense<RationalFunction>> = {
    ...el,
    C2: alg.diag(Array.from(p.groups.C, (k) => rateOf(id(k), 'value'))),
    C1: alg.diag(Array.from(p.groups.S, (k) => rateOf(id(k), 'value'))),
    L11: pick(rL, rL),
    L12: pick(rL, rG),
    L21: pick(rG, rL),
    L22: pick(rG, rG),
  };
  const dd = descriptorForm(p, basis, rates, rel, be);
  const scale = (M: Dense<RationalFunction>, c: number) => (c === 0 ? alg.zeros(alg.rows(M), alg.cols(M)) : c === 1 ? M : alg.neg(M));
  const nx = basis.nx;
  const m = basis.m;
  let A: Dense<RationalFunction>, B: Dense<RationalFunction>, Bd: Dense<RationalFunction>;
  if (nx === 0) [A, B, Bd] = [alg.zeros(0, 0), alg.zeros(0, m), alg.zeros(0, m)];
  else if (form === 'across-through') {
    A = alg.solve(d.E, alg.sub(d.A0, scale(dd.E, kappa)));
    B = alg.solve(d.E, alg.add(d.B0, scale(dd.B1, kappa)));
    Bd = alg.solve(d.E, d.B1);
  } else {
    const Ap = alg.add(d.A0, scale(dd.E, 1 - kappa));
    // X E⁻¹ = (E⁻ᵀ Xᵀ)ᵀ
    A = alg.transpose(alg.solve(alg.transpose(d.E), alg.transpose(Ap)));
    B = alg.add(alg.sub(d.B0, scale(dd.B1, 1 - kappa)), alg.mul(A, d.B1));
    Bd = alg.zeros(nx, m);
  }
  const stateNames = p.states.map((x) => (form === 'across-through' ? x.name : x.name.startsWith('v_') ? `q_${x.name.slice(2)}` : `lambda_${x.name.slice(2)}`));
  return { form, storageLaw: law, states: stateNames, inputs: p.inputs.map((u) => u.name), symbols, A, B, Bd, symbolic: sb };
}
