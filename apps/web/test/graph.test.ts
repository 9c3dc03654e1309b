/**
 * The linear graph at every size, in the real browser.
 *
 * Small graphs (the layered SVG drawing): for every example of the gallery the label boxes the browser laid out
 * (getBoundingClientRect of each label's text, after the collision pass) are checked pairwise here, in the test,
 * for overlap, and against the node circles. MASD 4.1's drawing had overlapping labels before the pass.
 *
 * Large graphs (above 200 branches): drawn by sigma.js with WebGL (chromium's SwiftShader, launched with the
 * WebGL flags), the ForceAtlas2 layout in a worker settles, the search by element id highlights the branch; with
 * WebGL taken away (getContext returns null for WebGL) the page falls back to a 2D canvas and says so.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { WEB_ROOT } from './support/build-page';
import type { StaticServer } from './support/static-server';
import { revision, waitForRevision } from './support/page';
import { rcLadderText } from './support/networks';
import { openApp } from './support/app-session';
import type { AppSession } from './support/app-session';

const SCREENSHOTS = join(WEB_ROOT, 'test', 'screenshots');

interface Rect {
  readonly label: string;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** The laid-out boxes of every label (union of its texts) and of every node circle, in page pixels. */
async function labelBoxes(page: Page): Promise<{ labels: Rect[]; circles: Rect[]; state: string | null }> {
  return page.evaluate(() => {
    const root = document.querySelector('svg.linear-graph');
    const rect = (label: string, rs: DOMRect[]) => ({ label, x0: Math.min(...rs.map((r) => r.left)), y0: Math.min(...rs.map((r) => r.top)), x1: Math.max(...rs.map((r) => r.right)), y1: Math.max(...rs.map((r) => r.bottom)) });
    const labels = [...(root?.querySelectorAll('g.label') ?? [])]
      .map((g) => rect(g.getAttribute('data-label') ?? '?', [...g.querySelectorAll('text')].map((t) => t.getBoundingClientRect()).filter((r) => r.width > 0)))
      .filter((r) => Number.isFinite(r.x0));
    const circles = [...(root?.querySelectorAll('.node circle') ?? [])].map((c) => rect(`circle:${c.parentElement?.getAttribute('data-node')}`, [c.getBoundingClientRect()]));
    return { labels, circles, state: root?.getAttribute('data-labels') ?? null };
  });
}

/** Pairs of boxes that share an area of more than `slack` pixels each way. */
function overlaps(a: readonly Rect[], b: readonly Rect[] | null, slack = 0.5): string[] {
  const out: string[] = [];
  const cross = (p: Rect, q: Rect) => Math.min(p.x1, q.x1) - Math.max(p.x0, q.x0) > slack && Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0) > slack;
  if (b === null) {
    for (let i = 0; i < a.length; i++) for (let j = i + 1; j < a.length; j++) if (cross(a[i], a[j])) out.push(`${a[i].label} × ${a[j].label}`);
  } else for (const p of a) for (const q of b) if (cross(p, q)) out.push(`${p.label} × ${q.label}`);
  return out;
}

describe('the linear graph at every size', () => {
  let app: AppSession | undefined;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    app = await openApp({ viewport: { width: 1440, height: 1000 }, webgl: true });
    ({ browser, server, page } = app);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('no two labels overlap, nor a label and a node, in the drawing of any example of the gallery', async () => {
    const files = await page.$$eval('#gallery option', (os) => os.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== ''));
    expect(files.length).toBeGreaterThan(10);
    const problems: Record<string, string[]> = {};
    let drawn = 0;
    for (const file of files) {
      const before = await revision(page);
      await page.selectOption('#gallery', file);
      await waitForRevision(page, before);
      const { labels, circles, state } = await labelBoxes(page);
      if (labels.length === 0) continue; // an equation file: no graph
      drawn++;
      const found = [...overlaps(labels, null), ...overlaps(labels.filter((l) => !l.label.startsWith('component:')), circles)];
      if (found.length > 0 || state !== 'separated') problems[file] = [`data-labels=${state}`, ...found];
      if (file === 'masd-4-1.json') await page.locator('#graph').screenshot({ path: join(SCREENSHOTS, '17-masd-graph-labels.png') });
    }
    expect(drawn).toBeGreaterThan(10);
    expect(problems).toEqual({});
  });

  it('a graph of 301 branches is drawn by sigma.js (WebGL) with a ForceAtlas2 layout, states highlighted, searchable', async () => {
    const before = await revision(page);
    await page.evaluate((t) => {
      const ta = document.querySelector<HTMLTextAreaElement>('#description')!;
      ta.value = t;
      ta.dispatchEvent(new Event('input'));
    }, rcLadderText(150));
    await waitForRevision(page, before);
    await page.waitForSelector('#graph-drawing[data-renderer]');
    expect(await page.getAttribute('#graph-drawing', 'data-renderer')).toBe('webgl');
    // sigma's layers: WebGL canvases in the stage
    expect(await page.locator('#graph-stage canvas').count()).toBeGreaterThan(1);
    await page.waitForSelector('#graph-drawing[data-layout="settled"]', { timeout: 30_000 });
    expect(await page.textContent('#graph-drawing-note')).toMatch(/WebGL/);
    // the legend names tree branches, links and states
    expect(await page.locator('#graph-drawing .graph-legend').textContent()).toMatch(/tree branch.*link.*state variable/);
    await page.fill('#graph-search', 'C150');
    expect(await page.getAttribute('#graph-drawing', 'data-hits')).toBe('1');
    expect(await page.locator('#graph-hits li[data-branch="C150"]').getAttribute('data-state')).toBe('1');
    await page.waitForTimeout(400);
    await page.locator('#graph-card').screenshot({ path: join(SCREENSHOTS, '18-large-graph-sigma.png') });
    await page.fill('#graph-search', '');
    expect(await page.getAttribute('#graph-drawing', 'data-hits')).toBe('0');
  });

  it('without WebGL the large graph falls back to a 2D canvas and says so', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    await context.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
        if (kind.includes('webgl')) return null;
        return (original as (...a: unknown[]) => unknown).call(this, kind, ...rest);
      } as typeof original;
    });
    const p = await context.newPage();
    await p.goto(server.url);
    await waitForRevision(p, undefined);
    const before = await revision(p);
    await p.evaluate((t) => {
      const ta = document.querySelector<HTMLTextAreaElement>('#description')!;
      ta.value = t;
      ta.dispatchEvent(new Event('input'));
    }, rcLadderText(150));
    await waitForRevision(p, before);
    await p.waitForSelector('#graph-drawing[data-renderer]');
    expect(await p.getAttribute('#graph-drawing', 'data-renderer')).toBe('canvas');
    expect(await p.textContent('#graph-drawing-note')).toMatch(/WebGL is not available/);
    await p.waitForSelector('#graph-drawing[data-layout="settled"]', { timeout: 30_000 });
    // something was drawn: the canvas has non-blank pixels
    const inked = await p.evaluate(() => {
      const c = document.querySelector<HTMLCanvasElement>('#graph-stage canvas')!;
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
      return n;
    });
    expect(inked).toBeGreaterThan(1000);
    await context.close();
  });
});
