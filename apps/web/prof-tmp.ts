import { readFileSync } from 'node:fs';
import { serveStatic } from './test/support/static-server';
import { launchChromium } from './test/support/browser';
const server = await serveStatic('/tmp/h9/dist');
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
await page.goto(server.url);
await page.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 30000 });
await page.selectOption('#gallery', 'rlc-series.json');
await page.waitForTimeout(1500);
if (process.argv[2]) await page.evaluate((sel) => { for (const x of document.querySelectorAll(sel)) (x as HTMLElement).style.display = 'none'; }, process.argv[2]);
const base = readFileSync('../../examples/rlc-series.json', 'utf8');
const out: any[] = [];
for (let k = 0; k < 16; k++) {
  const text = base.replace('"R": { "value": 1,', `"R": { "value": ${(1 + 0.05 * (k + 1)).toFixed(2)},`);
  const r = await page.evaluate(async (t) => {
    const area = document.getElementById('description') as HTMLTextAreaElement;
    const prev = document.body.dataset.revision;
    const t0 = performance.now();
    area.value = t; area.dispatchEvent(new Event('input', { bubbles: true }));
    const tIn = performance.now() - t0;
    await new Promise<void>((resolve) => { const o = new MutationObserver(() => { if (document.body.dataset.revision !== prev) { o.disconnect(); resolve(); } }); o.observe(document.body, { attributes: true }); });
    const dom = performance.now() - t0;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return { tIn, dom, painted: performance.now() - t0, engine: document.body.dataset.engineMs };
  }, text);
  out.push(r);
  await page.waitForTimeout(300);
}
const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(process.argv[2] ?? 'all', 'dom', med(out.map((r) => r.dom)).toFixed(0), 'painted', med(out.map((r) => r.painted)).toFixed(0), 'engine', med(out.map((r) => Number(r.engine))).toFixed(0));
await browser.close(); await server.close();
