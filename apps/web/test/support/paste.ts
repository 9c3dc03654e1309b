/**
 * pasteDescription: text pasted into the description editor as a user's paste (a ClipboardEvent the editor may take
 * over — its large-text mode — or, when it does not, the textarea's value and an input event), timed in the page:
 * the paste handlers alone, and with the layout of what the editor then shows.
 *
 * The text reaches the page first (stagePaste: the DevTools protocol's transfer of the string, a task of the
 * harness's, 30–100 ms for 0.7 MB, that a user's paste does not have), then the paste is dispatched in a task of
 * its own (pasteStaged). Between the two a test can forget the long tasks so far, so that the harness's transfer
 * is never counted as the page's.
 */
import type { Page } from 'playwright-core';

export interface PasteTiming {
  readonly handlersMs: number;
  readonly withLayoutMs: number;
  /** performance.now() in the page at the paste and after its layout. */
  readonly start: number;
  readonly end: number;
  /** Whether the editor took the paste over (large-text mode). */
  readonly largeMode: boolean;
}

type StagedWindow = { stagedPaste?: string };

/** The text into the page, kept for the next pasteStaged; the editor focused and its text selected. */
export async function stagePaste(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => {
    (window as unknown as StagedWindow).stagedPaste = t;
    // the user's click into the editor and the selection of what the paste replaces, before the paste
    const ta = document.querySelector<HTMLTextAreaElement>('#description')!;
    ta.focus();
    ta.select();
  }, text);
}

/** The staged text pasted into the editor. */
export function pasteStaged(page: Page): Promise<PasteTiming> {
  return page.evaluate(() => {
    const w = window as unknown as StagedWindow;
    const t = w.stagedPaste;
    if (t === undefined) throw new Error('pasteStaged: no text staged (stagePaste first)');
    delete w.stagedPaste;
    const ta = document.querySelector<HTMLTextAreaElement>('#description')!;
    const start = performance.now();
    const data = new DataTransfer();
    data.setData('text/plain', t);
    const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    ta.dispatchEvent(event);
    if (!event.defaultPrevented) {
      ta.value = t;
      ta.dispatchEvent(new Event('input'));
    }
    const handlers = performance.now() - start;
    // the layout of what the editor now shows, forced here
    void document.querySelector('#editor')!.scrollHeight;
    return { handlersMs: Math.round(handlers), withLayoutMs: Math.round(performance.now() - start), start, end: performance.now(), largeMode: event.defaultPrevented };
  });
}

/** stagePaste then pasteStaged. */
export async function pasteDescription(page: Page, text: string): Promise<PasteTiming> {
  await stagePaste(page, text);
  return pasteStaged(page);
}
