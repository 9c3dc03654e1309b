/**
 * pasteDescription: text pasted into the description editor as a user's paste (a ClipboardEvent the editor may take
 * over — its large-text mode — or, when it does not, the textarea's value and an input event), timed in the page:
 * the paste handlers alone, and with the layout of what the editor then shows.
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

export function pasteDescription(page: Page, text: string): Promise<PasteTiming> {
  return page.evaluate((t) => {
    const ta = document.querySelector<HTMLTextAreaElement>('#description')!;
    ta.focus();
    ta.select();
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
  }, text);
}
