/**
 * defineStatic: the memoryless branches of a nonlinear system, D-type elements and two-ports (formulation.md
 * sections 3, 4, 10 and 12), on the chosen normal tree. Each primary variable (v of a tree branch, i of a link)
 * has a definition in terms of the others:
 *   tree D-type G    v_G = R̂_G(i_G),  i_G = KCL           link D-type R    i_R = Ĝ_R(v_R),  v_R = KVL
 *   transformer      v_θ = v_α / K,   i_α = −i_θ / K       (K = TF when θ is port 2, 1/TF when θ is port 1)
 *   gyrator in tree  v_1 = GY·i_2,    v_2 = −GY·i_1        gyrator in co-tree  i_1 = −v_2/GY,  i_2 = v_1/GY
 * (the two-port laws v1 = TF·v2, i1 = −i2/TF and v1 = GY·i2, i1 = −v2/GY solved for the primary variables).
 * They are substituted into each other in dependency order, which makes them explicit functions of the states
 * and inputs (the elimination of the linear formulation, sections 5.1 and 10, done symbolically). A variable
 * becomes implicit, with a residual r(z, x, u, t) = 0 solved numerically at each evaluation (section 12, "Newton on
 * the resistive network"), when
 *   · it lies on a cycle of these definitions (a loop of D-type elements, F_RG ≠ 0, H4 violated; or two-ports whose
 *     port equations are coupled through D-type elements or other two-ports): r = z − definition;
 *   · its law is in the other form than the tree needs (i = g(v) on a tree branch, v = f(i) on a link), or is a
 *     parametric curve: z is the curve variable and r = i_G(z) − KCL or v_R(z) − KVL.
 * No parasitic element is ever inserted.
 */
import type { OnePort } from '@sysgraph/description';
import type { Structure } from '@sysgraph/graph';
import { CLASS_CODE } from '@sysgraph/graph';
import type { ElementCurve } from './element-curve';
import { curveSymbol, elementCurve, isIdentity } from './element-curve';
import type { NetworkTexts, Term } from './network-texts';
import { term } from './network-texts';
import { strongComponents } from './strong-components';
import type { BuildImplicit, MonotoneCheck } from './system-parts';

interface Candidate {
  readonly k: number;
  /** The static branches its definition reads. */
  readonly deps: readonly number[];
  /** The explicit definition (valid once the deps are defined). */
  build(): Term;
  /** As an implicit variable: its symbol, its value in terms of the symbol, and its residual. */
  implicit(): { name: string; value: Term; residual(): Term; neededForm?: 'across' | 'through'; interval?: readonly [number, number] };
  /** True when the law's form forces the implicit version. */
  readonly forced: boolean;
}

export function defineStatic(s: Structure, net: NetworkTexts): { implicit: BuildImplicit[]; monotone: MonotoneCheck[] } {
  const lg = s.graph;
  const p = s.partition;
  const inTree = (k: number) => s.tree.inTree[k] === 1;
  const oneport = new Map<string, OnePort>(s.description.oneports.map((e) => [e.id, e]));
  const statics = [...p.groups.G, ...p.groups.theta, ...p.groups.gammaT, ...p.groups.R, ...p.groups.alpha, ...p.groups.gammaL];
  const isStatic = new Set(statics);
  const monotone: MonotoneCheck[] = [];
  const ratio = new Map<number, { text: string; partner: number; port: 1 | 2; kind: 'transformer' | 'gyrator' }>();
  s.graph.twoPorts.forEach((tp) => {
    const text = `(${s.description.twoPorts.find((d) => d.id === tp.id)!.ratio.text})`;
    ratio.set(tp.ports[0], { text, partner: tp.ports[1], port: 1, kind: tp.kind });
    ratio.set(tp.ports[1], { text, partner: tp.ports[0], port: 2, kind: tp.kind });
  });
  const readsOf = (k: number, via: 'kvl' | 'kcl') => (via === 'kvl' ? net.loop(k) : net.cutset(k)).map(([b]) => b).filter((b) => isStatic.has(b));
  const wrap = (t: Term, text: string): Term => ({ text, laws: t.laws });

  const candidate = (k: number): Candidate => {
    const tree = inTree(k);
    if (lg.cls[k] === CLASS_CODE.D) {
      const c: ElementCurve = elementCurve(oneport.get(lg.ids[k])!, tree);
      const known = tree ? 'through' : 'across';
      const wanted = tree ? 'across' : 'through';
      const knownValue = () => (tree ? net.kcl(k) : net.kvl(k));
      const forced = !isIdentity(c, known);
      if (forced && c.interval !== undefined) monotone.push({ element: c.element, variable: c.variable, quantity: known, text: c.coordinates[known]!, interval: c.interval });
      return {
        k,
        deps: readsOf(k, tree ? 'kcl' : 'kvl'),
        forced,
        build: () => net.coordinate(c, wanted, knownValue()),
        implicit: () => {
          const name = net.claim(curveSymbol(c), c.element);
          return {
            name,
            value: net.coordinate(c, wanted, name),
            residual: () => {
              const own = net.coordinate(c, known, name);
              const kv = knownValue();
              return { text: `(${own.text}) - (${kv.text})`, laws: new Set([...own.laws, ...kv.laws]) };
            },
            neededForm: wanted,
            interval: c.interval,
          };
        },
      };
    }
    const r = ratio.get(k)!;
    const o = r.partner;
    // The other port's quantity this port's primary variable follows from, and the law solved for it.
    const via: 'kvl' | 'kcl' = r.kind === 'transformer' ? (tree ? 'kvl' : 'kcl') : tree ? 'kcl' : 'kvl';
    const read = () => (via === 'kvl' ? net.kvl(o) : net.kcl(o));
    const build = (): Term => {
      const x = read();
      const q = `(${x.text})`;
      if (r.kind === 'transformer') {
        // θ port 2: v_θ = v_α/TF, i_α = −i_θ/TF... with α = the partner; θ port 1: v_θ = TF·v_α, i_α = −TF·i_θ.
        const thetaIsPort2 = tree ? r.port === 2 : r.port === 1;
        if (tree) return wrap(x, thetaIsPort2 ? `${q} / ${r.text}` : `${r.text} * ${q}`);
        return wrap(x, thetaIsPort2 ? `-${q} / ${r.text}` : `-${r.text} * ${q}`);
      }
      if (tree) return wrap(x, r.port === 1 ? `${r.text} * ${q}` : `-${r.text} * ${q}`); // v1 = GY i2, v2 = −GY i1
      return wrap(x, r.port === 1 ? `-${q} / ${r.text}` : `${q} / ${r.text}`); // i1 = −v2/GY, i2 = v1/GY
    };
    return {
      k,
      deps: readsOf(o, via),
      forced: false,
      build,
      implicit: () => {
        const name = net.claim(`${tree ? 'v' : 'i'}_${net.symbolId(k)}`, lg.branches[k].element);
        return {
          name,
          value: term(name),
          residual: () => {
            const d = build();
            return { text: `${name} - (${d.text})`, laws: d.laws };
          },
        };
      },
    };
  };

  const candidates = new Map(statics.map((k) => [k, candidate(k)]));
  // Definitions on a cycle cannot be substituted: those variables become implicit.
  const slot = new Map(statics.map((k, j) => [k, j]));
  const cyclic = new Set<number>();
  const edges = (j: number) => {
    const c = candidates.get(statics[j])!;
    return c.forced ? [] : c.deps.filter((d) => !candidates.get(d)!.forced).map((d) => slot.get(d)!);
  };
  for (const comp of strongComponents(statics.length, edges)) if (comp.cyclic) for (const j of comp.members) cyclic.add(statics[j]);
  const implicitOrder: { k: number; imp: ReturnType<Candidate['implicit']> }[] = [];
  const set = (k: number, t: Term) => (inTree(k) ? (net.vTree[k] = t) : (net.iLink[k] = t));
  for (const k of statics) {
    const c = candidates.get(k)!;
    if (c.forced || cyclic.has(k)) {
      const imp = c.implicit();
      set(k, imp.value);
      implicitOrder.push({ k, imp });
    }
  }
  const defined = (k: number) => (inTree(k) ? net.vTree[k] : net.iLink[k]) !== undefined;
  const define = (k: number) => {
    if (defined(k)) return;
    const c = candidates.get(k)!;
    for (const d of c.deps) define(d);
    set(k, c.build());
  };
  for (const k of statics) define(k);
  const implicit = implicitOrder.map(({ k, imp }) => ({
    name: imp.name,
    element: lg.branches[k].element,
    residual: imp.residual(),
    ...(imp.neededForm ? { neededForm: imp.neededForm } : {}),
    ...(imp.interval ? { interval: imp.interval } : {}),
  }));
  return { implicit, monotone };
}
