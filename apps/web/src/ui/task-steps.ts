/**
 * runSteps: the page's work on one answer as steps. For a small model they run at once; for a large one each
 * step is its own task (a message to a MessageChannel, which the browser does not clamp as it does nested
 * timeouts), so that input and painting get in between and no single task runs long (the Long Tasks API's 50 ms
 * notion, the 100 ms target). A step whose answer has been superseded (`current()` false) is skipped
 * with all after it.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export function runSteps(steps: readonly (() => void)[], split: boolean, current: () => boolean): void {
  if (!split) {
    for (const step of steps) step();
    return;
  }
  void (async () => {
    for (const [k, step] of steps.entries()) {
      if (k > 0) await nextTask();
      if (!current()) return;
      step();
    }
  })();
}
