/**
 * The DC operating point of a netlist with diodes (netlist/nonlinear-start.ts: damped Newton on the network model,
 * sparse LU analysed once and refactorised): a diode-clamped RC ladder of 300 sections held at V1 = 5 V, against
 * its hand-written DC equations — at every node (v_{k−1} − v_k)/R − (v_k − v_{k+1})/R − IS (exp(v_k/Vt) − 1) = 0
 * (no v_{N+1} term), Vt = k T/q at 27 °C — whose residual at the returned point must be at rounding level; the
 * ladder is monotone (diode and resistor currents increase with the voltages), so the equilibrium is unique.
 */
import { readSpiceNetlist } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { networkModel } from '@sysgraph/formulation';
import { describe, expect, it } from 'vitest';
import { dcOperatingPoint, nonlinearNetlistStart } from '../src/netlist/nonlinear-start';

const N = 300;
const R = 1e3;
const IS = 1e-12;
const VT = (1.380649e-23 * 300.15) / 1.602176634e-19;

function ladder(volts = 5): string {
  const lines = ['* diode ladder', `V1 n0 0 DC ${volts}`];
  for (let k = 1; k <= N; k++) lines.push(`R${k} n${k - 1} n${k} ${R}`, `C${k} n${k} 0 1n`, `D${k} n${k} 0 dclamp`);
  lines.push(`.model dclamp D(IS=${IS} N=1)`, '.tran 1u 10u', '.end');
  return lines.join('\n') + '\n';
}

describe('the DC operating point of a nonlinear netlist', () => {
  it('solves the diode ladder: the hand-written node equations vanish at the returned state', () => {
    const { model } = networkModel(analyzeStructure(readSpiceNetlist(ladder()).description));
    const op = dcOperatingPoint(model as never, Float64Array.of(5));
    const v = new Float64Array(N + 2);
    v[0] = 5;
    model.stateNames.forEach((name, i) => {
      const k = Number(/^v_C(\d+)$/.exec(name)![1]);
      v[k] = op.x[i];
    });
    let worst = 0;
    for (let k = 1; k <= N; k++) {
      const right = k === N ? 0 : (v[k] - v[k + 1]) / R;
      const diode = IS * (Math.exp(v[k] / VT) - 1);
      const kcl = (v[k - 1] - v[k]) / R - right - diode;
      // relative to the largest current at the node
      worst = Math.max(worst, Math.abs(kcl) / Math.max(Math.abs(v[k - 1] - v[k]) / R, Math.abs(diode), 1e-15));
    }
    expect(worst).toBeLessThan(1e-9);
    expect(v[1]).toBeGreaterThan(0.5);
    expect(v[1]).toBeLessThan(0.7);
    expect(op.iterations).toBeGreaterThan(1);
  });

  it('starts a ladder at rest at the zero state: every hand-written node equation holds exactly there, with no Newton step', () => {
    const { model } = networkModel(analyzeStructure(readSpiceNetlist(ladder(0)).description));
    const op = dcOperatingPoint(model as never, Float64Array.of(0));
    // at v = 0 with V1 = 0: (0 − 0)/R − (0 − 0)/R − IS (exp(0) − 1) = 0 at every node, exactly
    expect(op.iterations).toBe(0);
    expect(Array.from(op.x).every((x) => Object.is(x, 0))).toBe(true);
    // the record by name leaves out the states at 0 (they start at 0 wherever it is read)
    const start = { uic: false, initial: { nodes: [], elements: [] } } as never;
    expect(nonlinearNetlistStart(model as never, { V1: 0 }, start)).toEqual({});
  });

  it('names every nonzero state of the operating point in the start record, with the value Newton found', () => {
    const { model } = networkModel(analyzeStructure(readSpiceNetlist(ladder()).description));
    const op = dcOperatingPoint(model as never, Float64Array.of(5));
    const start = { uic: false, initial: { nodes: [], elements: [] } } as never;
    const record = nonlinearNetlistStart(model as never, { V1: 5 }, start);
    expect(Object.keys(record)).toHaveLength(N);
    model.stateNames.forEach((name, i) => expect(record[name]).toBe(op.x[i]));
  });
});
