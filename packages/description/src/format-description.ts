/**
 * formatDescription: a SystemDescription as plain-text tables (parameters, one-ports with their generalised
 * values, sources, two-ports, mutual inductances, outputs, grounds), for the CLI, logs and test snapshots.
 */
import type { Law, SystemDescription } from './types';

const SYMBOL = { charge: 'q', flux: 'lambda', across: 'v', through: 'i' } as const;

/**
 * The law as an equation: "q = C*v", "i = Is * (exp(v / Vt) - 1)"; a parametric law as
 * "(v, q) = (s, C * s + s ^ 3), s in [-1, 1]".
 */
export function lawText(law: Law): string {
  if (law.kind === 'parametric') {
    const [w, z] = law.coordinates;
    return `(${SYMBOL[w.quantity]}, ${SYMBOL[z.quantity]}) = (${w.expression.text}, ${z.expression.text}), ${law.parameter} in [${law.interval[0]}, ${law.interval[1]}]`;
  }
  return `${SYMBOL[law.form]} = ${law.expression.text}`;
}

export function formatDescription(desc: SystemDescription): string {
  const out: string[] = [];
  out.push(`system ${desc.name}${desc.title !== undefined ? ` — ${desc.title}` : ''}`);

  if (desc.parameters.size > 0) {
    out.push('', 'parameters');
    out.push(
      ...table(
        ['name', 'value', 'unit', 'description'],
        [...desc.parameters].map(([name, value]) => {
          const d = desc.parameterDetails?.get(name);
          return [name, value === null ? '(symbolic)' : String(value), d?.unit ?? '', d?.description ?? ''];
        }),
      ),
    );
  }
  if (desc.oneports.length > 0) {
    out.push('', 'one-ports');
    out.push(
      ...table(
        ['id', 'kind', 'type', 'domain', 'from → to', 'value (C, L, R)', 'as given'],
        desc.oneports.map((e) => [e.id, e.kind, e.type, e.domain, `${e.from} → ${e.to}`, e.value.text, e.law !== undefined ? lawText(e.law) : e.userValue.text]),
      ),
    );
  }
  if (desc.sources.length > 0) {
    out.push('', 'sources');
    out.push(
      ...table(
        ['id', 'kind', 'type', 'domain', 'from → to', 'input', 'constant'],
        desc.sources.map((s) => [s.id, s.kind, s.type, s.domain, `${s.from} → ${s.to}`, s.input, s.constant?.text ?? '']),
      ),
    );
  }
  if (desc.twoPorts.length > 0) {
    out.push('', 'two-ports');
    out.push(
      ...table(
        ['id', 'kind', 'port 1', 'port 2', 'ratio', 'law'],
        desc.twoPorts.map((t) => [
          t.id,
          t.kind,
          `${t.ports[0].from} → ${t.ports[0].to} (${t.domain1})`,
          `${t.ports[1].from} → ${t.ports[1].to} (${t.domain2})`,
          t.ratio.text,
          t.kind === 'transformer' ? 'v1 = r v2, i1 = -i2/r' : 'v1 = r i2, i1 = -v2/r',
        ]),
      ),
    );
  }
  if (desc.mutuals.length > 0) {
    out.push('', 'mutual inductances');
    out.push(
      ...table(
        ['id', 'between', 'given as', 'value'],
        desc.mutuals.map((m) => [m.id, m.between.join(', '), m.form === 'coupling' ? 'k' : 'M', m.value.text]),
      ),
    );
  }
  if (desc.outputs.length > 0) {
    out.push('', 'outputs');
    out.push(
      ...table(
        ['name', 'of'],
        desc.outputs.map((o) => [
          o.name,
          o.kind === 'node'
            ? `potential of ${o.node} relative to ${o.reference}`
            : `${o.variable} of ${o.element}${o.port !== undefined ? ` port ${o.port}` : ''}`,
        ]),
      ),
    );
  }
  out.push('', `nodes: ${desc.nodes.join(', ')}`, `grounds: ${desc.grounds.join(', ')}`);
  return out.join('\n');
}

/** Left-aligned columns separated by two spaces; trailing blanks trimmed. */
function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const width = header.map((h, j) => rows.reduce((w, r) => Math.max(w, r[j].length), h.length));
  const line = (cells: readonly string[]) => '  ' + cells.map((c, j) => c.padEnd(width[j])).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}
