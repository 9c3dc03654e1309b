/**
 * openApp: the production build served on loopback, Debian's Chromium, and one page of the app loaded and answered
 * (the set-up every browser test shares); close() undoes all of it.
 */
import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { buildPage } from './build-page';
import { waitForRevision } from './page';
import { serveStatic } from './static-server';
import type { StaticServer } from './static-server';

export interface AppSession {
  readonly browser: Browser;
  readonly server: StaticServer;
  readonly page: Page;
  close(): Promise<void>;
}

export interface AppOptions {
  readonly viewport?: { readonly width: number; readonly height: number };
  readonly acceptDownloads?: boolean;
  readonly webgl?: boolean;
  /** Page errors are pushed here as they come. */
  readonly pageErrors?: string[];
}

export async function openApp(options: AppOptions = {}): Promise<AppSession> {
  const outDir = await buildPage();
  const server = await serveStatic(outDir);
  const browser = await launchChromium({ webgl: options.webgl });
  const page = await browser.newPage({ viewport: options.viewport ?? { width: 1440, height: 1000 }, ...(options.acceptDownloads ? { acceptDownloads: true } : {}) });
  if (options.pageErrors) page.on('pageerror', (e) => options.pageErrors!.push(e.message));
  await page.goto(server.url);
  await waitForRevision(page, undefined);
  return {
    browser,
    server,
    page,
    async close() {
      await browser.close();
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
