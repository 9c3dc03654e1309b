/**
 * SCAP against causal strokes worked by hand, and beside the normal tree of the equivalent linear graph: the
 * same number of states; dependent storage where the tree has a capacitor loop or an inductor cutset.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { assignCausality, bondGraphToDescription, checkCausality, readBondGraph } from '../src/index';

const graph = (elements: [string, string, (number | string)?][], bonds: [string, string][]) =>
  readBondGraph({
    elements: elements.map(([id, kind, value]) => ({ id, kind, ...(value !== undefined ? (kind === 'TF' || kind === 'GY' ? { ratio: value } : { value }) : {}) })),
    bonds: bonds.map(([from, to], k) => ({ id: `b${k + 1}`, from, to })),
  });

describe('sequential causality assignment', () => {
  it("the poster's RLC: Se sets the loop's effort, I the loop's flow; C and I integral; R resistance causality", () => {
    const g = graph([['Se', 'Se', 9], ['J', '1'], ['R', 'R', 2], ['I', 'I', 121], ['C', 'C', 5]], [['Se', 'J'], ['J', 'R'], ['J', 'I'], ['J', 'C']]);
    const c = assignCausality(g);
    expect(Object.fromEntries(c.effortSetBy)).toEqual({ b1: 'Se', b2: 'R', b3: 'J', b4: 'C' });
    expect(c.integral).toEqual(['I', 'C']);
    expect(c.derivative).toEqual([]);
    expect(c.arbitrary).toEqual([]);
    expect(c.conflicts).toEqual([]);
    const check = checkCausality(c, analyzeStructure(bondGraphToDescription(g)));
    expect(check.agree).toBe(true);
    expect([...check.treeStates].sort()).toEqual(['C', 'I']);
  });

  it('two capacitors on one 0-junction: the second is dependent storage, as the tree’s capacitor loop', () => {
    const g = graph([['Se', 'Se', 1], ['J1', '1'], ['R', 'R', 1], ['J0', '0'], ['C1', 'C', 1], ['C2', 'C', 2]], [['Se', 'J1'], ['J1', 'R'], ['J1', 'J0'], ['J0', 'C1'], ['J0', 'C2']]);
    const c = assignCausality(g);
    expect(c.integral).toEqual(['C1']);
    expect(c.derivative).toEqual(['C2']);
    const check = checkCausality(c, analyzeStructure(bondGraphToDescription(g)));
    expect(check.agree).toBe(true);
    expect(check.treeDependent).toHaveLength(1);
    expect(['C1', 'C2']).toContain(check.treeDependent[0]);
  });

  it('two inductors on one 1-junction: the second is dependent storage (an inductor cutset)', () => {
    const g = graph([['Sf', 'Sf', 1], ['J0', '0'], ['R', 'R', 1], ['J1', '1'], ['L1', 'I', 1], ['L2', 'I', 2]], [['Sf', 'J0'], ['J0', 'R'], ['J0', 'J1'], ['J1', 'L1'], ['J1', 'L2']]);
    const c = assignCausality(g);
    expect(c.integral).toEqual(['L1']);
    expect(c.derivative).toEqual(['L2']);
    const check = checkCausality(c, analyzeStructure(bondGraphToDescription(g)));
    expect(check.agree).toBe(true);
    expect(check.treeDependent).toHaveLength(1);
  });

  it('resistors only behind a source: one R chosen freely (an algebraic loop)', () => {
    const g = graph([['Se', 'Se', 1], ['J1', '1'], ['R1', 'R', 1], ['J0', '0'], ['R2', 'R', 2], ['R3', 'R', 3]], [['Se', 'J1'], ['J1', 'R1'], ['J1', 'J0'], ['J0', 'R2'], ['J0', 'R3']]);
    const c = assignCausality(g);
    expect(c.arbitrary).toEqual(['R1']);
    expect(c.integral).toEqual([]);
    expect(c.conflicts).toEqual([]);
    // R1 sets its effort: the 1-junction then sets the effort of the bond into J0, which sets R2's and R3's
    expect(Object.fromEntries(c.effortSetBy)).toEqual({ b1: 'Se', b2: 'R1', b3: 'J1', b4: 'J0', b5: 'J0' });
  });

  it('two effort sources on one 0-junction: a conflict naming the second source', () => {
    const g = graph([['S1', 'Se', 1], ['S2', 'Se', 2], ['J0', '0'], ['R', 'R', 1]], [['S1', 'J0'], ['S2', 'J0'], ['J0', 'R']]);
    const c = assignCausality(g);
    expect(c.conflicts.map((x) => x.element)).toEqual(['S2']);
  });

  it('a GY between two inertias: both integral (the gyrator turns I into C); a TF between them: one dependent', () => {
    const gy = graph([['Se', 'Se', 1], ['J1', '1'], ['I1', 'I', 1], ['G', 'GY', 2], ['J2', '1'], ['I2', 'I', 3]], [['Se', 'J1'], ['J1', 'I1'], ['J1', 'G'], ['G', 'J2'], ['J2', 'I2']]);
    expect(assignCausality(gy)).toMatchObject({ integral: ['I1', 'I2'], derivative: [] });
    const tf = graph([['Se', 'Se', 1], ['J1', '1'], ['I1', 'I', 1], ['T', 'TF', 2], ['J2', '1'], ['I2', 'I', 3]], [['Se', 'J1'], ['J1', 'I1'], ['J1', 'T'], ['T', 'J2'], ['J2', 'I2']]);
    const c = assignCausality(tf);
    expect(c).toMatchObject({ integral: ['I1'], derivative: ['I2'] });
    expect(checkCausality(c, analyzeStructure(bondGraphToDescription(tf))).agree).toBe(true);
  });

  it('the DC motor (two domains through a GY): both inductances integral, two states as the tree', () => {
    const g = readBondGraph(readFileSync(fileURLToPath(new URL('../../../examples/bondgraph/dc-motor.bg.json', import.meta.url)), 'utf8'));
    const c = assignCausality(g);
    expect(c).toMatchObject({ integral: ['La_', 'load'], derivative: [], arbitrary: [], conflicts: [] });
    // the GY passes the armature's flow (set by La_) into the shaft's effort: it sets the effort on both bonds
    expect(c.effortSetBy.get('b4')).toBe('motor');
    expect(c.effortSetBy.get('b5')).toBe('motor');
    const check = checkCausality(c, analyzeStructure(bondGraphToDescription(g)));
    expect(check.agree).toBe(true);
    expect([...check.treeStates].sort()).toEqual(['La_', 'load']);
  });
});
