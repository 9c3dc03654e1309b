/** The Arrow IPC file read back by apache-arrow's own reader equals the table, column by column. */
import { describe, expect, it } from 'vitest';
import { tableFromIPC } from 'apache-arrow';
import { parsePlan, sweep, tableArrow, metricColumn } from '@sysgraph/studies';
import { RLC } from './fixtures';

describe('Arrow IPC', () => {
  it('round-trips the columns (metrics, and the long form of traces)', async () => {
    const plan = parsePlan({ param: ['R=0.5,1,2'] });
    const table = await sweep({ text: RLC }, plan, { settings: { metrics: ['dc', 'final(v_C1)'], traces: ['v_C1'], tEnd: 10, samples: 5 } });
    const back = tableFromIPC(await tableArrow(table));
    expect(back.numRows).toBe(15);
    expect(Array.from(back.getChild('point')!.toArray() as Int32Array)).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    expect(Array.from(back.getChild('R')!.toArray() as Float64Array).filter((_, r) => r % 5 === 0)).toEqual([0.5, 1, 2]);
    const dc = Array.from(metricColumn(table, 0));
    expect(Array.from(back.getChild('dc(v_C1/Vs)')!.toArray() as Float64Array).filter((_, r) => r % 5 === 0)).toEqual(dc);
    expect(Array.from(back.getChild('t')!.toArray() as Float64Array).slice(0, 5)).toEqual([0, 2.5, 5, 7.5, 10]);
    const vc = back.getChild('v_C1')!.toArray() as Float64Array;
    expect(vc[0]).toBe(0);
    // the trace's last sample is the final value (metrics: dc(v_C1/Vs), dc(i_L1/Vs), final(v_C1))
    expect(vc[4]).toBe(table.rows[2]);
  });
});
