/**
 * The progress of a study on stderr: points done of the total, the rate (points/s over the run) and the time left
 * at that rate. Drawn at most ten times a second, only on a terminal (silent in a pipe, a file or a test).
 */
export function studyProgress(stream: NodeJS.WriteStream, label = 'points'): { update: (done: number, total: number) => void; done: () => void } {
  const start = Date.now();
  let first: number | undefined;
  let last = 0;
  let shown = false;
  const clock = (s: number) => (s >= 3600 ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m` : s >= 60 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${s.toFixed(0)}s`);
  return {
    update(done: number, total: number) {
      first ??= done;
      const now = Date.now();
      if (!stream.isTTY || (now - last < 100 && done < total)) return;
      last = now;
      shown = true;
      const seconds = (now - start) / 1000;
      const rate = seconds > 0 ? (done - first) / seconds : 0;
      const eta = rate > 0 ? clock((total - done) / rate) : '?';
      const width = 24;
      const filled = Math.round((done / Math.max(1, total)) * width);
      stream.write(`\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total} ${label}  ${rate.toFixed(rate < 10 ? 1 : 0)}/s  ETA ${eta}   `);
    },
    done() {
      if (shown) stream.write(`\r${' '.repeat(79)}\r`);
    },
  };
}
