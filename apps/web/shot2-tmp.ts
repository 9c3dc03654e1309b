import { serveStatic } from './test/support/static-server';
import { launchChromium } from './test/support/browser';
const server = await serveStatic('/tmp/h9/dist');
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(server.url);
await page.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 30000 });
for (const ex of process.argv.slice(2)) {
  const rev = await page.evaluate(() => document.body.dataset.revision);
  if (ex !== 'motor-pump.json') { await page.selectOption('#gallery', ex); await page.waitForFunction((r) => document.body.dataset.state === 'ready' && document.body.dataset.revision !== r, rev, { timeout: 30000 }); }
  await page.waitForTimeout(300);
  await page.locator('#graph-card').screenshot({ path: `/tmp/h9/graph-${ex}.png` });
}
await browser.close(); await server.close();
