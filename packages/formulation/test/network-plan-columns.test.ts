/**
 * The network plan's typed columns (network-plan.ts, plan-laws.ts) against the netlist's own numbers: each state's
 * linear factor is its capacitance, each resistor's factor R in the tree and 1/R in the co-tree (the form its place
 * needs), each diode a law entry with its element named; elements of one value share one law only when their type
 * and place agree (a capacitor and a resistor of equal value, read as one shared number, get different laws); the
 * record views say what the columns say.
 */
import { readSpiceNetlist } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { networkPlan, ROLE } from '../src/network-model/network-plan';

const netlist = [
  '* R, C and diodes, equal numbers shared by the reader',
  'V1 a 0 DC 1',
  'R1 a b 2',
  'C1 b 0 3',
  'D1 b 0 dm',
  'R2 b c 2',
  'C2 c 0 2',
  'D2 c 0 dm',
  'R3 c 0 5',
  '.model dm D(IS=1e-12 N=1)',
  '.tran 1u 10u',
  '.end',
].join('\n');

describe('the network plan on typed columns', () => {
  it('holds the values of the netlist: C per state, R or 1/R per resistor by its place, diodes as laws', () => {
    const s = analyzeStructure(readSpiceNetlist(netlist + '\n').description);
    const plan = networkPlan(s);
    const id = (k: number) => s.graph.ids[k];
    const C: Record<string, number> = { C1: 3, C2: 2 };
    const R: Record<string, number> = { R1: 2, R2: 2, R3: 5 };
    expect(plan.stateElements.slice().sort()).toEqual(['C1', 'C2']);
    for (let c = 0; c < plan.stateBranch.length; c++) {
      const e = plan.stateElements[c];
      expect(id(plan.stateBranch[c])).toBe(e);
      expect(plan.stateNames[c]).toBe(`v_${e}`);
      expect(plan.stateOwn[c]).toBe(1);
      expect(plan.stateFactor[c]).toBe(C[e]);
      expect(plan.role[plan.stateBranch[c]]).toBe(ROLE.state);
      expect(plan.slot[plan.stateBranch[c]]).toBe(c);
      expect(plan.laws[plan.stateLaw[c]].valueAt(1.5, 0)).toBe(1.5 * C[e]);
    }
    let diodes = 0;
    for (let j = 0; j < plan.staticBranch.length; j++) {
      const e = plan.staticElements[j];
      const k = plan.staticBranch[j];
      expect(id(k)).toBe(e);
      expect(plan.staticReads[j]).toBe(k);
      expect(plan.staticA[j]).toBe(-1);
      const tree = s.tree.inTree[k] === 1;
      if (e.startsWith('R')) {
        expect(plan.staticIsLaw[j]).toBe(0);
        expect(plan.staticFactor[j]).toBe(tree ? R[e] : 1 / R[e]);
        expect(plan.laws[plan.staticB[j]].valueAt(4, 0)).toBe(tree ? 4 * R[e] : 4 / R[e]);
      } else {
        diodes++;
        expect(plan.staticIsLaw[j]).toBe(1);
        expect(plan.staticFactor[j]).toBeNaN();
        // i = IS (exp(v / Vt) − 1) at SPICE's 27 °C
        const vt = (1.380649e-23 * 300.15) / 1.602176634e-19;
        expect(plan.laws[plan.staticB[j]].valueAt(0.5, 0)).toBeCloseTo(1e-12 * (Math.expm1(0.5 / vt)), 18);
      }
    }
    expect(diodes).toBe(2);
    // one law per distinct (value, type, place) and per law text: C2's 2 (the last state) and R1's 2 (the first
    // static, the reader's one Expression of 2) are not one law
    const lawOf = (e: string) => {
      const c = plan.stateElements.indexOf(e);
      return c >= 0 ? plan.stateLaw[c] : plan.staticB[plan.staticElements.indexOf(e)];
    };
    expect(lawOf('C2')).not.toBe(lawOf('R1'));
    expect(lawOf('D1')).toBe(lawOf('D2'));
    const placeOf = (e: string) => s.tree.inTree[s.graph.ids.indexOf(e)];
    if (placeOf('R1') === placeOf('R2')) expect(lawOf('R1')).toBe(lawOf('R2'));
    else expect(lawOf('R1')).not.toBe(lawOf('R2'));
    // the record views
    plan.states.forEach((st, c) => {
      expect(st).toEqual({ name: plan.stateNames[c], element: plan.stateElements[c], branch: plan.stateBranch[c], own: true, law: plan.laws[plan.stateLaw[c]], linear: true });
    });
    plan.statics.forEach((st, j) => {
      expect(st.element).toBe(plan.staticElements[j]);
      expect(st.a).toBeNull();
      expect(st.b).toBe(plan.laws[plan.staticB[j]]);
      expect(st.law).toBe(plan.staticIsLaw[j] === 1);
    });
    expect(plan.states).toBe(plan.states);
  });
});
