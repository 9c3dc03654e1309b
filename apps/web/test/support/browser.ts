/**
 * launchChromium: Debian's chromium through playwright-core (never a downloaded browser). When
 * /usr/bin/chromium is missing it is installed with apt-get (the test runs as root in CI).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is still missing after apt-get install chromium`);
}

/**
 * Headless chromium has no GPU here; with `webgl` it gets WebGL 2 through ANGLE's SwiftShader (a CPU
 * rasteriser shipped with chromium), as the large graph's sigma.js drawing needs. Without it the GPU is off.
 */
export const WEBGL_FLAGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'] as const;

export async function launchChromium(options: { readonly webgl?: boolean } = {}): Promise<Browser> {
  ensureChromium();
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', ...(options.webgl ? WEBGL_FLAGS : ['--disable-gpu']), '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
