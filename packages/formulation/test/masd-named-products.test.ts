/**
 * MASD's named products as printed, against the numeric general formulation (the oracle). From the JSON text of
 * the symbolic masd table alone: every printed entry is evaluated at the parameter values by mathjs (the shared
 * subexpressions w1, w2, … first), every definition is parsed here (its own small grammar: sums, products '·',
 * 'ᵀ', '⁻¹', 'I', parentheses) and evaluated with the test's own dense arithmetic and Gaussian elimination; an
 * expanded quantity must equal its definition evaluated from its factors, an unexpanded one is its definition;
 * A, B and Bd are laid out from the named blocks as the JSON's `assembly` says and compared with the general
 * formulation's A, B, Bd to 1e-9 relative — on the R–R–C ladders of 2, 6, 15 and 40 sections and on every
 * linear example and verified case where MASD's closed form applies (MASD example 4.1 among them), and on seeded
 * random networks.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { evaluate } from 'mathjs';
import { isSysgraphError } from '@sysgraph/core';
import { parseSystem } from '@sysgraph/description';
import type { SystemDescription } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, masdIntermediates, masdTable, masdTableToJsonText, masdTableToLatex, masdTableToText, numericBackend, symbolicBackend } from '../src/index';
import type { MasdTable } from '../src/index';
import { rrcLadder } from '@sysgraph/description/generators';
import { familyOfSeed, networkToDescription, randomNetwork } from './support/index';
import { relativeError } from './support/engine';

const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));

// ---- the test's own matrices (explicit sizes: empty blocks are common) ----
interface Mat { readonly r: number; readonly c: number; readonly a: number[][] }
const zeros = (r: number, c: number): Mat => ({ r, c, a: Array.from({ length: r }, () => new Array<number>(c).fill(0)) });
const eye = (n: number): Mat => ({ r: n, c: n, a: Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))) });
function plus(x: Mat, y: Mat): Mat {
  if (x.r !== y.r || x.c !== y.c) throw new Error(`sum of ${x.r}×${x.c} and ${y.r}×${y.c}`);
  return { r: x.r, c: x.c, a: x.a.map((row, i) => row.map((v, j) => v + y.a[i][j])) };
}
const scale = (x: Mat, s: number): Mat => ({ r: x.r, c: x.c, a: x.a.map((row) => row.map((v) => s * v)) });
const transpose = (x: Mat): Mat => ({ r: x.c, c: x.r, a: Array.from({ length: x.c }, (_, j) => Array.from({ length: x.r }, (_, i) => x.a[i][j])) });
function times(x: Mat, y: Mat): Mat {
  if (x.c !== y.r) throw new Error(`product of ${x.r}×${x.c} and ${y.r}×${y.c}`);
  const out = zeros(x.r, y.c);
  for (let i = 0; i < x.r; i++) for (let k = 0; k < x.c; k++) if (x.a[i][k] !== 0) for (let j = 0; j < y.c; j++) out.a[i][j] += x.a[i][k] * y.a[k][j];
  return out;
}
/** x⁻¹ by Gauss–Jordan with partial pivoting. */
function inverse(x: Mat): Mat {
  const n = x.r;
  const A = x.a.map((row) => row.slice());
  const X = eye(n).a;
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(A[i][k]) > Math.abs(A[p][k])) p = i;
    if (A[p][k] === 0) throw new Error('singular');
    [A[k], A[p]] = [A[p], A[k]];
    [X[k], X[p]] = [X[p], X[k]];
    const piv = A[k][k];
    for (let j = 0; j < n; j++) {
      A[k][j] /= piv;
      X[k][j] /= piv;
    }
    for (let i = 0; i < n; i++) {
      if (i === k || A[i][k] === 0) continue;
      const f = A[i][k];
      for (let j = 0; j < n; j++) {
        A[i][j] -= f * A[k][j];
        X[i][j] -= f * X[k][j];
      }
    }
  }
  return { r: n, c: n, a: X };
}

// ---- the definitions' grammar ----
type Node = { k: 'name'; name: string } | { k: 'I' } | { k: 'neg'; x: Node } | { k: 'sum'; terms: Node[] } | { k: 'prod'; factors: Node[] } | { k: 'T' | 'inv'; x: Node };

function parseDefinition(text: string): Node {
  const tokens = text.match(/[A-Za-z_αθΓ][A-Za-z0-9_αθΓ]*|⁻¹|ᵀ|[()+·−]/g) ?? [];
  expect(tokens.join('')).toBe(text.replace(/\s+/g, ''));
  let at = 0;
  const peek = () => tokens[at];
  const sum = (): Node => {
    const terms: Node[] = [];
    let sign = 1;
    if (peek() === '−') {
      at++;
      sign = -1;
    }
    for (;;) {
      const p = product();
      terms.push(sign < 0 ? { k: 'neg', x: p } : p);
      if (peek() === '+' || peek() === '−') sign = tokens[at++] === '+' ? 1 : -1;
      else break;
    }
    return terms.length === 1 ? terms[0] : { k: 'sum', terms };
  };
  const product = (): Node => {
    const factors = [postfix()];
    while (peek() === '·') {
      at++;
      factors.push(postfix());
    }
    return factors.length === 1 ? factors[0] : { k: 'prod', factors };
  };
  const postfix = (): Node => {
    let x: Node;
    const t = tokens[at++];
    if (t === '(') {
      x = sum();
      expect(tokens[at++]).toBe(')');
    } else if (t === 'I') x = { k: 'I' };
    else x = { k: 'name', name: t };
    while (peek() === 'ᵀ' || peek() === '⁻¹') x = { k: tokens[at++] === 'ᵀ' ? 'T' : 'inv', x };
    return x;
  };
  const node = sum();
  expect(at).toBe(tokens.length);
  return node;
}

function evalNode(n: Node, env: Map<string, Mat>, rows?: number): Mat {
  switch (n.k) {
    case 'name': {
      const m = env.get(n.name);
      if (!m) throw new Error(`${n.name} used before it is defined`);
      return m;
    }
    case 'I':
      return eye(rows!);
    case 'neg':
      return scale(evalNode(n.x, env, rows), -1);
    case 'T':
      return transpose(evalNode(n.x, env));
    case 'inv':
      return inverse(evalNode(n.x, env));
    case 'prod':
      return n.factors.map((f) => evalNode(f, env)).reduce(times);
    case 'sum': {
      const known = n.terms.filter((t) => t.k !== 'I').map((t) => evalNode(t, env, rows));
      const size = known[0]?.r ?? rows!;
      return [...known, ...n.terms.filter((t) => t.k === 'I').map(() => eye(size))].reduce(plus);
    }
  }
}

interface JsonQuantity {
  name: string;
  definition: string;
  leaf: boolean;
  rows: string[];
  cols: string[];
  expanded: boolean;
  matrix?: string[][];
  entries?: [number, number, string][];
  sameAs?: string;
}
interface JsonTable {
  states: string[];
  inputs: string[];
  assembly: Record<'A' | 'B' | 'Bd', string[][]>;
  shared: { name: string; text: string }[];
  quantities: JsonQuantity[];
}

/** A, B, Bd composed from the printed JSON alone; every expanded definition checked against its entries. */
function compose(json: JsonTable, parameters: ReadonlyMap<string, number | null>): { A: Mat; B: Mat; Bd: Mat; checked: number; unexpanded: number } {
  const scope: Record<string, number> = {};
  for (const [k, v] of parameters) if (v !== null) scope[k] = v;
  for (const s of json.shared) scope[s.name] = Number(evaluate(s.text, scope));
  const value = (text: string) => Number(evaluate(text, scope));
  const env = new Map<string, Mat>();
  let checked = 0;
  let unexpanded = 0;
  for (const q of json.quantities) {
    const r = q.rows.length;
    const c = q.cols.length;
    let printed: Mat | undefined;
    if (q.matrix) printed = { r, c, a: q.matrix.map((row) => row.map(value)) };
    else if (q.entries) {
      printed = zeros(r, c);
      for (const [i, j, t] of q.entries) printed.a[i][j] = value(t);
    }
    if (q.sameAs) expect(relativeError(printed!.a, env.get(q.sameAs)!.a), `${q.name} = ${q.sameAs}`).toBeLessThan(1e-12);
    if (q.leaf) {
      expect(printed, q.name).toBeDefined();
      env.set(q.name, printed!);
      continue;
    }
    const defined = r * c === 0 ? zeros(r, c) : evalNode(parseDefinition(q.definition), env, r);
    expect([defined.r, defined.c], q.name).toEqual([r, c]);
    if (printed) {
      expect(q.expanded).toBe(true);
      if (r * c > 0) expect(relativeError(printed.a, defined.a), q.name).toBeLessThan(1e-9);
      checked++;
    } else {
      expect(q.expanded).toBe(false);
      unexpanded++;
    }
    env.set(q.name, printed ?? defined);
  }
  const layout = (blocks: string[][]): Mat => {
    const rowsOf = blocks.map((row) => row.map((n) => env.get(n)!));
    const a = rowsOf.flatMap((row) => Array.from({ length: row[0].r }, (_, i) => row.flatMap((m) => m.a[i])));
    return { r: a.length, c: rowsOf[0].reduce((s, m) => s + m.c, 0), a };
  };
  return { A: layout(json.assembly.A), B: layout(json.assembly.B), Bd: layout(json.assembly.Bd), checked, unexpanded };
}

function symbolicTable(desc: SystemDescription): MasdTable {
  const { backend, cells } = symbolicBackend(desc);
  return masdTable(desc.name, analyzeStructure(desc), backend, cells, { parameters: desc.parameters });
}

function checkAgainstGeneral(desc: SystemDescription): { checked: number; unexpanded: number; table: MasdTable } {
  const table = symbolicTable(desc);
  const json = JSON.parse(masdTableToJsonText(table)) as JsonTable;
  const { A, B, Bd, checked, unexpanded } = compose(json, desc.parameters);
  const general = formulate(analyzeStructure(desc), numericBackend(desc.parameters));
  expect(json.states).toEqual(general.states);
  expect(json.inputs).toEqual(general.inputs);
  const dense = (m: unknown) => m as number[][];
  expect([A.r, A.c]).toEqual([general.states.length, general.states.length]);
  expect([B.r, B.c]).toEqual([general.states.length, general.inputs.length]);
  if (A.r > 0) expect(relativeError(A.a, dense(general.A))).toBeLessThan(1e-9);
  if (B.r * B.c > 0) {
    expect(relativeError(B.a, dense(general.B))).toBeLessThan(1e-9);
    expect(relativeError(Bd.a, dense(general.Bd))).toBeLessThan(1e-9);
  }
  return { checked, unexpanded, table };
}

describe('MASD named products, composed from the printed JSON, equal the general formulation', () => {
  for (const N of [2, 6, 15, 40]) {
    it(`R–R–C ladder of ${N} sections`, () => {
      const desc = parseSystem(JSON.stringify(rrcLadder(N)));
      const { checked, unexpanded, table } = checkAgainstGeneral(desc);
      expect(checked).toBeGreaterThan(20);
      // Small ladders expand everything; from 6 sections the inverses stay named: y = B3·(T12 − F_RC), B3 = (F_RCᵀ + T1)·R_loop⁻¹.
      if (N === 2) expect(unexpanded).toBe(0);
      else {
        expect(unexpanded).toBeGreaterThan(0);
        const y = table.quantities.find((q) => q.name === 'y')!;
        expect(y.expanded).toBe(false);
        expect(y.definition).toBe('B3·(T12 − F_RC)');
        expect(table.quantities.find((q) => q.name === 'B3')!.definition).toBe('(F_RCᵀ + T1)·R_loop⁻¹');
        expect(table.quantities.find((q) => q.name === 'R_loop')!.expanded).toBe(true);
      }
    });
  }

  const linear = [
    ...readdirSync(examples).filter((f) => f.endsWith('.json') && f !== 'index.json').map((f) => `${examples}${f}`),
    ...readdirSync(`${examples}cases`).filter((f) => f.endsWith('.json') && f !== 'formulation-cases.json').map((f) => `${examples}cases/${f}`),
  ];
  it('every linear example and verified case where the closed form applies (MASD 4.1 among them)', () => {
    const compared: string[] = [];
    for (const file of linear) {
      const desc = parseSystem(readFileSync(file, 'utf8'));
      try {
        masdIntermediates(analyzeStructure(desc), numericBackend(desc.parameters));
      } catch (e) {
        if (isSysgraphError(e)) continue;
        throw e;
      }
      checkAgainstGeneral(desc);
      compared.push(desc.name);
    }
    expect(compared).toContain('masd-4-1');
    expect(compared).toContain('masd_4_1_physical');
    expect(compared).toContain('cap_loop_source');
    for (const name of ['transformer_choice_trap', 'ind_cutset_source', 'mutual_cutset', 'gyrator_tree', 'gyrator_cotree']) expect(compared).toContain(name);
    expect(compared.length).toBeGreaterThanOrEqual(12);
  });

  it('seeded random networks where the closed form applies (transformers, gyrators, mutual inductances)', () => {
    let compared = 0;
    for (let seed = 0; seed < 30; seed++) {
      const desc = parseSystem(networkToDescription(randomNetwork(seed, familyOfSeed(seed)), 'oracle-network', 'value'));
      try {
        formulate(analyzeStructure(desc), numericBackend(desc.parameters));
        masdIntermediates(analyzeStructure(desc), numericBackend(desc.parameters));
      } catch (e) {
        if (isSysgraphError(e)) continue;
        throw e;
      }
      checkAgainstGeneral(desc);
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('the text and LaTeX print every quantity with its definition, the JSON the same names', () => {
    const desc = parseSystem(JSON.stringify(rrcLadder(6)));
    const table = symbolicTable(desc);
    const text = masdTableToText(table);
    const latex = masdTableToLatex(table);
    for (const q of table.quantities) {
      expect(text).toContain(q.leaf ? `\n${q.name}: ` : `\n${q.name}${q.equation ? ` ${q.equation}` : ''} = ${q.definition}   [`);
    }
    expect(latex.split('\n').filter((l) => l.startsWith('\\begin{equation}'))).toHaveLength(table.quantities.length);
    expect(latex).toContain('{R_{loop}}^{-1}');
    expect(latex).toContain('B_{\\alpha C}');
    expect(text).toMatch(/\nwhere\n {2}w1 = /);
  });
});
