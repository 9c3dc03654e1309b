/**
 * Reads formulation-cases.json (formulation.md section 14) into oracle networks, states and inputs.
 * Case branches use kinds E, J, C, L, R and P (two-port ports named in `twoports`); states "v_X"/"i_X".
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OracleBranch, OracleNetwork } from './oracle-network';
import type { StateChoice } from './tableau-state-equations';

export interface CaseBranch {
  name: string;
  kind: 'E' | 'J' | 'C' | 'L' | 'R' | 'P';
  from_: string | number;
  to: string | number;
  value: number | null;
}

export interface FormulationCase {
  name: string;
  note: string;
  branches: CaseBranch[];
  twoports: { name: string; kind: 'TF' | 'GY'; port1: string; port2: string; ratio: number }[];
  mutual?: { a: string; b: string; M: number }[];
  states?: string[];
  inputs?: string[];
  displaced_capacitors?: string[];
  A?: number[][];
  B?: number[][];
  Bd?: number[][];
  xdot_B_original_x?: number[][];
  expected_hand?: { A: number[][]; B: number[][] };
  degenerate?: boolean;
  tableau?: { xdot_unique: boolean; consistent: boolean; all_branch_values_unique: boolean };
  A_from_tableau?: number[][];
  B_from_tableau?: number[][];
  result: string;
}

export interface CaseOracleInput {
  net: OracleNetwork;
  states: StateChoice[];
  inputs: string[];
}

const here = dirname(fileURLToPath(import.meta.url));

/** The cases file: $SYSGRAPH_FORMULATION_CASES, else the copy in examples/cases of the repository. */
export function casesFilePath(): string {
  const candidates = [
    process.env.SYSGRAPH_FORMULATION_CASES,
    resolve(here, '../../../../examples/cases/formulation-cases.json'),
  ].filter((p): p is string => typeof p === 'string' && p.length > 0);
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`formulation-cases.json not found; looked in ${candidates.join(', ')}`);
  return found;
}

export function loadFormulationCases(path = casesFilePath()): FormulationCase[] {
  return (JSON.parse(readFileSync(path, 'utf8')) as { cases: FormulationCase[] }).cases;
}

/** "v_X" → across of X, "i_X" → through of X. */
export function parseStateName(name: string): StateChoice {
  const variable = name.startsWith('v_') ? 'across' : name.startsWith('i_') ? 'through' : undefined;
  if (!variable) throw new Error(`state name ${name} must start with v_ or i_`);
  return { branch: name.slice(2), variable };
}

/** Convert one case; inputs default to the across sources then the through sources, in branch order. */
export function caseToOracle(c: FormulationCase): CaseOracleInput {
  const ports = new Map<string, { from: string; to: string }>();
  const branches: OracleBranch[] = [];
  for (const b of c.branches) {
    const from = String(b.from_);
    const to = String(b.to);
    if (b.kind === 'P') ports.set(b.name, { from, to });
    else if (b.kind === 'E' || b.kind === 'J') branches.push({ id: b.name, kind: b.kind, from, to });
    else branches.push({ id: b.name, kind: b.kind, from, to, value: b.value as number });
  }
  const twoPorts = c.twoports.map((t) => {
    const port1 = ports.get(t.port1);
    const port2 = ports.get(t.port2);
    if (!port1 || !port2) throw new Error(`case ${c.name}: two-port ${t.name} names a missing port`);
    const id = t.port1.endsWith('.1') ? t.port1.slice(0, -2) : t.name;
    return { id, kind: t.kind, port1, port2, ratio: t.ratio };
  });
  const mutuals = (c.mutual ?? []).map((m) => ({ a: m.a, b: m.b, M: m.M }));
  const states = (c.states ?? []).map(parseStateName);
  const inputs = c.inputs
    ? c.inputs.map((n) => n.slice(2))
    : [...branches.filter((b) => b.kind === 'E'), ...branches.filter((b) => b.kind === 'J')].map((b) => b.id);
  return { net: { branches, twoPorts, mutuals }, states, inputs };
}
