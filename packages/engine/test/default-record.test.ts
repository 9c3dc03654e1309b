import { describe, expect, it } from 'vitest';
import { RECORD_ALL_LIMIT, recordFor } from '../src/index';

const model = (n: number, outputs: string[]) => ({ stateNames: Array.from({ length: n }, (_, k) => `v_C${k + 1}`), outputNames: outputs });

describe('recordFor: what a run keeps when --record is not given', () => {
  it('keeps every state and output up to the limit', () => {
    const notes: string[] = [];
    expect(recordFor(model(RECORD_ALL_LIMIT, ['v_out']), undefined, (l) => notes.push(l))).toBeUndefined();
    expect(recordFor(model(3, ['v_out']), [], (l) => notes.push(l))).toBeUndefined();
    expect(notes).toEqual([]);
  });

  it('keeps the declared outputs only above the limit, and says so', () => {
    const notes: string[] = [];
    expect(recordFor(model(RECORD_ALL_LIMIT + 1, ['v_out', 'i_in']), undefined, (l) => notes.push(l))).toEqual(['v_out', 'i_in']);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain(`not the ${RECORD_ALL_LIMIT + 1} states`);
    expect(notes[0]).toContain('--record all');
  });

  it('keeps every state of a large model that declares no output', () => {
    expect(recordFor(model(RECORD_ALL_LIMIT + 1, []), undefined)).toBeUndefined();
  });

  it('takes given names as they are, and all as every column', () => {
    expect(recordFor(model(RECORD_ALL_LIMIT + 1, ['v_out']), ['v_C1,v_out'])).toEqual(['v_C1', 'v_out']);
    expect(recordFor(model(RECORD_ALL_LIMIT + 1, ['v_out']), ['all'])).toBeUndefined();
    // a state named all is a name, not the keyword
    expect(recordFor({ stateNames: ['all'], outputNames: [] }, ['all'])).toEqual(['all']);
  });
});
