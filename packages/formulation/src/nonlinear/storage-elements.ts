/**
 * defineStorage: the states of the A-type and T-type elements and their equations (formulation.md section 12,
 * with the charge and flux remedy), and the dependent storage of the S and Γ groups.
 *
 * An element outside capacitor loops and inductor cutsets has the state s its curve is written in (v_C for
 * q = Q(v, t), q_C for v = V(q), ξ for a parametric curve; dually i_L, λ_L, ξ):
 *   q_s(s, t) s' = i_C − q_t(s, t)        λ_s(s, t) s' = v_L − λ_t(s, t)            (eqs. 54, 55)
 * Tree capacitors in a loop with link capacitors S (F_SC ≠ 0) take the cutset charge as state, and link inductors
 * in a cutset with tree inductors Γ (F_LΓ ≠ 0) the loop flux:
 *   p_C = q_C − F_SCᵀ q_S(v_S),  v_S = −F_SC v_C − F_SE u_E        p_C' = i_C − F_SCᵀ i_S = Σ_{l∉S} F[l,C] i_l
 *   λ_L = λ_L + F_LΓ λ_Γ(i_Γ),   i_Γ = F_LΓᵀ i_L + F_JΓᵀ u_J      λ_L' = v_L + F_LΓ v_Γ = −Σ_{t∉Γ} F[L,t] v_t
 * (section 12 prints p_C = Q_C + F_SCᵀ Q_S; with i_C = F_SCᵀ i_S + … the charge that KCL conserves is the
 * difference, whose derivative in v_C is C2 + F_SCᵀ C1 F_SC, eq. 56.) These states need no input derivatives.
 * Getting v_C and i_L back inverts the composed laws: the curve variables of those elements are implicit
 * variables with residuals p_C − (q_C − F_SCᵀ q_S) = 0 (and the flux dual), solved with the static network.
 * An S element's curve variable is explicit when its law gives q from v, else implicit (v_S − V_S(s) = 0);
 * i_S = d q_S/dt and v_Γ = d λ_Γ/dt are rates (time derivatives evaluated through the implicit function
 * theorem, with the input derivatives u'), used only by outputs.
 */
import type { OnePort } from '@sysgraph/description';
import type { Structure } from '@sysgraph/graph';
import { CLASS_CODE } from '@sysgraph/graph';
import type { ElementCurve } from './element-curve';
import { curveSymbol, elementCurve, isIdentity } from './element-curve';
import type { NetworkTexts, Term } from './network-texts';
import { term } from './network-texts';
import type { NonlinearMath } from './nonlinear-math';
import type { BuildImplicit, BuildRate, BuildState, MonotoneCheck } from './system-parts';

export interface StorageParts {
  readonly states: BuildState[];
  readonly implicit: BuildImplicit[];
  readonly rates: BuildRate[];
  readonly monotone: MonotoneCheck[];
  /** Fills in the state equations once the whole network is defined. */
  equations(): Term[];
}

export function defineStorage(s: Structure, net: NetworkTexts, nm: NonlinearMath): StorageParts {
  const p = s.partition;
  const oneport = new Map<string, OnePort>(s.description.oneports.map((e) => [e.id, e]));
  const id = (k: number) => s.graph.ids[k];
  const curve = (k: number): ElementCurve => elementCurve(oneport.get(id(k))!, s.tree.inTree[k] === 1);
  const states: BuildState[] = [];
  const implicit: BuildImplicit[] = [];
  const rates: BuildRate[] = [];
  const monotone: MonotoneCheck[] = [];
  const isS = new Set(p.groups.S);
  const isGamma = new Set(p.groups.Gamma);
  const coupledC = new Set<number>();
  for (const k of p.groups.S) for (const [t] of net.loop(k)) if (s.graph.cls[t] === CLASS_CODE.A) coupledC.add(t);
  const coupledL = new Set<number>();
  for (const k of p.groups.Gamma) for (const [l] of net.cutset(k)) if (s.graph.cls[l] === CLASS_CODE.T) coupledL.add(l);
  const check = (c: ElementCurve, quantity: 'across' | 'through' | 'charge' | 'flux') => {
    if (c.interval !== undefined) monotone.push({ element: c.element, variable: c.variable, quantity, text: c.coordinates[quantity]!, interval: c.interval });
  };
  const equations: (() => Term)[] = [];

  /** s' = (drive − q_t)/q_s for a state in its own curve variable (identity charge or flux: s' = drive). */
  const ownState = (c: ElementCurve, stored: 'charge' | 'flux', name: string, drive: () => Term) => () => {
    const d = drive();
    const law = net.coordinate(c, stored, name);
    const node = nm.math.parse(law.text);
    const slope = nm.derivative(node, name, c.element).toString();
    const rate = nm.derivative(node, 't', c.element).toString();
    const top = rate === '0' ? d.text : `(${d.text}) - (${rate})`;
    return { text: slope === '1' ? top : `(${top}) / (${slope})`, laws: new Set([...d.laws, ...law.laws]) };
  };
  const quantityOf = (c: ElementCurve, own: 'across' | 'through', stored: 'charge' | 'flux') =>
    isIdentity(c, own) ? own : isIdentity(c, stored) ? stored : 'curve';

  // Tree capacitors: own states, or cutset charges with the curve variable implicit.
  for (const k of p.groups.C) {
    const c = curve(k);
    if (!coupledC.has(k)) {
      const name = net.claim(curveSymbol(c), c.element);
      states.push({ name, element: c.element, quantity: quantityOf(c, 'across', 'charge') });
      net.vTree[k] = net.coordinate(c, 'across', name);
      check(c, 'charge');
      equations.push(ownState(c, 'charge', name, () => net.kcl(k)));
    } else {
      const z = net.claim(curveSymbol(c), c.element);
      const state = net.claim(`qcut_${c.element}`, c.element);
      states.push({ name: state, element: c.element, quantity: 'cutset-charge' });
      net.vTree[k] = net.coordinate(c, 'across', z);
      check(c, 'charge');
      // p_C − (q_C − Σ_S F[S,C] q_S) = 0, completed below once the q_S are known.
      implicit.push({ name: z, element: c.element, residual: term(''), interval: c.interval });
      equations.push(() => net.kcl(k, (l) => isS.has(l)));
    }
  }
  // Link capacitors S: v_S by KVL over E and C; q_S explicit or through an implicit curve variable.
  const chargeOfS = new Map<number, Term>();
  for (const k of p.groups.S) {
    const c = curve(k);
    const vS = net.kvl(k);
    let q: Term;
    if (isIdentity(c, 'across')) q = net.coordinate(c, 'charge', vS);
    else {
      const z = net.claim(curveSymbol(c), c.element);
      check(c, 'across');
      const v = net.coordinate(c, 'across', z);
      implicit.push({ name: z, element: c.element, residual: term(`(${v.text}) - (${vS.text})`, [...v.laws, ...vS.laws]), interval: c.interval });
      q = net.coordinate(c, 'charge', z);
    }
    chargeOfS.set(k, q);
    const name = net.claim(`i_${net.symbolId(k)}`, c.element);
    rates.push({ name, element: c.element, quantity: q });
    net.iLink[k] = term(name, q.laws);
  }
  for (const z of implicit) {
    if (z.residual.text !== '') continue;
    const k = s.graph.branchIndex.get(z.element)!;
    const c = curve(k);
    const own = net.coordinate(c, 'charge', z.name);
    const parts = net.cutset(k).filter(([l]) => isS.has(l));
    const laws = new Set(own.laws);
    const text = parts.map(([l, f]) => {
      for (const law of chargeOfS.get(l)!.laws) laws.add(law);
      return `${f > 0 ? '-' : '+'} (${chargeOfS.get(l)!.text})`;
    });
    (z as { residual: Term }).residual = { text: `(${own.text}) ${text.join(' ')} - qcut_${c.element}`, laws };
  }

  // Link inductors: own states, or loop fluxes with the curve variable implicit.
  const fluxStart = implicit.length;
  for (const k of p.groups.L) {
    const c = curve(k);
    if (!coupledL.has(k)) {
      const name = net.claim(curveSymbol(c), c.element);
      states.push({ name, element: c.element, quantity: quantityOf(c, 'through', 'flux') });
      net.iLink[k] = net.coordinate(c, 'through', name);
      check(c, 'flux');
      equations.push(ownState(c, 'flux', name, () => net.kvl(k)));
    } else {
      const z = net.claim(curveSymbol(c), c.element);
      const state = net.claim(`lambdaloop_${c.element}`, c.element);
      states.push({ name: state, element: c.element, quantity: 'loop-flux' });
      net.iLink[k] = net.coordinate(c, 'through', z);
      check(c, 'flux');
      implicit.push({ name: z, element: c.element, residual: term(''), interval: c.interval });
      equations.push(() => net.kvl(k, (t) => isGamma.has(t)));
    }
  }
  // Tree inductors Γ: i_Γ by KCL over L and J; λ_Γ explicit or through an implicit curve variable.
  const fluxOfGamma = new Map<number, Term>();
  for (const k of p.groups.Gamma) {
    const c = curve(k);
    const iG = net.kcl(k);
    let lambda: Term;
    if (isIdentity(c, 'through')) lambda = net.coordinate(c, 'flux', iG);
    else {
      const z = net.claim(curveSymbol(c), c.element);
      check(c, 'through');
      const i = net.coordinate(c, 'through', z);
      implicit.push({ name: z, element: c.element, residual: term(`(${i.text}) - (${iG.text})`, [...i.laws, ...iG.laws]), interval: c.interval });
      lambda = net.coordinate(c, 'flux', z);
    }
    fluxOfGamma.set(k, lambda);
    const name = net.claim(`v_${net.symbolId(k)}`, c.element);
    rates.push({ name, element: c.element, quantity: lambda });
    net.vTree[k] = term(name, lambda.laws);
  }
  for (const z of implicit.slice(fluxStart)) {
    if (z.residual.text !== '') continue;
    const k = s.graph.branchIndex.get(z.element)!;
    const c = curve(k);
    const own = net.coordinate(c, 'flux', z.name);
    const laws = new Set(own.laws);
    const text = net.loop(k).filter(([t]) => isGamma.has(t)).map(([t, f]) => {
      for (const law of fluxOfGamma.get(t)!.laws) laws.add(law);
      return `${f > 0 ? '+' : '-'} (${fluxOfGamma.get(t)!.text})`;
    });
    (z as { residual: Term }).residual = { text: `(${own.text}) ${text.join(' ')} - lambdaloop_${c.element}`, laws };
  }
  return { states, implicit, rates, monotone, equations: () => equations.map((e) => e()) };
}
