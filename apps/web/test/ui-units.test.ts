/**
 * The page's pure helpers in node: min/max decimation against a brute-force pass, the edit distance against
 * hand-counted edits, the suggestions, the gallery's distinct titles and the state-choice names per domain.
 */
import { describe, expect, it } from 'vitest';
import { decimateMinMax } from '../src/ui/decimate';
import { closestName, editDistance, suggestFor } from '../src/ui/did-you-mean';
import { distinctTitles } from '../src/ui/gallery-titles';
import { stateChoiceLabels } from '../src/ui/state-labels';

describe('decimateMinMax', () => {
  it('keeps every run’s extremes (a one-sample spike survives) and leaves short traces alone', () => {
    const n = 10_007;
    const t = Float64Array.from({ length: n }, (_, i) => i * 1e-3);
    const y = Float64Array.from({ length: n }, (_, i) => Math.sin(i / 50));
    y[4321] = 7;
    const buckets = 300;
    const d = decimateMinMax(t, [y], buckets);
    expect(d.t.length).toBe(2 * buckets);
    expect(Math.max(...d.series[0])).toBe(7);
    for (let b = 0; b < buckets; b++) {
      const lo = Math.floor((b * n) / buckets);
      const hi = Math.floor(((b + 1) * n) / buckets);
      const run = Array.from(y.subarray(lo, hi));
      const pair = [d.series[0][2 * b], d.series[0][2 * b + 1]];
      expect(Math.min(...pair)).toBe(Math.min(...run));
      expect(Math.max(...pair)).toBe(Math.max(...run));
      expect(d.t[2 * b]).toBe(t[lo]);
      expect(d.t[2 * b + 1]).toBe(t[hi - 1]);
    }
    const short = decimateMinMax(t.subarray(0, 100), [y.subarray(0, 100)], buckets);
    expect(short.t.length).toBe(100);
  });
});

describe('did you mean', () => {
  it('counts edits: substitution, insertion, deletion, adjacent transposition', () => {
    expect(editDistance('resistr', 'resistor')).toBe(1);
    expect(editDistance('capcaitor', 'capacitor')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
  it('suggests the nearest kind or element id, and nothing when nothing is near', () => {
    expect(closestName('resistr', ['capacitor', 'resistor', 'inductor'])).toBe('resistor');
    expect(closestName('zzzzzz', ['capacitor', 'resistor'])).toBeUndefined();
    const kind = suggestFor({ stage: 'parse', code: 'unknown-kind', message: 'R1.kind: "inductr" is not one of the allowed values', field: 'kind' }, '');
    expect(kind?.right).toBe('inductor');
    const text = JSON.stringify({ elements: [{ id: 'Vs' }, { id: 'R1' }, { id: 'C1' }] });
    const id = suggestFor({ stage: 'parse', code: 'bad-output', message: 'outputs[0].element: no element "C2"', field: 'outputs[0].element' }, text);
    expect(id?.right).toBe('C1');
  });
});

describe('distinctTitles', () => {
  it('tells apart equal titles and titles that start another', () => {
    const texts = distinctTitles([
      { file: 'a.json', title: 'Series RLC', group: 'linear' },
      { file: 'nonlinear/b.json', title: 'Series RLC circuit', group: 'nonlinear' },
      { file: 'time-varying/c.json', title: 'Series RLC circuit (value in t)', group: 'time-varying' },
      { file: 'd.json', title: 'Two masses', group: 'linear' },
    ]);
    expect(new Set(texts).size).toBe(4);
    for (const a of texts) for (const b of texts) if (a !== b) expect(b.startsWith(a)).toBe(false);
    expect(texts[3]).toBe('Two masses');
  });
});

describe('stateChoiceLabels', () => {
  it('names the states in the domain of most storage branches', () => {
    const mech = stateChoiceLabels([
      { cls: 'A', domain: 'translational' },
      { cls: 'T', domain: 'translational' },
      { cls: 'E', domain: 'electrical' },
    ]);
    expect(mech.domain).toBe('translational');
    expect(mech.b2.label).toContain('p');
    expect(stateChoiceLabels([{ cls: 'A', domain: 'fluid' }]).b1.label).toContain('P');
    expect(stateChoiceLabels([]).domain).toBe('electrical');
  });
});
