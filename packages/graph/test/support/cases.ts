/** The verified cases of formulation-cases.json, converted to user JSON for the structure tests. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface VerifiedCase {
  name: string;
  branches: { name: string; kind: string; from_: string | number; to: string | number; value: number | null }[];
  twoports: { name: string; kind: 'TF' | 'GY'; port1: string; port2: string; ratio: number }[];
  mutual?: { a: string; b: string; M: number }[];
  tree?: string[] | null;
  cotree?: string[];
  states?: string[] | null;
  inputs?: string[];
  displaced_capacitors?: string[] | null;
  A?: number[][];
  B?: number[][];
  Bd?: number[][];
  degenerate?: boolean;
  result?: string;
  [key: string]: unknown;
}

const CASES_FILE = fileURLToPath(new URL('../../../../examples/cases/formulation-cases.json', import.meta.url));

export function loadVerifiedCases(): VerifiedCase[] {
  return JSON.parse(readFileSync(CASES_FILE, 'utf8')).cases as VerifiedCase[];
}

const KIND: Record<string, string> = { E: 'across-source', J: 'through-source', C: 'capacitor', R: 'resistor', L: 'inductor' };

export function caseToSystem(c: VerifiedCase): Record<string, unknown> {
  const portOf = new Map<string, { from: string; to: string }>();
  const elements: Record<string, unknown>[] = [];
  for (const b of c.branches) {
    const from = String(b.from_);
    const to = String(b.to);
    if (b.kind === 'P') {
      portOf.set(b.name, { from, to });
      continue;
    }
    const el: Record<string, unknown> = { id: b.name, kind: KIND[b.kind], from, to };
    if (b.value !== null) el.value = b.value;
    elements.push(el);
  }
  const twoPorts = c.twoports.map((t) => ({
    id: t.name,
    kind: t.kind === 'TF' ? 'transformer' : 'gyrator',
    ports: [portOf.get(t.port1)!, portOf.get(t.port2)!],
    ratio: t.ratio,
  }));
  const mutuals = (c.mutual ?? []).map((m, j) => ({ id: `M${j + 1}`, kind: 'mutual-inductance', between: [m.a, m.b], value: m.M }));
  return { name: c.name, elements, twoPorts, mutuals };
}
