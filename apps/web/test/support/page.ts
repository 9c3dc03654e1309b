/** Helpers of the browser tests: the page's revision protocol, the comparison's readiness, axe-core. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** Waits for the answer to the next request: a new revision, and the page no longer busy. */
export async function waitForRevision(page: Page, after: string | undefined, timeout = 120_000): Promise<string> {
  await page.waitForFunction(
    (prev) => document.body.dataset.revision !== prev && document.body.dataset.state !== 'busy' && document.body.dataset.state !== 'loading',
    after ?? null,
    { timeout },
  );
  return (await page.evaluate(() => document.body.dataset.revision))!;
}

export const revision = (page: Page) => page.evaluate(() => document.body.dataset.revision);

export async function waitForComparison(page: Page, timeout = 120_000): Promise<void> {
  await page.waitForFunction(() => document.querySelector('#compare')?.getAttribute('data-comparison') === 'ready', null, { timeout });
}

export async function selectExample(page: Page, file: string): Promise<string> {
  const before = await revision(page);
  await page.selectOption('#gallery', file);
  return waitForRevision(page, before);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly nodes: number;
  readonly targets: readonly string[];
}

/**
 * axe-core run in the page (evaluated through the DevTools protocol, so the page's CSP does not apply) with
 * the WCAG 2 A and AA rules; the violations of the given impacts.
 */
export async function axeViolations(page: Page, impacts: readonly string[] = ['serious', 'critical']): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const all = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
  return all.filter((v) => impacts.includes(v.impact ?? ''));
}
