/**
 * The review's defects, each as a walk in the real browser (the page built by Vite, Debian's chromium through
 * playwright-core): per-example state reset (comparison, time-varying toolbars, signal defaults), the keyboard
 * (Esc leaves the editor, a skip link, a visible focus ring), WCAG AA by axe-core, the charts' data tables, the
 * phone layout, a broken link's message, the editor's split, wide matrices, the empty description, solver and
 * state-choice names, "did you mean", the gallery's titles and the axes' units.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildPage, WEB_ROOT } from './support/build-page';
import { serveStatic } from './support/static-server';
import type { StaticServer } from './support/static-server';
import { launchChromium } from './support/browser';
import { axeViolations, revision, selectExample, waitForComparison, waitForRevision } from './support/page';

const EXAMPLES = join(WEB_ROOT, '..', '..', 'examples');
const SCREENSHOTS = join(WEB_ROOT, 'test', 'screenshots');
const example = (file: string) => readFileSync(join(EXAMPLES, file), 'utf8');

describe('the review walks in chromium', () => {
  let outDir: string;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    outDir = await buildPage();
    server = await serveStatic(outDir);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(server.url);
    await waitForRevision(page, undefined);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('resets the comparison between examples: nothing of the previous system stays on screen', async () => {
    await waitForComparison(page);
    await page.waitForFunction(() => document.querySelector('#compare')?.getAttribute('data-overlay') === 'ready', null, { timeout: 120_000 });
    const motorTitle = await page.locator('#compare h4').nth(1).textContent();
    expect(motorTitle).toContain('state choices');
    // right after the new example's answer, before its follow-up: no stale chart, table or equations
    await page.evaluate(() => {
      (window as unknown as { seen: string[] }).seen = [];
      new MutationObserver(() => {
        const c = document.querySelector('#compare');
        if (document.body.dataset.revision && c?.getAttribute('data-comparison') !== 'ready') (window as unknown as { seen: string[] }).seen.push(`${document.querySelectorAll('#overlay-chart canvas').length}|${document.querySelectorAll('#side-by-side .side-model').length}`);
      }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-revision', 'data-comparison'] });
    });
    await selectExample(page, 'nonlinear/masd-4-2-reservoirs.json');
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.length).toBeGreaterThan(0);
    for (const s of seen) expect(s).toBe('0|0');
    await waitForComparison(page);
    // an overlay, if there is one, is the reservoirs' own (linear against nonlinear); else no chart at all
    await page.waitForTimeout(500);
    if ((await page.getAttribute('#compare', 'data-overlay')) === 'ready') expect(await page.getAttribute('#overlay-chart', 'data-kind')).toBe('linear-vs-nonlinear');
    else expect(await page.locator('#overlay-chart canvas').count()).toBe(0);
    // the comparison of the reservoirs' own two models: finite differences, no NaN in the equations shown
    const cells = await page.locator('#compare-table tbody td:nth-child(3)').allTextContents();
    for (const c of cells) expect(c).not.toContain('shapes differ');
    expect(await page.textContent('#side-by-side')).not.toContain('NaN');
  });

  it('honours hidden: the time-varying controls show only for a description with values in t', async () => {
    await selectExample(page, 'time-varying/rlc-time-varying-capacitor.json');
    expect(await page.isVisible('#model .tv-controls')).toBe(true);
    await selectExample(page, 'rlc-series.json');
    expect(await page.isVisible('#model .tv-controls')).toBe(false);
    expect(await page.isVisible('#time-varying-model')).toBe(false);
  });

  it('takes the signal defaults of the example on show, not of the previous one', async () => {
    await selectExample(page, 'motor-pump.json');
    expect(await page.getAttribute('input[data-input="Vs"]', 'placeholder')).toBe('step(12)');
    await selectExample(page, 'rlc-series.json');
    // rlc-series.json: Vs has the value 1, so its default is step(1)
    expect(JSON.parse(example('rlc-series.json')).elements[0].value).toBe(1);
    expect(await page.getAttribute('input[data-input="Vs"]', 'placeholder')).toBe('step(1)');
    const before = await revision(page);
    await page.selectOption('select[aria-label="signal shape of Vs"]', { label: 'sine' });
    await waitForRevision(page, before);
    expect(await page.inputValue('input[data-input="Vs"]')).toBe('sine(1, 1)');
    const back = await revision(page);
    await page.fill('input[data-input="Vs"]', '');
    await waitForRevision(page, back);
  });

  it('lets the keyboard leave the editor (Esc, then Tab), offers a skip link and shows where the focus is', async () => {
    await page.focus('#description');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('description');
    // the Tab above indented; undo it so the description is unchanged
    const before = await revision(page);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await waitForRevision(page, before);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('#editor')!).boxShadow)).not.toBe('none');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('description');
    // the skip link is the first stop of a fresh page and takes the focus to the results
    const fresh = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await fresh.goto(server.url);
    await waitForRevision(fresh, undefined);
    await fresh.keyboard.press('Tab');
    expect(await fresh.evaluate(() => document.activeElement?.className)).toBe('skip-link');
    expect(await fresh.isVisible('.skip-link')).toBe(true);
    await fresh.keyboard.press('Enter');
    await fresh.waitForFunction(() => document.activeElement?.id === 'results', null, { timeout: 10_000 });
    await fresh.close();
    // a control reached by the keyboard shows a ring
    await page.focus('#share');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
  });

  it('passes axe-core WCAG 2 A/AA checks with no serious violation (contrast included)', async () => {
    await selectExample(page, 'motor-pump.json');
    await waitForComparison(page);
    const violations = await axeViolations(page);
    expect(violations).toEqual([]);
  });

  it('gives each chart a text alternative: a label and, on request, its data as a table', async () => {
    await selectExample(page, 'rlc-series.json');
    const label = await page.getAttribute('#chart .chart-plot', 'aria-label');
    expect(label).toContain('v_C1');
    await page.click('#chart .chart-data summary');
    const rows = await page.locator('#chart .chart-data tbody tr').count();
    expect(rows).toBeGreaterThan(10);
    const header = await page.locator('#chart .chart-data thead th').allTextContents();
    const col = header.findIndex((h) => h.includes('v_C1'));
    expect(col).toBeGreaterThan(0);
    // v_C'' + 2 v_C' + 8 v_C = 8 from rest: v_C = 1 − e^{−t} (cos √7 t + sin(√7 t)/√7)
    const table = await page.locator('#chart .chart-data tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))));
    const w = Math.sqrt(7);
    for (const r of [table[1], table[Math.floor(table.length / 2)], table[table.length - 1]]) {
      const t = r[0];
      const exact = 1 - Math.exp(-t) * (Math.cos(w * t) + Math.sin(w * t) / w);
      expect(Math.abs(r[col] - exact)).toBeLessThan(1e-4);
    }
    await page.click('#chart .chart-data summary');
  });

  it('fits a phone (390 px): no horizontal overflow, the share button on screen', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(server.url);
    await waitForRevision(phone, undefined);
    const { scroll, client } = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    const box = await phone.locator('#share').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const row = await phone.locator('.signal-row').first().boundingBox();
    expect(row!.x + row!.width).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: join(SCREENSHOTS, '12-phone.png') });
    await phone.close();
  });

  it('keeps the message of a broken link until it is dismissed', async () => {
    const probe = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await probe.goto(`${server.url}#m1.this-is-not-a-model`);
    await waitForRevision(probe, undefined);
    expect(await probe.isVisible('#notice')).toBe(true);
    await probe.waitForTimeout(1500);
    expect(await probe.isVisible('#notice')).toBe(true);
    expect(await probe.textContent('#notice-text')).toContain('could not be read');
    await probe.click('#notice-dismiss');
    expect(await probe.isVisible('#notice')).toBe(false);
    await probe.close();
  });

  it('resizes the editor by its handle (pointer and keyboard)', async () => {
    const pane = page.locator('.editor-pane');
    const w0 = (await pane.boundingBox())!.width;
    const h = (await page.locator('#splitter').boundingBox())!;
    await page.mouse.move(h.x + h.width / 2, h.y + 40);
    await page.mouse.down();
    await page.mouse.move(h.x + h.width / 2 + 200, h.y + 40, { steps: 5 });
    await page.mouse.up();
    const w1 = (await pane.boundingBox())!.width;
    expect(w1).toBeGreaterThan(w0 + 150);
    await page.focus('#splitter');
    await page.keyboard.press('ArrowLeft');
    const w2 = (await pane.boundingBox())!.width;
    expect(w2).toBeLessThan(w1);
  });

  it('scrolls wide matrices inside their card (MASD example 4.1)', async () => {
    await selectExample(page, 'masd-4-1.json');
    const card = await page.evaluate(() => {
      const c = document.querySelector('#model-card')!;
      return { scroll: c.scrollWidth, client: c.clientWidth, right: c.getBoundingClientRect().right };
    });
    expect(card.scroll).toBeLessThanOrEqual(card.client);
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
  });

  it('hints what to write when the description has no elements', async () => {
    const before = await revision(page);
    await page.fill('#description', '{}');
    await waitForRevision(page, before);
    expect(await page.isVisible('#empty-hint')).toBe(true);
    await selectExample(page, 'rlc-series.json');
    expect(await page.isVisible('#empty-hint')).toBe(false);
  });

  it('names solvers in words', async () => {
    const options = await page.locator('#solver option').evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? '']));
    for (const [value, text] of options) expect(text).not.toBe(value);
  });

  it('names the state choices in the domain of the system', async () => {
    await selectExample(page, 'rlc-series.json');
    expect(await page.textContent('[data-control="States"] [data-value="b1"]')).toBe('v_C, i_L');
    await selectExample(page, 'two-mass.json');
    expect(await page.getAttribute('[data-control="States"]', 'data-domain')).toBe('translational');
    expect(await page.textContent('[data-control="States"] [data-value="b2"]')).toContain('p');
    expect(await page.textContent('[data-control="States"] [data-value="b1"]')).not.toContain('v_C');
  });

  it('suggests the kind or id meant by a misspelt one, and applies it', async () => {
    await selectExample(page, 'rlc-series.json');
    const good = example('rlc-series.json');
    let before = await revision(page);
    await page.fill('#description', good.replace('"kind": "resistor"', '"kind": "resistr"'));
    await waitForRevision(page, before);
    expect(await page.getAttribute('#errors .error-suggestion', 'data-suggestion')).toBe('resistor');
    before = await revision(page);
    await page.click('#errors .apply-suggestion');
    await waitForRevision(page, before);
    expect(await page.inputValue('#description')).toBe(good);
    expect(await page.locator('#errors .error-item').count()).toBe(0);
    before = await revision(page);
    await page.fill('#description', good.replace('{ "element": "C1"', '{ "element": "C2"'));
    await waitForRevision(page, before);
    expect(await page.getAttribute('#errors .error-suggestion', 'data-suggestion')).toBe('C1');
    await selectExample(page, 'rlc-series.json');
  });

  it('titles every gallery entry distinctly', async () => {
    const texts = await page.locator('#gallery option:not([disabled])').allTextContents();
    expect(new Set(texts).size).toBe(texts.length);
    for (const a of texts) for (const b of texts) if (a !== b) expect(b.startsWith(a)).toBe(false);
  });

  it('puts units on every axis: the simulation and the comparison', async () => {
    await selectExample(page, 'motor-pump.json');
    await waitForComparison(page);
    await page.waitForFunction(() => document.querySelector('#compare')?.getAttribute('data-overlay') === 'ready', null, { timeout: 120_000 });
    for (const id of ['#chart', '#overlay-chart']) {
      const label = await page.getAttribute(id, 'data-y-label');
      expect(label).toMatch(/\(.+\)/);
    }
    expect(pageErrors).toEqual([]);
  });
});
