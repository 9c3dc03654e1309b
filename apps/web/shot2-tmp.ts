import { serveStatic } from './test/support/static-server';
import { launchChromium } from './test/support/browser';
const server = await serveStatic('/tmp/h9/dist');
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(server.url);
await page.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 30000 });
const sel = process.argv[2] ?? '#graph-card';
const ex = process.argv[3];
if (ex) { await page.selectOption('#gallery', ex); await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.body.dataset.revision === '2', null, { timeout: 30000 }); }
await page.waitForTimeout(500);
await page.locator(sel).screenshot({ path: '/tmp/h9/part.png' });
await browser.close(); await server.close();
