/**
 * Generates examples/cases/<case>.json, one system description per case of formulation-cases.json (the verified
 * test graphs of formulation.md section 14), so that every stage can run the cases through parseSystem.
 *
 * Mapping: E → across-source, J → through-source (both keep their branch names as input names), C → capacitor,
 * R → resistor, L → inductor, each valued by a parameter named after the branch; the P branches of a two-port
 * → one transformer (TF) or gyrator (GY) element, placed where its first port was, with ratio parameter named
 * after the two-port; mutual entries {a, b, M} → mutual inductances M_<a>_<b>. Numeric node names become strings.
 *
 * Run from the repository root: npx tsx examples/cases/generate.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSystemParser } from '../../packages/description/src/index';

interface CaseBranch {
  name: string;
  kind: 'E' | 'J' | 'C' | 'R' | 'L' | 'P';
  from_: string | number;
  to: string | number;
  value: number | null;
}
interface CaseTwoPort {
  name: string;
  kind: 'TF' | 'GY';
  port1: string;
  port2: string;
  ratio: number;
}
interface CaseMutual {
  a: string;
  b: string;
  M: number;
}
interface Case {
  name: string;
  note?: string;
  branches: CaseBranch[];
  twoports?: CaseTwoPort[];
  mutual?: CaseMutual[];
  degenerate?: boolean;
}

const KIND: Record<Exclude<CaseBranch['kind'], 'P'>, string> = {
  E: 'across-source',
  J: 'through-source',
  C: 'capacitor',
  R: 'resistor',
  L: 'inductor',
};

export function caseToDescription(c: Case): Record<string, unknown> {
  const parameters: Record<string, number> = {};
  const elements: Record<string, unknown>[] = [];
  const byName = new Map(c.branches.map((b) => [b.name, b]));
  const twoPortOfPort = new Map<string, CaseTwoPort>();
  for (const t of c.twoports ?? []) {
    twoPortOfPort.set(t.port1, t);
    twoPortOfPort.set(t.port2, t);
  }
  for (const b of c.branches) {
    if (b.kind === 'P') {
      const t = twoPortOfPort.get(b.name);
      if (t === undefined) throw new Error(`${c.name}: port ${b.name} belongs to no two-port`);
      if (t.port1 !== b.name) continue; // the two-port is written at its first port
      const p1 = byName.get(t.port1) as CaseBranch;
      const p2 = byName.get(t.port2) as CaseBranch;
      parameters[t.name] = t.ratio;
      elements.push({
        id: t.name,
        kind: t.kind === 'TF' ? 'transformer' : 'gyrator',
        ports: [
          { from: String(p1.from_), to: String(p1.to) },
          { from: String(p2.from_), to: String(p2.to) },
        ],
        ratio: t.name,
      });
      continue;
    }
    const element: Record<string, unknown> = { id: b.name, kind: KIND[b.kind], from: String(b.from_), to: String(b.to) };
    if (b.kind !== 'E' && b.kind !== 'J') {
      if (b.value === null) throw new Error(`${c.name}: ${b.name} has no value`);
      parameters[b.name] = b.value;
      element.value = b.name;
    }
    elements.push(element);
  }
  const mutuals = (c.mutual ?? []).map((m) => {
    const id = `M_${m.a}_${m.b}`;
    parameters[id] = m.M;
    return { id, kind: 'mutual-inductance', between: [m.a, m.b], value: id };
  });
  return {
    $schema: '../../packages/description/schema/system.schema.json',
    name: c.name,
    title: c.name.replace(/_/g, ' '),
    description: c.note ?? '',
    meta: { source: 'formulation-cases.json', case: c.name, degenerate: c.degenerate === true },
    parameters,
    elements,
    ...(mutuals.length > 0 ? { mutuals } : {}),
  };
}

function main(): void {
  const here = dirname(fileURLToPath(import.meta.url));
  const file = JSON.parse(readFileSync(join(here, 'formulation-cases.json'), 'utf8')) as { cases: Case[] };
  const parser = createSystemParser();
  for (const c of file.cases) {
    const description = caseToDescription(c);
    parser.parse(description); // every generated file must parse
    writeFileSync(join(here, `${c.name}.json`), `${JSON.stringify(description, null, 2)}\n`);
  }
  console.log(`wrote ${file.cases.length} case descriptions to ${here}`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
