/** distinctColumns: a repeated name is dropped when its values are the earlier column's, else renamed NAME#2. */
import { describe, expect, it } from 'vitest';
import { distinctColumns, traceToCsv, traceToJson, formatTrace } from '../src/index';

const col = (...xs: number[]) => Float64Array.from(xs);

describe('distinctColumns', () => {
  it('drops an output equal to the state of the same name (to round-off)', () => {
    const trace = { names: ['t', 'x', 'x'], units: ['s', 'V', 'V'], columns: [col(0, 1), col(1, 2), col(1, 2 + 1e-15)] };
    const d = distinctColumns(trace);
    expect(d.names).toEqual(['t', 'x']);
    expect(d.columns.length).toBe(2);
    expect(traceToCsv(trace)).toBe('t,x\n0,1\n1,2\n');
    expect(traceToJson(trace).names).toEqual(['t', 'x']);
    expect(formatTrace(trace).split('\n')[0].trim().split(/\s+/)).toEqual(['t', '[s]', 'x', '[V]']);
  });

  it('renames a different quantity under a taken name, losing no column', () => {
    const trace = { names: ['t', 'x', 'y', 'x', 'x'], units: ['s', 'V', 'A', 'A', 'V'], columns: [col(0, 1), col(1, 2), col(3, 4), col(1, 3), col(1, 2)] };
    const d = distinctColumns(trace);
    expect(d.names).toEqual(['t', 'x', 'y', 'x#2']);
    expect(Array.from(d.columns[3])).toEqual([1, 3]);
    expect(d.units).toEqual(['s', 'V', 'A', 'A']);
  });

  it('leaves a trace of distinct names as it is', () => {
    const trace = { names: ['t', 'a', 'b'], units: ['s', '', ''], columns: [col(0), col(1), col(1)] };
    expect(distinctColumns(trace)).toBe(trace);
  });
});
