/**
 * branchOutputs: the description with one output for the across and one for the through variable of every
 * branch (one-ports, sources, both ports of every two-port), so that the formulation's output rows give every
 * branch's v_k and i_k as functions of the state and the input: y = C x̃ + D u + F u' (formulation.md §7).
 */
import type { OutputSpec, SystemDescription } from '@sysgraph/description';

export type BranchRole = 'storage' | 'dissipator' | 'source' | 'two-port';

export interface Branch {
  /** The element id, with the port for a two-port ("T1.1"). */
  readonly name: string;
  readonly element: string;
  readonly port?: 1 | 2;
  readonly role: BranchRole;
  readonly kind: string;
  readonly domain: string;
  /** The output names of its across and through variables. */
  readonly across: string;
  readonly through: string;
}

export function branchList(desc: SystemDescription): Branch[] {
  const out: Branch[] = [];
  const add = (element: string, role: BranchRole, kind: string, domain: string, port?: 1 | 2) => {
    const name = port ? `${element}.${port}` : element;
    out.push({ name, element, port, role, kind, domain, across: `v(${name})`, through: `i(${name})` });
  };
  for (const e of desc.oneports) add(e.id, e.type === 'D' ? 'dissipator' : 'storage', e.kind, e.domain);
  for (const s of desc.sources) add(s.id, 'source', s.kind, s.domain);
  for (const t of desc.twoPorts) {
    add(t.id, 'two-port', t.kind, t.domain1, 1);
    add(t.id, 'two-port', t.kind, t.domain2, 2);
  }
  return out;
}

export function withBranchOutputs(desc: SystemDescription, branches: readonly Branch[]): SystemDescription {
  const outputs: OutputSpec[] = branches.flatMap((b) => [
    { name: b.across, kind: 'branch' as const, element: b.element, port: b.port, variable: 'across' as const },
    { name: b.through, kind: 'branch' as const, element: b.element, port: b.port, variable: 'through' as const },
  ]);
  return { ...desc, outputs };
}
