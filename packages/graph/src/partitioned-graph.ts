/**
 * partitionLoopMatrix: the partitioned loop matrix of formulation.md section 3 with everything the
 * formulations read: branch groups, the blocks F_XY, the state vector x = [v_C; i_L], the input vector
 * u (one entry per named input; a source's input defaults to its id), and the D4 diagnostics
 * (dependent storage elements).
 */
import { diagnostic } from '@sysgraph/core';
import type { Diagnostic } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import type { LoopMatrix } from './loop-matrix';
import type { Group, LinkGroup, TreeGroup } from './partition';
import { LINK_GROUPS, TREE_GROUPS } from './partition';
import type { SignedMatrix } from './signed-matrix';
import { signedSelect, signedTranspose } from './signed-matrix';
import { CLASS_CODE } from './linear-graph';

export interface StateVariable {
  readonly name: string;
  readonly branch: number;
  readonly variable: 'across' | 'through';
}

export interface InputVariable {
  readonly name: string;
  /** The source branches driven by this input. */
  readonly sources: readonly number[];
  readonly variable: 'across' | 'through';
}

export interface Partition {
  readonly loop: LoopMatrix;
  /** Branch indices of each group, in partition order. */
  readonly groups: Readonly<Record<Group, Int32Array>>;
  /** F_XY: rows in link group X, columns in tree group Y. Memoised. */
  block(x: LinkGroup, y: TreeGroup): SignedMatrix;
  /** x = [v_C; i_L]. */
  readonly states: readonly StateVariable[];
  /** u: one per distinct input name, across-source inputs first, then through-source inputs. */
  readonly inputs: readonly InputVariable[];
  /** Input index of every source branch (−1 for other branches). */
  readonly inputOfBranch: Int32Array;
  readonly diagnostics: readonly Diagnostic[];
}

export function partitionLoopMatrix(loop: LoopMatrix, desc: SystemDescription): Partition {
  const lg = loop.tree.graph;
  const groups = {} as Record<Group, Int32Array>;
  for (const g of TREE_GROUPS) groups[g] = loop.treeOrder.branches.subarray(...loop.treeOrder.ranges[g]);
  for (const g of LINK_GROUPS) groups[g] = loop.linkOrder.branches.subarray(...loop.linkOrder.ranges[g]);
  const cache = new Map<string, SignedMatrix>();
  const block = (x: LinkGroup, y: TreeGroup): SignedMatrix => {
    const key = `${x}|${y}`;
    let m = cache.get(key);
    if (!m) {
      const [r0, r1] = loop.linkOrder.ranges[x];
      const [c0, c1] = loop.treeOrder.ranges[y];
      m = signedSelect(loop.F, range(r0, r1), range(c0, c1));
      cache.set(key, m);
    }
    return m;
  };

  const sourceById = new Map(desc.sources.map((s) => [s.id, s]));
  const inputs: InputVariable[] = [];
  const inputIndex = new Map<string, number>();
  const inputOfBranch = new Int32Array(lg.ids.length).fill(-1);
  for (const k of concat(groups.E, groups.J)) {
    const id = lg.ids[k];
    const name = sourceById.get(id)?.input ?? id;
    let j = inputIndex.get(name);
    if (j === undefined) {
      j = inputs.length;
      inputIndex.set(name, j);
      inputs.push({ name, sources: [], variable: lg.cls[k] === CLASS_CODE.E ? 'across' : 'through' });
    }
    (inputs[j].sources as number[]).push(k);
    inputOfBranch[k] = j;
  }

  return new PartitionRecord(loop, groups, block, inputs, inputOfBranch, dependentStorage(loop, groups));
}

/**
 * The Partition with its state records made on first use: the network model reads the groups (its states are
 * columns of its own), the formulations and printouts read the records. A class, so that every partition shares
 * one hidden class (an object literal with a getter is kept as a dictionary).
 */
class PartitionRecord implements Partition {
  private records: readonly StateVariable[] | undefined = undefined;

  constructor(
    readonly loop: LoopMatrix,
    readonly groups: Readonly<Record<Group, Int32Array>>,
    readonly block: (x: LinkGroup, y: TreeGroup) => SignedMatrix,
    readonly inputs: readonly InputVariable[],
    readonly inputOfBranch: Int32Array,
    readonly diagnostics: readonly Diagnostic[],
  ) {}

  get states(): readonly StateVariable[] {
    return (this.records ??= stateVariables(this.loop.tree.graph.ids, this.groups));
  }
}

/** x = [v_C; i_L]: the tree capacitors' across variables, then the link inductors' through variables. */
function stateVariables(ids: readonly string[], groups: Readonly<Record<Group, Int32Array>>): StateVariable[] {
  const states: StateVariable[] = new Array(groups.C.length + groups.L.length);
  for (let i = 0; i < groups.C.length; i++) {
    const k = groups.C[i];
    states[i] = { name: 'v_' + ids[k], branch: k, variable: 'across' };
  }
  for (let i = 0, nC = groups.C.length; i < groups.L.length; i++) {
    const k = groups.L[i];
    states[nC + i] = { name: 'i_' + ids[k], branch: k, variable: 'through' };
  }
  return states;
}

/** D4: co-tree capacitors (loops of capacitors, sources and transformer ports) and tree inductors (cutsets). */
function dependentStorage(loop: LoopMatrix, groups: Record<Group, Int32Array>): Diagnostic[] {
  const lg = loop.tree.graph;
  const id = (k: number) => lg.ids[k];
  const out: Diagnostic[] = [];
  const F = loop.F;
  for (const s of groups.S) {
    const r = loop.position[s];
    const members: number[] = [];
    for (let p = F.rowPtr[r]; p < F.rowPtr[r + 1]; p++) members.push(loop.treeOrder.branches[F.colIdx[p]]);
    const ports = members.filter((k) => lg.cls[k] === CLASS_CODE.TF || lg.cls[k] === CLASS_CODE.GY);
    const caps = members.filter((k) => lg.cls[k] === CLASS_CODE.A);
    const via = ports.length > 0 ? ` coupled through ${[...new Set(ports.map((k) => lg.branches[k].element))].join(', ')}` : '';
    const into = caps.length > 0 ? `the effective capacitance of ${caps.map(id).join(', ')}` : 'the sources of its loop';
    out.push(diagnostic('D4', 'info', `${id(s)} is not a state: it closes a loop with ${members.map(id).join(', ')}${via} (dependent storage); its energy is included in ${into}.`, [id(s), ...members.map(id)]));
  }
  const Ft = groups.Gamma.length > 0 ? signedTranspose(loop.F) : undefined;
  for (const g of groups.Gamma) {
    const c = loop.position[g];
    const members: number[] = [];
    for (let p = Ft!.rowPtr[c]; p < Ft!.rowPtr[c + 1]; p++) members.push(loop.linkOrder.branches[Ft!.colIdx[p]]);
    const inds = members.filter((k) => lg.cls[k] === CLASS_CODE.T);
    const ports = members.filter((k) => lg.cls[k] === CLASS_CODE.TF || lg.cls[k] === CLASS_CODE.GY);
    const via = ports.length > 0 ? ` coupled through ${[...new Set(ports.map((k) => lg.branches[k].element))].join(', ')}` : '';
    const into = inds.length > 0 ? `the effective inductance of ${inds.map(id).join(', ')}` : ports.length > 0 ? 'the effective inertance of the states it is coupled to' : 'the sources of its cutset';
    out.push(diagnostic('D4', 'info', `${id(g)} is not a state: it forms a cutset with ${members.map(id).join(', ')}${via} (dependent storage); its energy is included in ${into}.`, [id(g), ...members.map(id)]));
  }
  return out;
}

function concat(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function range(a: number, b: number): Int32Array {
  const r = new Int32Array(b - a);
  for (let i = 0; i < r.length; i++) r[i] = a + i;
  return r;
}
