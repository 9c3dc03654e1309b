/**
 * The graph's editing mode in the real browser (the page built by Vite, Debian's chromium through
 * playwright-core): the motor and pump of examples/motor-pump.json built by clicking from an empty
 * description, its A and B against the shipped example's and against the closed form in the example's own
 * text; the form's inline error from the description reader; a share link that reopens the same picture;
 * undo and redo by keys and buttons; axe-core on the editing mode.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { WEB_ROOT } from './support/build-page';
import type { StaticServer } from './support/static-server';
import { axeViolations, revision, selectExample, waitForRevision } from './support/page';
import { openApp } from './support/app-session';
import type { AppSession } from './support/app-session';

const SCREENSHOTS = join(WEB_ROOT, 'test', 'screenshots');
type Matrix = number[][];

async function shownMatrix(page: Page, name: string): Promise<Matrix> {
  const values = await page.getAttribute(`[data-matrix="${name}"][data-model="general-b1"]`, 'data-values');
  if (values === null) throw new Error(`matrix ${name} is not on the page`);
  return JSON.parse(values) as Matrix;
}

/** A click at a point of the drawing, in the drawing's own coordinates. */
async function clickAt(page: Page, x: number, y: number): Promise<void> {
  await page.locator('#draw-mode svg').scrollIntoViewIfNeeded();
  const p = await page.evaluate(([x, y]) => {
    const s = document.querySelector('#draw-mode svg') as SVGSVGElement;
    const q = new DOMPoint(x, y).matrixTransform(s.getScreenCTM()!);
    return { x: q.x, y: q.y };
  }, [x, y] as const);
  await page.mouse.click(p.x, p.y);
}

async function nodePositions(page: Page): Promise<Record<string, [number, number]>> {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#draw-mode [data-node]')].map((n) => [n.getAttribute('data-node'), [Number(n.getAttribute('data-x')), Number(n.getAttribute('data-y'))]])));
}

const text = (page: Page) => page.inputValue('#description');

describe('drawing the graph by hand in chromium', () => {
  let app: AppSession | undefined;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  let shippedA: Matrix;
  let shippedB: Matrix;
  let built: Record<string, [number, number]>;
  let link: string;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    app = await openApp({ viewport: { width: 1440, height: 1300 }, pageErrors });
    ({ browser, server, page } = app);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('builds the motor and pump by clicking alone, and derives the shipped example’s A and B', async () => {
    await selectExample(page, 'motor-pump.json');
    shippedA = await shownMatrix(page, 'A');
    shippedB = await shownMatrix(page, 'B');
    // the closed form in the example's text: tau_k' = [kt Kv Vs − kt (Kv² R + 1/(Rf D²)) tau_k] / (1 + kt Kv² L)
    const [R, L, Kv, kt, D, Rf] = [2, 0.5, 0.8, 3, 0.7, 1.5];
    const den = 1 + kt * Kv * Kv * L;
    const closedA = (-kt * (Kv * Kv * R + 1 / (Rf * D * D))) / den;
    const closedB = (kt * Kv) / den;
    expect(shippedA[0][0]).toBeCloseTo(closedA, 10);
    expect(shippedB[0][0]).toBeCloseTo(closedB, 10);

    // an empty description, then the editing mode
    let before = await revision(page);
    await page.fill('#description', '');
    await waitForRevision(page, before);
    await page.click('#draw-toggle');
    expect(await page.getAttribute('#draw-toggle', 'aria-pressed')).toBe('true');
    expect(await page.locator('#draw-mode [data-node]').count()).toBe(0);

    // nine nodes by clicks on empty space: a b c / ge; m p / gr; f / gf
    const at: Record<string, [number, number]> = { a: [60, 80], b: [160, 80], c: [260, 80], ge: [160, 300], m: [380, 80], gr: [470, 300], p: [560, 80], f: [660, 80], gf: [660, 300] };
    const name: Record<string, string> = {};
    for (const [k, [x, y]] of Object.entries(at)) {
      await clickAt(page, x, y);
      name[k] = (await page.getAttribute('#draw-mode [data-node][aria-pressed="true"]', 'data-node'))!;
    }
    expect(await page.locator('#draw-mode [data-node]').count()).toBe(9);
    const node = (k: string) => at[k];

    async function addElement(kind: string, ends: string[], value: string): Promise<void> {
      await page.selectOption('#draw-kind', kind);
      for (const k of ends) await clickAt(page, ...node(k));
      await page.click('[data-draw="add-element"]');
      await page.fill('#draw-value', value);
      await page.click('[data-draw="apply"]');
      expect(await page.locator('.draw-form .field-error').count()).toBe(0);
    }
    await addElement('voltage-source', ['a', 'ge'], '12');
    await addElement('resistor', ['a', 'b'], '2');
    // the value is read by the description's reader: a malformed expression is refused inline
    await page.selectOption('#draw-kind', 'inductor');
    await clickAt(page, ...node('b'));
    await clickAt(page, ...node('c'));
    await page.click('[data-draw="add-element"]');
    await page.fill('#draw-value', '0.5 *');
    await page.click('[data-draw="apply"]');
    const error = page.locator('.draw-form .field-error[data-field="value"]');
    expect(await error.count()).toBe(1);
    expect(await page.getAttribute('#draw-value', 'aria-invalid')).toBe('true');
    expect(await text(page)).not.toContain('0.5 *');
    await page.fill('#draw-value', '0.5');
    await page.click('[data-draw="apply"]');
    expect(await page.locator('.draw-form .field-error').count()).toBe(0);
    await addElement('torsional-spring', ['m', 'p'], '3');
    await addElement('fluid-resistor', ['f', 'gf'], '1.5');
    await addElement('transformer', ['c', 'ge', 'm', 'gr'], '1 / 0.8');
    await addElement('gyrator', ['p', 'gr', 'f', 'gf'], '-1 / 0.7');
    // the grounds, one per energy domain
    for (const g of ['ge', 'gr', 'gf']) {
      await clickAt(page, ...node(g));
      await page.click('#draw-node-ground');
      expect(await page.isChecked('#draw-node-ground')).toBe(true);
    }
    // the answer to the last edit: a good model of the drawn description (not the shipped example's, dimmed)
    await page.waitForFunction(() => document.body.dataset.state === 'ready' && !document.body.classList.contains('stale'), null, { timeout: 60_000 });
    expect(await page.textContent('#system-title')).not.toContain('DC motor');
    const doc = JSON.parse(await text(page));
    expect(doc.elements.map((e: { kind: string }) => e.kind)).toEqual(['voltage-source', 'resistor', 'inductor', 'torsional-spring', 'fluid-resistor', 'transformer', 'gyrator']);
    expect(doc.elements[5].ports.map((p: { domain: string }) => p.domain)).toEqual(['electrical', 'rotational']);
    expect(doc.elements[6].ports.map((p: { domain: string }) => p.domain)).toEqual(['rotational', 'fluid']);
    expect(doc.ground).toEqual([name.ge, name.gr, name.gf]);
    expect(Object.keys(doc.meta.layout.nodes).length).toBe(9);
    // the editor's text keeps the compact style: an element per line
    expect(await text(page)).toContain(`{ "id": "R1", "kind": "resistor", "from": "${name.a}", "to": "${name.b}", "value": 2 }`);

    const A = await shownMatrix(page, 'A');
    const B = await shownMatrix(page, 'B');
    expect(A.length).toBe(1);
    expect(B.length).toBe(1);
    expect(A[0][0]).toBeCloseTo(shippedA[0][0], 10);
    expect(B[0][0]).toBeCloseTo(shippedB[0][0], 10);
    expect(A[0][0]).toBeCloseTo(closedA, 10);
    expect(B[0][0]).toBeCloseTo(closedB, 10);
    // the matrices follow the drawing: the pipe's resistance doubled in its form gives the closed form's new A
    before = await revision(page);
    await page.locator('#draw-mode [data-element="R2"]').first().focus();
    await page.keyboard.press('Enter');
    await page.fill('#draw-value', '3');
    await page.click('[data-draw="apply"]');
    await waitForRevision(page, before);
    expect((await shownMatrix(page, 'A'))[0][0]).toBeCloseTo((-kt * (Kv * Kv * R + 1 / (3 * D * D))) / den, 10);
    before = await revision(page);
    await page.click('[data-draw="undo"]');
    await waitForRevision(page, before);
    expect((await shownMatrix(page, 'A'))[0][0]).toBeCloseTo(closedA, 10);
    built = await nodePositions(page);
    for (const [k, [x, y]] of Object.entries(at)) expect(built[name[k]]).toEqual([x, y]);
    await clickAt(page, ...node('m'));
    await page.locator('#graph-card').screenshot({ path: join(SCREENSHOTS, '17-draw-motor-pump.png') });
  });

  it('has no serious axe-core violations in the editing mode (a node and an element selected)', async () => {
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('#draw-mode [data-element="R1"]').first().focus();
    await page.keyboard.press('Enter');
    expect(await page.isVisible('#draw-value')).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('undoes and redoes a drag, a key move and a deletion, by keys and by buttons', async () => {
    const start = await text(page);
    const m = await nodePositions(page);
    const key = Object.keys(m).find((k) => m[k][0] === 380)!;
    // drag the node 60 to the right and 40 down
    await page.locator('#draw-mode svg').scrollIntoViewIfNeeded();
    const pt = (x: number, y: number) => page.evaluate(([x, y]) => {
      const q = new DOMPoint(x, y).matrixTransform((document.querySelector('#draw-mode svg') as SVGSVGElement).getScreenCTM()!);
      return { x: q.x, y: q.y };
    }, [x, y] as const);
    const p0 = await pt(380, 80);
    const p1 = await pt(440, 120);
    await page.mouse.move(p0.x, p0.y);
    await page.mouse.down();
    await page.mouse.move((p0.x + p1.x) / 2, (p0.y + p1.y) / 2);
    await page.mouse.move(p1.x, p1.y);
    await page.mouse.up();
    const dragged = (await nodePositions(page))[key];
    expect(Math.abs(dragged[0] - 440)).toBeLessThanOrEqual(1);
    expect(Math.abs(dragged[1] - 120)).toBeLessThanOrEqual(1);
    const afterDrag = await text(page);
    expect(afterDrag).not.toBe(start);
    // an arrow key moves the focused node by 10
    await page.locator(`#draw-mode [data-node="${key}"]`).focus();
    await page.keyboard.press('ArrowLeft');
    expect((await nodePositions(page))[key][0]).toBe(dragged[0] - 10);
    await page.keyboard.press('Control+z');
    expect(await text(page)).toBe(afterDrag);
    await page.keyboard.press('Control+z');
    expect(await text(page)).toBe(start);
    expect((await nodePositions(page))[key]).toEqual([380, 80]);
    await page.keyboard.press('Control+Shift+z');
    expect(await text(page)).toBe(afterDrag);
    // delete the pipe by its button, then undo and redo by the buttons
    await page.locator('#draw-mode [data-element="R2"]').first().focus();
    const pipe = await page.getAttribute('#draw-mode [data-element="R2"]', 'aria-label');
    expect(pipe).toContain('fluid-resistor');
    await page.keyboard.press('Enter');
    await page.click('[data-draw="delete"]');
    expect(await page.locator('#draw-mode [data-element="R2"]').count()).toBe(0);
    expect(await text(page)).not.toContain('"R2"');
    await page.click('[data-draw="undo"]');
    expect(await text(page)).toBe(afterDrag);
    expect(await page.locator('#draw-mode [data-element="R2"]').count()).toBe(1);
    await page.click('[data-draw="redo"]');
    expect(await page.locator('#draw-mode [data-element="R2"]').count()).toBe(0);
    await page.click('[data-draw="undo"]');
    await page.click('[data-draw="undo"]');
    expect(await text(page)).toBe(start);
  });

  it('redraws from the text: an edit in the editor moves the drawing', async () => {
    const doc = JSON.parse(await text(page));
    const first = Object.keys(doc.meta.layout.nodes)[0];
    doc.meta.layout.nodes[first] = { x: 100, y: 200 };
    await page.fill('#description', JSON.stringify(doc, null, 2));
    expect((await nodePositions(page))[first]).toEqual([100, 200]);
    await page.click('[data-draw="undo"]');
    expect((await nodePositions(page))[first]).toEqual(built[first]);
  });

  it('opens a share link with the same picture', async () => {
    await page.waitForFunction(() => location.hash.length > 10);
    await page.waitForTimeout(400);
    link = page.url();
    const other = await browser.newPage({ viewport: { width: 1440, height: 1300 } });
    await other.goto(link);
    await waitForRevision(other, undefined);
    await other.click('#draw-toggle');
    expect(await nodePositions(other)).toEqual(built);
    expect(await shownMatrix(other, 'A')).toEqual(await shownMatrix(page, 'A'));
    await other.close();
    expect(pageErrors).toEqual([]);
  });
});
