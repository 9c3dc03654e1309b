import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { caseToDescription } from '../../../examples/cases/generate';
import { ELEMENT_KINDS, SYSTEM_SCHEMA, evaluateExpression } from '../src/index';
import type { SystemDescription } from '../src/index';
import { parse } from './helpers';

const examplesDir = fileURLToPath(new URL('../../../examples/', import.meta.url));
const casesDir = `${examplesDir}cases/`;
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

interface CaseBranch { name: string; kind: string; from_: string | number; to: string | number; value: number | null }
interface Case { name: string; branches: CaseBranch[]; twoports?: { name: string; kind: string; port1: string; port2: string; ratio: number }[]; mutual?: { a: string; b: string; M: number }[] }
const cases = (readJson(`${casesDir}formulation-cases.json`) as { cases: Case[] }).cases;

/** The branches of a parsed description in the cases file's terms: name → [class, from, to, generalised value]. */
function branchesOf(d: SystemDescription): Map<string, [string, string, string, number | null]> {
  const out = new Map<string, [string, string, string, number | null]>();
  const value = (e: Parameters<typeof evaluateExpression>[0]) => evaluateExpression(e, d.parameters);
  for (const e of d.oneports) out.set(e.id, [e.type === 'A' ? 'C' : e.type === 'T' ? 'L' : 'R', e.from, e.to, value(e.value)]);
  for (const s of d.sources) out.set(s.id, [s.type, s.from, s.to, null]);
  for (const t of d.twoPorts) t.ports.forEach((p, j) => out.set(`${t.id}.${j + 1}`, ['P', p.from, p.to, null]));
  return out;
}

describe('example files', () => {
  const files = readdirSync(examplesDir).filter((f) => f.endsWith('.json') && f !== 'index.json');

  it.each(files)('%s parses, with name, title, description, parameter values and outputs', (file) => {
    const raw = readJson(`${examplesDir}${file}`) as Record<string, unknown>;
    const d = parse(raw);
    expect(d.name).toBe(file.replace(/\.json$/, ''));
    expect(d.title).toBeTruthy();
    expect(d.description).toBeTruthy();
    expect(d.outputs.length).toBeGreaterThan(0);
    expect([...d.parameters.values()].every((v) => typeof v === 'number')).toBe(true);
  });

  it('the gallery lists every example once, the default (motor-pump) first', () => {
    const index = readJson(`${examplesDir}index.json`) as { file: string; title: string; summary: string; domains: string[]; tags: string[] }[];
    expect(index[0].file).toBe('motor-pump.json');
    expect(index.map((e) => e.file).sort()).toEqual([...files].sort());
    for (const entry of index) {
      expect(entry.title && entry.summary).toBeTruthy();
      const d = parse(readJson(`${examplesDir}${entry.file}`));
      const domains = new Set([...d.oneports, ...d.sources].map((e) => e.domain));
      for (const t of d.twoPorts) (domains.add(t.domain1), domains.add(t.domain2));
      domains.delete('generic');
      expect([...entry.domains].sort()).toEqual([...domains].sort());
    }
  });

  /**
   * Examples written with physical kinds and separate grounds against the verified cases: same branches, same
   * arrows (up to the renaming of ground nodes), same generalised values computed from the physical parameters.
   */
  it.each([
    ['motor-pump.json', 'statemint_motor_pump', { L: 'Lm', shaft: 'k' }, { ge: 'g', gr: 'g', gf: 'g' }],
    ['rlc-series.json', 'rlc_series', {}, {}],
    ['cellier-gear.json', 'cellier_gear', {}, { gr: 'g', gt: 'g' }],
    ['masd-4-1.json', 'masd_4_1_physical', {}, {}],
  ])('%s agrees with case %s', (file, caseName, rename: Record<string, string>, groundMap: Record<string, string>) => {
    const d = parse(readJson(`${examplesDir}${file}`));
    const c = cases.find((x) => x.name === caseName) as Case;
    const got = new Map(
      [...branchesOf(d)].map(([id, [cls, from, to, v]]) => {
        const name = id.replace(/^([^.]+)/, (m) => rename[m] ?? m);
        return [name, [cls, groundMap[from] ?? from, groundMap[to] ?? to, v]] as const;
      }),
    );
    expect([...got.keys()].sort()).toEqual(c.branches.map((b) => b.name).sort());
    for (const b of c.branches) {
      const [cls, from, to, v] = got.get(b.name) as [string, string, string, number | null];
      expect([cls, from, to]).toEqual([b.kind, String(b.from_), String(b.to)]);
      if (b.value !== null) expect(v).toBeCloseTo(b.value, 12);
    }
    for (const t of c.twoports ?? []) {
      const tp = d.twoPorts.find((x) => x.id === t.name) as SystemDescription['twoPorts'][number];
      expect(tp.kind).toBe(t.kind === 'TF' ? 'transformer' : 'gyrator');
      expect(evaluateExpression(tp.ratio, d.parameters)).toBeCloseTo(t.ratio, 12);
    }
  });
});

describe('case files', () => {
  it('there is one description per case, as generate.ts writes it', () => {
    const files = readdirSync(casesDir).filter((f) => f.endsWith('.json') && f !== 'formulation-cases.json');
    expect(files.sort()).toEqual(cases.map((c) => `${c.name}.json`).sort());
    for (const c of cases) expect(readJson(`${casesDir}${c.name}.json`)).toEqual(caseToDescription(c as never));
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s parses to exactly the case branches and nodes', (_name, c) => {
    const d = parse(readJson(`${casesDir}${c.name}.json`));
    const got = branchesOf(d);
    expect([...got.keys()].sort()).toEqual(c.branches.map((b) => b.name).sort());
    for (const b of c.branches) {
      const [cls, from, to, v] = got.get(b.name) as [string, string, string, number | null];
      expect([cls, from, to]).toEqual([b.kind, String(b.from_), String(b.to)]);
      if (b.value !== null) expect(v).toBe(b.value);
    }
    const caseNodes = new Set(c.branches.flatMap((b) => [String(b.from_), String(b.to)]));
    expect(new Set(d.nodes)).toEqual(caseNodes);
    for (const s of d.sources) expect(s.input).toBe(s.id);
    for (const m of c.mutual ?? []) {
      const mm = d.mutuals.find((x) => x.between[0] === m.a && x.between[1] === m.b);
      expect(mm && evaluateExpression(mm.value, d.parameters)).toBe(m.M);
    }
  });
});

describe('JSON Schema', () => {
  it('lists exactly the kinds of ELEMENT_KINDS', () => {
    const schema = SYSTEM_SCHEMA as { definitions: { element: { properties: { kind: { enum: string[] } } } } };
    expect(schema.definitions.element.properties.kind.enum).toEqual(ELEMENT_KINDS.map((k) => k.kind));
  });

  it('describes every field', () => {
    const missing: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (node === null || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      for (const key of ['properties', 'definitions']) {
        const props = n[key] as Record<string, unknown> | undefined;
        if (props === undefined || typeof props !== 'object') continue;
        for (const [name, sub] of Object.entries(props)) {
          if (sub === false) continue;
          const s = sub as Record<string, unknown>;
          if (typeof s.description !== 'string' && typeof s.$ref !== 'string') missing.push(`${path}/${name}`);
          walk(sub, `${path}/${name}`);
        }
      }
      for (const key of ['items', 'additionalProperties', 'then', 'else']) walk(n[key], `${path}/${key}`);
      if (Array.isArray(n.allOf)) n.allOf.forEach((s, k) => walk(s, `${path}/allOf/${k}`));
    };
    walk(SYSTEM_SCHEMA, '#');
    expect(missing).toEqual([]);
  });
});
