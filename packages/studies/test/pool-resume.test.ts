/**
 * The same table whatever runs it: a pool of two workers against this thread (bit for bit, rows in point order),
 * and a study interrupted mid-line and resumed from its CSV against the whole study in one run.
 */
import { describe, expect, it } from 'vitest';
import { SysgraphError } from '@sysgraph/core';
import { csvHeader, csvLines, parsePlan, readCsvRows, resumePoint, sweep } from '@sysgraph/studies';
import type { StudySettings, StudyTable } from '@sysgraph/studies';
import { RLC } from './fixtures';

const source = { text: RLC };
const settings: StudySettings = { metrics: ['poles', 'dc', 'step(v_C1)'], tEnd: 20, samples: 401 };

async function csvOf(plan: ReturnType<typeof parsePlan>, s: StudySettings, start?: (t: StudyTable) => number, workers = 1): Promise<{ text: string; table: StudyTable }> {
  let text = '';
  let layout: StudyTable['layout'] | undefined;
  const table = await sweep(source, plan, {
    settings: s,
    workers,
    ...(start ? { start } : {}),
    onStart: (t) => {
      layout = t.layout;
      if (!start) text += csvHeader(t.layout);
    },
    onRow: (i, v, r) => (text += csvLines(layout!, i, v, r)),
  });
  return { text, table };
}

describe('pool and resume', () => {
  it('two pool workers give the serial table, rows in point order', async () => {
    const plan = parsePlan({ sample: 60, dist: ['R=uniform(0.5,2)', 'C=normal(0.25,0.01)'], seed: 4 });
    const serial = await csvOf(plan, settings);
    const pool = await csvOf(plan, settings, undefined, 2);
    expect(pool.text).toBe(serial.text);
    expect(Array.from(pool.table.rows)).toEqual(Array.from(serial.table.rows));
    expect(serial.text.split('\n').length).toBe(62);
  }, 120_000);

  for (const traces of [false, true]) {
    it(`an interrupted study resumes from its CSV${traces ? ' (with traces)' : ''}`, async () => {
      const s: StudySettings = traces ? { ...settings, traces: ['v_C1'], samples: 11 } : settings;
      const plan = parsePlan({ param: ['R=0.5:2:7', 'C=0.2,0.3'] });
      const whole = await csvOf(plan, s);
      // cut in the middle of a line of point 5
      const lines = whole.text.split('\n');
      const perPoint = traces ? 11 : 1;
      const cut = lines.slice(0, 1 + 5 * perPoint + 1).join('\n').length - 7;
      const partial = whole.text.slice(0, cut);
      let kept = '';
      const resumed = await csvOf(plan, s, (table) => {
        const r = resumePoint(partial, table.layout, plan);
        expect(r.start).toBe(5);
        kept = partial.slice(0, r.keep);
        readCsvRows(partial, table.layout, r.start, table.rows, table.width);
        return r.start;
      });
      expect(kept + resumed.text).toBe(whole.text);
      expect(Array.from(resumed.table.rows)).toEqual(Array.from(whole.table.rows));
    }, 60_000);
  }

  it('resuming with another plan is refused, naming the parameter', async () => {
    const a = parsePlan({ sample: 5, dist: ['R=uniform(0.5,2)'], seed: 1 });
    const b = parsePlan({ sample: 5, dist: ['R=uniform(0.5,2)'], seed: 2 });
    const { text } = await csvOf(a, { metrics: ['poles'] });
    await expect(csvOf(b, { metrics: ['poles'] }, (t) => resumePoint(text, t.layout, b).start)).rejects.toMatchObject({ code: 'bad-option', field: '--resume', element: 'R' });
    await expect(csvOf(b, { metrics: ['dc'] }, (t) => resumePoint(text, t.layout, b).start)).rejects.toBeInstanceOf(SysgraphError);
  });

  it('an aborted study keeps the points done, in order', async () => {
    const plan = parsePlan({ param: ['R=0.5:2:40'] });
    const controller = new AbortController();
    const table = await sweep(source, plan, { settings, signal: controller.signal, onProgress: (d) => d >= 10 && controller.abort() });
    const done = Array.from(table.done);
    expect(done.slice(0, 10).every((d) => d === 1)).toBe(true);
    expect(done.slice(10).every((d) => d === 0)).toBe(true);
  });
});
