/**
 * The Long Tasks API in the page (tasks of 50 ms or more on the main thread, one entry per task): one observer,
 * installed by the browser tests and by scripts/profile-long-tasks.ts alike, recording [startTime, duration] of
 * each task in `window.longTasks`; read and reset between the walks of a test.
 */
import type { Page } from 'playwright-core';

/** A long task as the Long Tasks API reports it: its start (performance.now() time) and duration, in ms. */
export type LongTask = readonly [start: number, duration: number];

type LongTaskWindow = { longTasks: [number, number][] };

/** The observer itself, run in the page: `buffered` also reports the tasks before it was installed. */
function observeLongTasks(buffered: boolean): void {
  const w = window as unknown as { longTasks: [number, number][] };
  w.longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered });
}

/**
 * Installs the observer in every document the page loads from now on (before the page's own scripts run, with
 * `buffered`, so that the page's first tasks are seen). Call it before `page.goto`.
 */
export async function installLongTaskObserver(page: Page): Promise<void> {
  await page.addInitScript(observeLongTasks, true);
}

/** The same observer in the document already loaded, from now on only (for a page opened by a shared helper). */
export async function observeLongTasksNow(page: Page): Promise<void> {
  await page.evaluate(observeLongTasks, false);
}

/** Forgets the tasks recorded so far (and the page's user-timing measures with them). */
export async function resetLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as LongTaskWindow).longTasks = [];
    performance.clearMeasures();
  });
}

/** The tasks recorded since the last reset, in order. */
export async function readLongTasks(page: Page): Promise<LongTask[]> {
  return page.evaluate(() => (window as unknown as LongTaskWindow).longTasks.map(([s, d]) => [s, d] as [number, number]));
}

/** A long task with the page's own `sysgraph:*` user-timing measures that ran inside it (name and ms). */
export interface AttributedTask {
  readonly ms: number;
  readonly measures: readonly (readonly [string, number])[];
}

/**
 * Attributes each long task to the page's `sysgraph:*` measures (performance.measure around the answer's steps,
 * the large-text hand-over, sigma.js's process and render, …) that lie inside it; what a task holds beyond
 * them is the browser's own work (style, layout, paint, garbage collection) or code not measured.
 */
export async function attributeLongTasks(page: Page, tasks: readonly LongTask[]): Promise<AttributedTask[]> {
  const measures = await page.evaluate(() =>
    performance
      .getEntriesByType('measure')
      .filter((m) => m.name.startsWith('sysgraph:'))
      .map((m) => [m.name.slice('sysgraph:'.length), m.startTime, m.duration] as [string, number, number]),
  );
  return tasks.map(([start, duration]) => ({
    ms: Math.round(duration),
    measures: measures.filter(([, s, d]) => s >= start - 1 && s + d <= start + duration + 1).map(([name, , d]) => [name, Math.round(d)] as const),
  }));
}
