/**
 * fast-check generators for fuzzing the reader and the pipeline (issue 18 item 6): descriptions that are valid
 * in shape (random small networks over every element kind, with values, expressions and laws), the same
 * descriptions mutated into malformed ones (fields dropped, replaced by arbitrary JSON, wrong types, unknown
 * kinds, duplicated ids, huge strings, non-finite and hostile expressions), and law expressions.
 */
import fc from 'fast-check';
import { ELEMENT_KINDS } from '@sysgraph/description';

export type Json = Record<string, unknown>;

const ONE_PORTS = ELEMENT_KINDS.filter((k) => k.family === 'one-port');
const SOURCES = ELEMENT_KINDS.filter((k) => k.family === 'source').map((k) => k.kind);
const PARAMS = ['a', 'b', 'c'];
const LAW_FUNCTIONS = ['exp', 'log', 'sqrt', 'sin', 'cos', 'abs', 'sinh', 'tanh'];

/** Numbers a user might write, including the awkward ones. */
const number = fc.oneof(
  fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
  fc.constantFrom(0, -1, 1e-300, 1e300, -0, 2 ** 53, 1e-12, 1e12),
);

/** Expressions of the parameters (and sometimes t), including non-finite and hostile ones. */
const valueExpression = fc.oneof(
  number,
  fc.constantFrom('a', 'b * 2', 'a / b', '1 / (a - a)', '0/0', '1/0', 'sqrt(-1)', 'log(0)', 'a^1000', 'exp(710)', '1 + t', 'sin(t)', "import('fs')", 'x = 1', 'f(x) = 1', 'evaluate("1")', 'createUnit("foo")', 'unknown', '', ' ', '((1)', '1e999', 'pi', 'e'),
);

/** A law expression in `variable`: a random tree over numbers, parameters, the variable and t. */
export function lawExpression(variable: string): fc.Arbitrary<string> {
  const leaf = fc.oneof(fc.constantFrom(variable, variable, 't', ...PARAMS, '0', '1', '2', '0.5', '1e-3', '1e3'), number.map(String));
  const { tree } = fc.letrec<{ tree: string }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.tuple(tie('tree'), fc.constantFrom('+', '-', '*', '/', '^'), tie('tree')).map(([x, op, y]) => `(${x}) ${op} (${y})`),
      fc.tuple(fc.constantFrom(...LAW_FUNCTIONS), tie('tree')).map(([f, x]) => `${f}(${x})`),
      tie('tree').map((x) => `-(${x})`),
    ),
  }));
  return fc.oneof(
    { weight: 6, arbitrary: tree },
    { weight: 1, arbitrary: fc.constantFrom('0/0', `${variable}/0`, `exp(${variable}*1000)`, `1/${variable}`, 'junk(', `${variable} ==`, '') },
  );
}

const LAW_FORMS: Record<string, [string, string][]> = {
  A: [['charge', 'v'], ['across', 'q']],
  T: [['flux', 'i'], ['through', 'lambda']],
  D: [['across', 'i'], ['through', 'v']],
};

interface Shape {
  readonly nodes: number;
  readonly elements: readonly { kind: number; from: number; to: number; value: unknown; law?: { form: number } | null }[];
}

/** A description valid in shape: a random connected network over node names g, n0, n1, …. */
export const description: fc.Arbitrary<Json> = fc
  .record({
    nodes: fc.integer({ min: 1, max: 6 }),
    parameters: fc.array(fc.oneof({ weight: 20, arbitrary: fc.double({ min: 0.1, max: 10, noNaN: true }) }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: valueExpression }), { minLength: PARAMS.length, maxLength: PARAMS.length }),
    source: fc.record({ kind: fc.constantFrom(...SOURCES), value: fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: valueExpression }) }),
    elements: fc.array(
      fc.record({
        kind: fc.nat(ONE_PORTS.length - 1),
        from: fc.nat(6),
        to: fc.nat(6),
        value: fc.oneof({ weight: 8, arbitrary: fc.oneof(fc.double({ min: 1e-3, max: 1e3, noNaN: true }), fc.constantFrom('a', 'b * 2', 'a / b + c')) }, { weight: 1, arbitrary: valueExpression }),
        law: fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.record({ form: fc.nat(1) }) }),
      }),
      { minLength: 1, maxLength: 10 },
    ),
    twoPort: fc.option(fc.record({ gyrator: fc.boolean(), ports: fc.array(fc.nat(6), { minLength: 4, maxLength: 4 }), ratio: fc.oneof({ weight: 4, arbitrary: fc.double({ min: 0.1, max: 10, noNaN: true }) }, { weight: 1, arbitrary: valueExpression }) }), { freq: 2 }),
    mutual: fc.option(fc.record({ a: fc.nat(9), b: fc.nat(9), coupling: fc.boolean(), value: fc.oneof({ weight: 4, arbitrary: fc.double({ min: 0.01, max: 0.9, noNaN: true }) }, { weight: 1, arbitrary: valueExpression }) }), { freq: 2 }),
    outputs: fc.array(fc.record({ which: fc.nat(12), across: fc.boolean() }), { maxLength: 3 }),
    lawSeed: fc.array(fc.nat(), { minLength: 10, maxLength: 10 }),
  })
  .chain((r) => {
    // Law texts from the law grammar, one per element (used where the element has a law).
    const laws = r.elements.map((e) => {
      const info = ONE_PORTS[e.kind];
      const [form, variable] = LAW_FORMS[(info as { type: string }).type][e.law?.form ?? 0];
      return lawExpression(variable).map((text) => ({ form, text }));
    });
    return fc.tuple(fc.constant(r), fc.tuple(...laws));
  })
  .map(([r, laws]) => {
    // Node count at most half the elements, and element k leaving n_(k mod N): every node has two branches at
    // least, so most shapes have no dangling node (the mutations below make the rest).
    const count = Math.max(1, Math.min(r.nodes, Math.floor(r.elements.length / 2)));
    const node = (k: number) => (k % (count + 1) === 0 ? 'g' : `n${(k % (count + 1)) - 1}`);
    const parameters: Json = {};
    PARAMS.forEach((p, k) => (parameters[p] = r.parameters[k]));
    const elements: Json[] = [{ id: 'S1', kind: r.source.kind, from: 'n0', to: 'g', ...(r.source.value !== null ? { value: r.source.value } : {}) }];
    const shape: Shape = { nodes: r.nodes, elements: r.elements };
    shape.elements.forEach((e, k) => {
      const info = ONE_PORTS[e.kind];
      const from = `n${k % count}`;
      const to = e.to % 2 === 0 ? 'g' : `n${(k + 1 + e.from) % count}`;
      const base: Json = { id: `E${k}`, kind: info.kind, from, to: to === from ? 'g' : to };
      if (info.domain === undefined) base.domain = 'electrical';
      if (e.law !== null && e.law !== undefined) base.law = { [laws[k].form]: laws[k].text };
      else base.value = e.value;
      elements.push(base);
    });
    const d: Json = { name: 'fuzz', parameters, elements };
    if (r.twoPort) {
      const [a, b, c, e] = r.twoPort.ports.map((k, j) => (j % 2 === 0 ? `n${k % count}` : 'g'));
      d.twoPorts = [{ id: 'TP', kind: r.twoPort.gyrator ? 'gyrator' : 'transformer', ports: [{ from: a, to: b, domain: 'electrical' }, { from: c, to: e, domain: 'electrical' }], ratio: r.twoPort.ratio }];
    }
    // A mutual inductance between two T-type elements, when there are two.
    const inductors = r.elements.flatMap((e, k) => ((ONE_PORTS[e.kind] as { type: string }).type === 'T' && !e.law ? [k] : []));
    if (r.mutual && inductors.length >= 2) {
      const a = inductors[r.mutual.a % inductors.length];
      const b = inductors[(inductors.indexOf(a) + 1 + (r.mutual.b % (inductors.length - 1))) % inductors.length];
      d.mutuals = [{ id: 'M', kind: 'mutual-inductance', between: [`E${a}`, `E${b}`], [r.mutual.coupling ? 'coupling' : 'value']: r.mutual.value }];
    }
    d.outputs = r.outputs.map((o) => {
      const k = o.which % (r.elements.length + 1);
      return { element: k === 0 ? 'S1' : `E${k - 1}`, variable: o.across ? 'across' : 'through' };
    });
    return d;
  });

/** Arbitrary JSON values to put where a field was (small, to keep the run short). */
const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(null, [], {}, '', 0, -1, true, 'g', '__proto__', 'constructor', 'n'.repeat(5000)),
);

/** One mutation of a description: a field dropped or replaced, an id duplicated, a kind misspelt, …. */
const mutation = fc.record({
  op: fc.constantFrom('drop', 'replace', 'duplicate', 'kind', 'root', 'ground', 'nested'),
  at: fc.nat(),
  key: fc.constantFrom('id', 'kind', 'from', 'to', 'value', 'law', 'ports', 'ratio', 'between', 'domain', 'element', 'variable', 'coupling'),
  value: anyJson,
});

function mutate(d: unknown, m: { op: string; at: number; key: string; value: unknown }): unknown {
  if (d === null || typeof d !== 'object' || Array.isArray(d)) return d;
  const copy = JSON.parse(JSON.stringify(d)) as Json;
  const lists = ['elements', 'twoPorts', 'mutuals', 'outputs'].filter((k) => Array.isArray(copy[k]) && (copy[k] as unknown[]).length > 0);
  const list = lists.length > 0 ? (copy[lists[m.at % lists.length]] as Json[]) : [];
  const picked: unknown = list.length > 0 ? list[m.at % list.length] : undefined;
  const item = picked !== null && typeof picked === 'object' && !Array.isArray(picked) ? (picked as Json) : undefined;
  switch (m.op) {
    case 'drop':
      if (item) delete item[m.key];
      break;
    case 'replace':
      if (item) item[m.key] = m.value;
      break;
    case 'duplicate':
      if (item) list.push({ ...item });
      break;
    case 'kind':
      if (item) item.kind = `${String(item.kind)}x`;
      break;
    case 'root':
      copy[['name', 'parameters', 'elements', 'ground', 'outputs', 'twoPorts', 'mutuals', 'extra'][m.at % 8]] = m.value;
      break;
    case 'ground':
      copy.ground = m.value;
      break;
    case 'nested':
      if (item && Array.isArray(item.ports)) (item.ports as unknown[])[m.at % 2] = m.value;
      else if (item) item.law = { [m.key]: m.value };
      break;
  }
  return copy;
}

/** Malformed descriptions: one to three mutations of a valid-shaped one, or arbitrary JSON. */
export const malformedDescription: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(description, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([d, ms]) => ms.reduce<unknown>((x, m) => mutate(x, m), d)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Valid-shaped and malformed descriptions, as objects or as JSON text (a third of them). */
export const anyDescription: fc.Arbitrary<unknown> = fc
  .tuple(fc.oneof(description, malformedDescription), fc.nat(2))
  .map(([d, asText]) => (asText === 0 ? JSON.stringify(d) ?? 'null' : d));
