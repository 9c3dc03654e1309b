/**
 * profile-long-tasks: opens the production build in Debian's Chromium, pastes one large description (the
 * browser test's RC ladder or RC grid), records the main thread's CPU profile through CDP (Profiler.start/stop)
 * and attributes each busy stretch over 50 ms (consecutive samples that are not idle, a proxy for one task) to
 * the functions with the most self time in it. A measuring tool, not a test: run it by hand,
 *   npx tsx apps/web/scripts/profile-long-tasks.ts grid|ladder|ladder5000|edit5000
 * (edit5000: the 5000-section ladder pasted and drawn first, then profiled while C's value is typed over in the
 * editor's large-text view and the answer is drawn again)
 * (the source maps are not applied: names are the build's, file:line points into the bundle). The Long Tasks
 * API's entries since the paste are printed beside the stretches (`longTasks`, ms): one entry per task, observed
 * by the browser test's own observer (test/support/long-tasks.ts), and each attributed to the page's user-timing
 * measures inside it (`attributed`). The text reaches the page before the profile starts (stagePaste).
 */
import { rmSync } from 'node:fs';
import { buildPage } from '../test/support/build-page';
import { serveStatic } from '../test/support/static-server';
import { launchChromium } from '../test/support/browser';
import { revision, waitForRevision } from '../test/support/page';
import { pasteDescription, pasteStaged, stagePaste } from '../test/support/paste';
import { rcGridText, rcLadderText } from '../test/support/networks';
import { attributeLongTasks, installLongTaskObserver, readLongTasks, resetLongTasks } from '../test/support/long-tasks';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; }

const which = process.argv[2] ?? 'grid';
const text = which === 'ladder' ? rcLadderText(1000) : which === 'ladder5000' || which === 'edit5000' ? rcLadderText(5000) : rcGridText(32);
const drawn = () => document.querySelector('.sparsity-row')?.getAttribute('data-drawn') === 'all' && document.querySelector('#graph-drawing[data-renderer]') !== null;

const outDir = await buildPage();
const server = await serveStatic(outDir);
const browser = await launchChromium({ webgl: true });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  // the Long Tasks API beside the profile (the browser test's observer): a stretch may be tasks back to back, a
  // long-task entry is one task
  await installLongTaskObserver(page);
  await page.goto(server.url);
  await waitForRevision(page, undefined);
  // sigma's renderer is built in idle time after start-up (ui/warm-sigma.ts): paste once it is waiting
  await page.waitForFunction(() => document.documentElement.dataset.sigma !== undefined, null, { timeout: 30_000 }).catch(() => console.error('no warm renderer'));
  if (which === 'edit5000') {
    const first = await revision(page);
    await pasteDescription(page, text);
    await waitForRevision(page, first, 300_000);
    await page.waitForFunction(drawn, null, { timeout: 120_000 });
    await page.waitForFunction(() => document.querySelector('#graph-drawing')?.getAttribute('data-layout') === 'settled', null, { timeout: 120_000 });
    // the caret on C's value in line 3, the value selected (typed over once the profile runs)
    const line3 = text.split('\n')[2];
    const at = line3.indexOf('"C":{"value":') + '"C":{"value":'.length;
    await page.locator('#large-text-editor .cm-line').nth(2).click();
    await page.keyboard.press('Home');
    for (let k = 0; k < at; k++) await page.keyboard.press('ArrowRight');
    for (let k = 0; k < JSON.stringify(1e-6 / 5000).length; k++) await page.keyboard.press('Shift+ArrowRight');
    await page.waitForTimeout(1000);
  }
  // the text into the page before the profile starts (the harness's transfer, not the page's work)
  if (which !== 'edit5000') await stagePaste(page, text);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const before = await revision(page);
  await resetLongTasks(page);
  if (which === 'edit5000') {
    await page.keyboard.type('5e-10');
    await page.waitForFunction(() => Math.abs(Number(document.querySelector('#model .virtual-row')?.querySelectorAll('span')[3]?.textContent) - 5e-10) < 1e-22, null, { timeout: 300_000 });
  } else {
    await pasteStaged(page);
    await waitForRevision(page, before, 300_000);
  }
  await page.waitForFunction(drawn, null, { timeout: 120_000 });
  await page.waitForTimeout(1000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const tasks = await readLongTasks(page);
  const longTasks = tasks.map((t) => Math.round(t[1]));
  // each task with the page's measured steps inside it
  const attributed = (await attributeLongTasks(page, tasks)).map((t) => `${t.ms}: ${t.measures.map(([n, d]) => `${n} ${d}`).join(', ')}`);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // '(program)' is the browser's native work (style, layout, paint, WebGL): busy, not idle
  const idle = (n: ProfileNode) => n.callFrame.functionName === '(idle)';
  // busy stretches: consecutive non-idle samples; a stretch = one task (or tasks back to back)
  let start = -1;
  let t = 0;
  let self = new Map<string, number>();
  const stretches: { ms: number; top: [string, number][] }[] = [];
  const close = (end: number) => {
    const ms = (end - start) / 1000;
    if (ms > 50) stretches.push({ ms: Math.round(ms), top: [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => [k, Math.round(v / 1000)]) });
    start = -1;
    self = new Map();
  };
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i];
    t += dt;
    const n = byId.get(profile.samples[i])!;
    if (idle(n)) {
      if (start >= 0) close(t);
      continue;
    }
    if (start < 0) start = t;
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  if (start >= 0) close(t);
  console.log(JSON.stringify({ model: which, longTasks, attributed, stretches }, null, 2));
} finally {
  await browser.close();
  await server.close();
  rmSync(outDir, { recursive: true, force: true });
}
