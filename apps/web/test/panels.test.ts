/**
 * The views of the closed form in chromium: MASD example 4.1 with MASD's named quantities beside A and B
 * (T1…T12 present, equation numbers, C and L against the masses and spring compliances of the file), symbolic,
 * and with only the named parameters kept symbolic; the Bode charts and poles of the series RLC circuit against
 * closed forms; a bond graph and a StateMint equation file pasted into the editor. Screenshots go to test/screenshots.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { WEB_ROOT } from './support/build-page';
import type { StaticServer } from './support/static-server';
import { revision, selectExample, waitForComparison, waitForRevision } from './support/page';
import { EXAMPLES_ROOT } from './support/examples-root';
import { openApp } from './support/app-session';
import type { AppSession } from './support/app-session';

const SCREENSHOTS = join(WEB_ROOT, 'test', 'screenshots');

async function quantity(page: Page, name: string): Promise<{ values: number[][]; equation: string; latex: string }> {
  const node = page.locator(`[data-masd="${name}"]`);
  return {
    values: JSON.parse((await node.getAttribute('data-values'))!) as number[][],
    equation: (await node.getAttribute('data-equation'))!,
    latex: (await node.getAttribute('data-latex'))!,
  };
}

async function clickAndWait(page: Page, selector: string): Promise<void> {
  const before = await revision(page);
  await page.click(selector);
  await waitForRevision(page, before);
}

describe('closed form, Bode and pole-zero panels in chromium', () => {
  let app: AppSession | undefined;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    app = await openApp({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true, pageErrors });
    ({ browser, server, page } = app);
  });

  afterAll(async () => {
    await app?.close();
  });

  it("MASD 4.1: C, L, R, G and T1…T12 beside A and B, numbers equal to the file's values, then symbols", async () => {
    await selectExample(page, 'masd-4-1.json');
    await waitForComparison(page);
    expect(await page.isHidden('#closed-form')).toBe(true);
    await clickAndWait(page, '[data-control="Formulation"] [data-value="masd"]');
    expect(await page.getAttribute('#model-equations', 'data-model')).toBe('masd-b1');
    for (let k = 1; k <= 12; k++) expect(await page.locator(`[data-masd="T${k}"]`).count()).toBe(1);
    const C = await quantity(page, 'C');
    expect(C.equation).toBe('(6)');
    // masses M1 = M2 = 3 kg on the diagonal of C; spring K3 = 1.5 N/m: compliance 1/K3 in L; dampers B2 = B3 = 1.2 in G
    expect(C.values).toEqual([[3, 0], [0, 3]]);
    const L = await quantity(page, 'L');
    expect(L.equation).toBe('(7)');
    expect(Math.abs(L.values[2][2] - 1 / 1.5)).toBeLessThan(1e-15);
    expect(Math.abs(L.values[0][0] - 1 / 1.8)).toBeLessThan(1e-15);
    expect((await quantity(page, 'G')).values).toEqual([[1.2, 0], [0, 1.2]]);
    expect((await quantity(page, 'T12')).equation).toBe('(21)');
    // the tag is typeset by KaTeX
    expect(await page.locator('[data-masd="C"] .tag').count()).toBeGreaterThan(0);

    await clickAndWait(page, '[data-control="Entries"] [data-value="symbolic"]');
    expect((await quantity(page, 'C')).latex).toContain('\\mathit{M1}');
    expect((await quantity(page, 'L')).latex).toContain('\\frac{1}{\\mathit{K3}}');
    // every quantity typesets (no KaTeX error node)
    expect(await page.locator('#closed-form .katex-error').count()).toBe(0);
    expect(await page.locator('#closed-form .katex').count()).toBeGreaterThanOrEqual(30);
    await page.locator('#model-card').screenshot({ path: join(SCREENSHOTS, '15-masd-closed-form.png') });

    // only M1 kept symbolic: M2 becomes its value
    const before = await revision(page);
    await page.fill('#symbolic-params', 'M1');
    await page.press('#symbolic-params', 'Enter');
    await page.locator('#symbolic-params').blur();
    await waitForRevision(page, before);
    const c = (await quantity(page, 'C')).latex;
    expect(c).toContain('\\mathit{M1}');
    expect(c).not.toContain('M2');
    expect(pageErrors).toEqual([]);
  });

  it('series RLC: Bode of v_C and i_L against 1/(LC s² + RC s + 1) and C s/(…), poles by the quadratic formula', async () => {
    await selectExample(page, 'rlc-series.json');
    const [R, L, C] = [1, 0.5, 0.25];
    const w0 = 1 / Math.sqrt(L * C);
    await page.locator('#frequency-card').scrollIntoViewIfNeeded();
    const poles = await page.$$eval('#pole-zero .pole', (ps) => ps.map((p) => ({ re: Number(p.getAttribute('data-re')), im: Number(p.getAttribute('data-im')) })));
    poles.sort((a, b) => a.im - b.im);
    const re = -R / (2 * L);
    const im = Math.sqrt(1 / (L * C) - re * re);
    expect(poles).toHaveLength(2);
    expect(Math.abs(poles[0].re - re)).toBeLessThan(1e-12);
    expect(Math.abs(poles[0].im + im)).toBeLessThan(1e-12);
    expect(Math.abs(poles[1].im - im)).toBeLessThan(1e-12);
    // H_iL = C s / (…): one zero, at the origin
    const zeros = await page.$$eval('#pole-zero .zero', (zs) => zs.map((z) => Math.hypot(Number(z.getAttribute('data-re')), Number(z.getAttribute('data-im')))));
    expect(zeros).toHaveLength(1);
    expect(zeros[0]).toBeLessThan(1e-9);
    const pairs = JSON.parse((await page.getAttribute('#bode', 'data-pairs'))!) as string[];
    const omega = JSON.parse((await page.getAttribute('#bode', 'data-omega'))!) as number[];
    const low = JSON.parse((await page.getAttribute('#bode', 'data-low-db'))!) as number[];
    const peak = JSON.parse((await page.getAttribute('#bode', 'data-peak'))!) as [number, number][];
    const vc = pairs.findIndex((p) => p.includes('C1'));
    const il = pairs.findIndex((p) => p.includes('L1'));
    expect(vc).toBeGreaterThanOrEqual(0);
    expect(il).toBeGreaterThanOrEqual(0);
    // ω → 0: |H_vC| → 1; at the grid's lowest ω (a decade below w0) the closed form 1/|1 − LCω² + jRCω|
    const w = omega[0];
    expect(Math.abs(w - w0 / 10)).toBeLessThan(1e-9);
    expect(Math.abs(low[vc] + 20 * Math.log10(Math.hypot(1 - L * C * w * w, R * C * w)))).toBeLessThan(1e-9);
    expect(Math.abs(low[vc])).toBeLessThan(0.1);
    // resonance: |H_iL| peaks at w0 with 1/R (0 dB); |H_vC| peaks near w0·sqrt(1 − R²C/2L) with Q/sqrt(1 − 1/4Q²)
    expect(Math.abs(peak[il][0] - w0) / w0).toBeLessThan(0.02);
    expect(Math.abs(peak[il][1] - 20 * Math.log10(1 / R))).toBeLessThan(0.01);
    const Q = Math.sqrt(L / C) / R;
    expect(Math.abs(peak[vc][0] - w0 * Math.sqrt(1 - 1 / (2 * Q * Q))) / w0).toBeLessThan(0.02);
    expect(Math.abs(peak[vc][1] - 20 * Math.log10(Q / Math.sqrt(1 - 1 / (4 * Q * Q))))).toBeLessThan(0.01);
    // both charts drawn
    expect(await page.locator('#bode canvas').count()).toBeGreaterThanOrEqual(2);
    await page.locator('#frequency-card').screenshot({ path: join(SCREENSHOTS, '16-rlc-bode-poles.png') });
    expect(pageErrors).toEqual([]);
  });

  it("a pasted bond graph compiles and draws its linear graph; the poles of the poster's RLC by the quadratic formula", async () => {
    const before = await revision(page);
    await page.fill('#description', readFileSync(join(EXAMPLES_ROOT, 'bondgraph/poster-rlc.bg.json'), 'utf8'));
    await waitForRevision(page, before);
    expect(await page.inputValue('#gallery')).toBe('bondgraph/poster-rlc.bg.json');
    expect(await page.locator('#graph svg').count()).toBeGreaterThan(0);
    const [R, L, C] = [2, 121, 5];
    const poles = await page.$$eval('#pole-zero .pole', (ps) => ps.map((p) => ({ re: Number(p.getAttribute('data-re')), im: Number(p.getAttribute('data-im')) })));
    poles.sort((a, b) => a.im - b.im);
    expect(Math.abs(poles[1].re + R / (2 * L))).toBeLessThan(1e-12);
    expect(Math.abs(poles[1].im - Math.sqrt(1 / (L * C) - (R / (2 * L)) ** 2))).toBeLessThan(1e-12);
    expect(pageErrors).toEqual([]);
  });

  it('each StateMint equation example in the gallery gives a model and a simulation; the nonlinear car against v∞ tanh(k t)', async () => {
    const files = ['equations/car-drag.sm', 'equations/motor-pump.sm', 'equations/nonzero-e.sm', 'equations/quarter-car.sm', 'equations/tutorial-motor-pump.sm'];
    for (const file of files) {
      await selectExample(page, file);
      expect(await page.locator('#graph .no-graph').count()).toBe(1);
      expect(await page.getAttribute('#simulation', 'data-state')).toBe('ready');
      expect(await page.locator('[data-matrix="A"][data-model="equations"]').count()).toBe(1);
    }
    // the car with quadratic drag, m v' = Fp − F0 − cd v²: its linearisation at rest (v = 0, no drag slope) on show
    await selectExample(page, 'equations/car-drag.sm');
    const [m, cd, Fp, F0] = [1200, 0.4, 1000, 200];
    expect(await page.isVisible('#nonlinear-model')).toBe(true);
    const A = JSON.parse((await page.getAttribute('[data-matrix="A"][data-model="equations"]', 'data-values'))!) as number[][];
    const B = JSON.parse((await page.getAttribute('[data-matrix="B"][data-model="equations"]', 'data-values'))!) as number[][];
    expect(Math.abs(A[0][0])).toBeLessThan(1e-9);
    expect(Math.abs(B[0][0] - 1 / m)).toBeLessThan(1e-9);
    expect(Math.abs(B[0][1] + 1 / m)).toBeLessThan(1e-9);
    // Fp = 1000, F0 = 200 over 200 s: v(t) = v∞ tanh(t √(F cd) / m), v∞ = √(F / cd), F = Fp − F0; the command line
    // (simulate car-drag.sm --input Fp=step(1000) --input F0=step(200) --t-end 200) gives 28.28046, 40.40376,
    // 43.71120, 44.49185 at t = 50, 100, 150, 200
    for (const [name, signal] of [['Fp', `step(${Fp})`], ['F0', `step(${F0})`]] as const) {
      const before = await revision(page);
      await page.fill(`[data-input="${name}"]`, signal);
      await waitForRevision(page, before);
    }
    const before = await revision(page);
    await page.fill('#t-end', '200');
    await page.dispatchEvent('#t-end', 'change');
    await waitForRevision(page, before);
    // 201 samples: t = 0, 1, …, 200, the command line's times among them
    const beforeSamples = await revision(page);
    await page.fill('#samples', '201');
    await page.dispatchEvent('#samples', 'change');
    await waitForRevision(page, beforeSamples);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-download="csv"]')]);
    const csv = readFileSync((await download.path())!, 'utf8').trim().split('\n');
    const header = csv[0].split(',');
    const rows = csv.slice(1).map((l) => l.split(',').map(Number));
    expect(rows[rows.length - 1][0]).toBeCloseTo(200, 9);
    const vInf = Math.sqrt((Fp - F0) / cd);
    const k = Math.sqrt((Fp - F0) * cd) / m;
    let compared = 0;
    const cli: Record<number, number> = { 50: 28.280464133614245, 100: 40.40376420589812, 150: 43.71120030663867, 200: 44.49184784659158 };
    for (const T of [50, 100, 150, 200]) {
      const row = rows.reduce((best, r) => (Math.abs(r[0] - T) < Math.abs(best[0] - T) ? r : best));
      const t = row[0];
      const v = row[header.indexOf('vm')];
      expect(Math.abs(v - vInf * Math.tanh(k * t))).toBeLessThan(1e-3 * vInf);
      expect(Math.abs(t - T)).toBeLessThan(1e-9);
      expect(Math.abs(v - cli[T])).toBeLessThan(1e-4);
      compared++;
    }
    expect(compared).toBe(4);
    expect(pageErrors).toEqual([]);
  });

  it('a pasted StateMint equation file: a note instead of the graph and derivation, A and B of the motor and pump', async () => {
    const before = await revision(page);
    await page.fill('#description', readFileSync(join(EXAMPLES_ROOT, 'equations/motor-pump.sm'), 'utf8'));
    await waitForRevision(page, before);
    expect(await page.inputValue('#gallery')).toBe('equations/motor-pump.sm');
    expect(await page.locator('#graph .no-graph').count()).toBe(1);
    expect(await page.locator('#derivation .no-graph').count()).toBe(1);
    const [Rv, Lv, Kv, kt, D, Rf] = [2, 0.5, 0.8, 3, 0.7, 1.5];
    const den = 1 + kt * Kv * Kv * Lv;
    const A = JSON.parse((await page.getAttribute('[data-matrix="A"][data-model="equations"]', 'data-values'))!) as number[][];
    const B = JSON.parse((await page.getAttribute('[data-matrix="B"][data-model="equations"]', 'data-values'))!) as number[][];
    expect(Math.abs(A[0][0] - (-kt * (Kv * Kv * Rv + 1 / (Rf * D * D))) / den)).toBeLessThan(1e-12);
    expect(Math.abs(B[0][0] - (kt * Kv) / den)).toBeLessThan(1e-12);
    await waitForComparison(page);
    // back to a linear graph: the graph is drawn again
    await selectExample(page, 'rlc-series.json');
    expect(await page.locator('#graph .no-graph').count()).toBe(0);
    expect(await page.locator('#graph svg').count()).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });

  it('the parameter slider: C of the series RLC moved to 10× redraws the poles at −R/2L ± sqrt((R/2L)² − 1/LC)', async () => {
    await selectExample(page, 'rlc-series.json');
    expect(await page.isVisible('#slider-range')).toBe(true);
    await page.selectOption('#slider-parameter', 'C');
    const before = await revision(page);
    await page.evaluate(() => {
      const r = document.querySelector<HTMLInputElement>('#slider-range')!;
      r.value = r.max;
      r.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await waitForRevision(page, before);
    expect(await page.textContent('#slider-value')).toBe('C = 2.5');
    const [R, L, C] = [1, 0.5, 2.5];
    const d = Math.sqrt((R / (2 * L)) ** 2 - 1 / (L * C));
    const poles = await page.$$eval('#pole-zero .pole', (ps) => ps.map((p) => ({ re: Number(p.getAttribute('data-re')), im: Number(p.getAttribute('data-im')) })));
    const re = poles.map((p) => p.re).sort((a, b) => a - b);
    expect(Math.abs(re[0] - (-R / (2 * L) - d))).toBeLessThan(1e-12);
    expect(Math.abs(re[1] - (-R / (2 * L) + d))).toBeLessThan(1e-12);
    poles.forEach((p) => expect(Math.abs(p.im)).toBeLessThan(1e-12));
    // Reset: the description's C = 0.25 again, complex poles −1 ± j·sqrt(7)
    const b2 = await revision(page);
    await page.click('#slider-reset');
    await waitForRevision(page, b2);
    const im = await page.$$eval('#pole-zero .pole', (ps) => ps.map((p) => Math.abs(Number(p.getAttribute('data-im')))));
    im.forEach((v) => expect(Math.abs(v - Math.sqrt(7))).toBeLessThan(1e-12));
    expect(pageErrors).toEqual([]);
  });
});
