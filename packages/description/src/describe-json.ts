/**
 * descriptionToJSON: a SystemDescription back to the input format (schema/system.schema.json), explicit and
 * canonical: every ground listed, every output named, values as written by the user (userValue), domains only
 * where the kind does not imply them. parseSystem(descriptionToJSON(d)) describes the same system as d.
 */
import type { ConstantNode } from 'mathjs';
import { elementKind } from './kinds';
import type { RawElement, RawLaw, RawOutput, RawParameter, RawSystem, RawValue } from './raw-input';
import type { Expression, Law, SystemDescription } from './types';

export function descriptionToJSON(desc: SystemDescription): RawSystem {
  const parameters: Record<string, RawParameter> = {};
  for (const [name, value] of desc.parameters) {
    const d = desc.parameterDetails?.get(name);
    parameters[name] = d === undefined ? value : { value, ...d };
  }
  const implied = (kind: string) => {
    const info = elementKind(kind);
    return info !== undefined && 'domain' in info ? info.domain : undefined;
  };
  const elements: RawElement[] = [
    ...desc.oneports.map((e) => ({
      id: e.id,
      kind: e.kind,
      from: e.from,
      to: e.to,
      ...(e.law !== undefined ? { law: lawToJSON(e.law) } : { value: valueToJSON(e.userValue) }),
      ...(implied(e.kind) === undefined ? { domain: e.domain } : {}),
      ...(e.label !== undefined ? { label: e.label } : {}),
    })),
    ...desc.sources.map((s) => ({
      id: s.id,
      kind: s.kind,
      from: s.from,
      to: s.to,
      ...(s.constant !== undefined ? { value: valueToJSON(s.constant) } : {}),
      ...(s.input !== s.id ? { input: s.input } : {}),
      ...(implied(s.kind) === undefined ? { domain: s.domain } : {}),
      ...(s.label !== undefined ? { label: s.label } : {}),
    })),
  ];
  const twoPorts: RawElement[] = desc.twoPorts.map((t) => ({
    id: t.id,
    kind: t.kind,
    ports: t.ports.map((p, j) => ({
      from: p.from,
      to: p.to,
      domain: j === 0 ? t.domain1 : t.domain2,
      ...(p.label !== undefined ? { label: p.label } : {}),
    })),
    ratio: valueToJSON(t.ratio),
    ...(t.label !== undefined ? { label: t.label } : {}),
  }));
  const mutuals: RawElement[] = desc.mutuals.map((m) => ({
    id: m.id,
    kind: 'mutual-inductance',
    between: [...m.between],
    ...(m.form === 'coupling' ? { coupling: valueToJSON(m.value) } : { value: valueToJSON(m.value) }),
  }));
  const outputs: RawOutput[] = desc.outputs.map((o) =>
    o.kind === 'node'
      ? { name: o.name, node: o.node, reference: o.reference }
      : { name: o.name, element: o.element, ...(o.port !== undefined ? { port: o.port } : {}), variable: o.variable },
  );
  return {
    name: desc.name,
    ...(desc.title !== undefined ? { title: desc.title } : {}),
    ...(desc.description !== undefined ? { description: desc.description } : {}),
    parameters,
    elements,
    ...(twoPorts.length > 0 ? { twoPorts } : {}),
    ...(mutuals.length > 0 ? { mutuals } : {}),
    outputs,
    ground: [...desc.grounds],
  };
}

/** A law as written: { form: text } or { parametric: { parameter, interval, w: text, z: text } }. */
function lawToJSON(law: Law): RawLaw {
  if (law.kind === 'explicit') return { [law.form]: law.expression.text };
  const [w, z] = law.coordinates;
  return {
    parametric: {
      parameter: law.parameter,
      interval: [...law.interval],
      [w.quantity]: w.expression.text,
      [z.quantity]: z.expression.text,
    },
  };
}

/** A plain number when the expression is one constant, else its text. */
function valueToJSON(e: Expression): RawValue {
  return e.node.type === 'ConstantNode' ? ((e.node as ConstantNode).value as number) : e.text;
}
