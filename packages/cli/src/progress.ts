/** A progress bar on stderr, shown only for runs longer than about a second and only on a terminal. */
export function progressBar(stream: NodeJS.WriteStream): { update: (fraction: number) => void; done: () => void } {
  const start = Date.now();
  let shown = false;
  return {
    update(fraction: number) {
      if (!stream.isTTY || Date.now() - start < 1000) return;
      shown = true;
      const width = 30;
      const filled = Math.round(Math.max(0, Math.min(1, fraction)) * width);
      stream.write(`\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}%`);
    },
    done() {
      if (shown) stream.write('\r' + ' '.repeat(40) + '\r');
    },
  };
}
