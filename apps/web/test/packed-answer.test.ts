/**
 * The answer's packed shape (typed arrays and packed strings instead of objects per branch and per line): packing
 * then unpacking gives back the objects it was built from (hand-written graphs and the worker's own drawing of a
 * real system, built by graphDrawing independently of the packing), exact equality tells a changed graph from an
 * unchanged one, and the worker's transfer list moves every buffer once (structuredClone with `transfer`, the
 * postMessage algorithm) and leaves no object per branch in what is cloned.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSystemParser } from '@sysgraph/description';
import { createRestrictedParser } from '@sysgraph/simulate';
import { compile } from '@sysgraph/engine';
import { deriveEquations } from '@sysgraph/graph';
import { answerTransfer } from '../src/engine/answer-transfer';
import { derivationView } from '../src/engine/derivation-view';
import { graphDrawing } from '../src/engine/graph-drawing';
import { equationCount, packDerivation, samePackedDerivation, unpackDerivation } from '../src/engine/packed-derivation';
import { branchAt, branchCount, classesPresent, nodeCount, packGraph, samePackedGraph, unpackGraph } from '../src/engine/packed-graph';
import { packStrings, stringAt, unpackStrings } from '../src/engine/packed-strings';
import type { GraphDrawing } from '../src/engine/protocol';
import { runPipeline } from '../src/engine/run-pipeline';
import { DEFAULT_SETTINGS } from '../src/engine/settings';
import { stateChoiceLabels, stateChoiceLabelsOf } from '../src/ui/state-labels';
import { EXAMPLES_ROOT } from './support/examples-root';
import { rcLadderText } from './support/networks';

const context = () => ({ system: createSystemParser(), signals: createRestrictedParser() });

const HAND: GraphDrawing = {
  nodes: [
    { name: 'a', component: 0, ground: false },
    { name: 'g', component: 0, ground: true },
    { name: 'b', component: 1, ground: false },
    { name: 'g2', component: 1, ground: true },
  ],
  branches: [
    { id: 'Vs', element: 'Vs', kind: 'voltage-source', cls: 'E', domain: 'electrical', from: 'a', to: 'g', inTree: true, state: false },
    { id: 'C1', element: 'C1', kind: 'capacitor', cls: 'A', domain: 'electrical', from: 'a', to: 'g', inTree: false, state: false, label: 'bulk C' },
    { id: 'T1.1', element: 'T1', kind: 'transformer', cls: 'TF', domain: 'electrical', from: 'a', to: 'g', inTree: true, state: false, label: '' },
    { id: 'T1.2', element: 'T1', kind: 'transformer', cls: 'TF', domain: 'translational', from: 'b', to: 'g2', inTree: false, state: false },
    { id: 'm', element: 'm', kind: 'mass', cls: 'A', domain: 'translational', from: 'b', to: 'g2', inTree: true, state: true },
  ],
  twoPorts: [{ id: 'T1', kind: 'transformer', ports: ['T1.1', 'T1.2'], label: 'gear' }],
};

describe('packed strings', () => {
  it('give back every string, empty ones and any character included', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { maxLength: 40 }), (xs) => {
        const p = packStrings(xs);
        expect(unpackStrings(p)).toEqual(xs);
        xs.forEach((x, k) => expect(stringAt(p, k)).toBe(x));
      }),
    );
    expect(unpackStrings(packStrings(['', 'a', '', 'b\nc', ''])).length).toBe(5);
  });
});

describe('packed graph', () => {
  it('unpacks to the hand-written graph it was packed from (labels, an empty label, two-ports, two domains)', () => {
    const p = packGraph(HAND);
    expect(unpackGraph(p)).toEqual(HAND);
    expect(nodeCount(p)).toBe(4);
    expect(branchCount(p)).toBe(5);
    expect(branchAt(p, 1)).toEqual(HAND.branches[1]);
    expect([...classesPresent(p)].sort()).toEqual(['A', 'E', 'TF']);
    // the state labels read from the packed arrays name the same domain as from the objects
    expect(stateChoiceLabelsOf(p)).toEqual(stateChoiceLabels(HAND.branches));
    // the kinds, classes and domains are tables: as many entries as distinct values
    expect(p.kinds).toEqual(['voltage-source', 'capacitor', 'transformer', 'mass']);
    expect(p.domains).toEqual(['electrical', 'translational']);
  });

  it('unpacks to the drawing of a real system (the motor and pump) built by graphDrawing', () => {
    const compiled = compile(readFileSync(join(EXAMPLES_ROOT, 'motor-pump.json'), 'utf8'));
    const s = compiled.structure;
    const objects = graphDrawing(s, s.description);
    expect(unpackGraph(packGraph(objects))).toEqual(objects);
    expect(objects.branches.length).toBe(s.graph.branches.length);
    expect(stateChoiceLabelsOf(packGraph(objects)).domain).toBe(stateChoiceLabels(objects.branches).domain);
  });

  it('is the same graph exactly when nothing differs', () => {
    expect(samePackedGraph(packGraph(HAND), packGraph(JSON.parse(JSON.stringify(HAND))))).toBe(true);
    const flip = (f: (g: GraphDrawing) => void) => {
      const g = JSON.parse(JSON.stringify(HAND)) as GraphDrawing;
      f(g);
      return samePackedGraph(packGraph(HAND), packGraph(g));
    };
    expect(flip((g) => ((g.branches[4] as { state: boolean }).state = false))).toBe(false);
    expect(flip((g) => ((g.branches[0] as { to: string }).to = 'a'))).toBe(false);
    expect(flip((g) => ((g.branches[2] as { label?: string }).label = undefined))).toBe(false);
    expect(flip((g) => ((g.branches[1] as { id: string }).id = 'C1x'))).toBe(false);
    // the same ids joined differently: "ab" + "c" against "a" + "bc"
    expect(flip((g) => {
      (g.branches[0] as { id: string }).id = 'VsC';
      (g.branches[1] as { id: string }).id = '1';
    })).toBe(false);
    expect(flip((g) => ((g.nodes[1] as { ground: boolean }).ground = false))).toBe(false);
    expect(flip((g) => ((g.twoPorts[0] as { label?: string }).label = 'other'))).toBe(false);
  });
});

describe('packed derivation', () => {
  it('unpacks to the derivation view it was packed from', () => {
    const compiled = compile(readFileSync(join(EXAMPLES_ROOT, 'motor-pump.json'), 'utf8'));
    const view = derivationView(deriveEquations(compiled.structure.partition, compiled.structure.description));
    const p = packDerivation(view);
    expect(unpackDerivation(p)).toEqual(view);
    expect(equationCount(p)).toBe(view.elemental.length + view.continuity.length + view.compatibility.length);
    expect(samePackedDerivation(p, packDerivation(JSON.parse(JSON.stringify(view))))).toBe(true);
    expect(samePackedDerivation(p, packDerivation({ ...view, elemental: [...view.elemental.slice(1), view.elemental[0]] }))).toBe(false);
  });
});

describe("the worker's answer", () => {
  it('an RC ladder of 200 sections: cloned with its transfer list, every buffer moved once, the graph and the derivation intact', () => {
    const answer = runPipeline({ id: 1, text: rcLadderText(200), settings: DEFAULT_SETTINGS }, context()).answer;
    if (!answer.ok) throw new Error(JSON.stringify(answer.errors));
    // the oracle: the ladder's own numbers — 1 + 2·200 branches, 202 nodes (n000…n200 and g), 200 states
    expect(branchCount(answer.graph)).toBe(401);
    expect(nodeCount(answer.graph)).toBe(202);
    const expectedGraph = unpackGraph(answer.graph);
    const expectedDerivation = unpackDerivation(answer.derivation);
    expect(expectedGraph.branches.filter((b) => b.state).map((b) => b.id)).toEqual(Array.from({ length: 200 }, (_, k) => `C${String(k + 1).padStart(3, '0')}`));
    const transfer = answerTransfer(answer);
    expect(new Set(transfer).size).toBe(transfer.length);
    const bytes = transfer.reduce((s, b) => s + b.byteLength, 0);
    const copy = structuredClone(answer, { transfer });
    // moved, not copied: the worker's buffers are detached
    expect(transfer.every((b) => b.byteLength === 0)).toBe(true);
    expect(bytes).toBeGreaterThan(0);
    if (!copy.ok) throw new Error('not ok');
    expect(unpackGraph(copy.graph)).toEqual(expectedGraph);
    expect(unpackDerivation(copy.derivation)).toEqual(expectedDerivation);
    expect(copy.model.large?.matrices.A.values.length).toBeGreaterThan(0);
  });

  it('holds no object per branch or per equation: its serialized size grows by the strings, not by property names', () => {
    const answer = runPipeline({ id: 1, text: rcLadderText(200), settings: DEFAULT_SETTINGS }, context()).answer;
    if (!answer.ok) throw new Error('not ok');
    const packed = serialize(answer.graph).length;
    const objects = serialize(unpackGraph(answer.graph)).length;
    // objects repeat "element", "kind", "inTree"… per branch; the packed form does not
    expect(packed).toBeLessThan(objects / 2);
  });
});
