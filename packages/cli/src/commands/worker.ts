/** sysgraph worker --redis URL: a cluster worker (@sysgraph/studies) until Ctrl-C or SIGTERM, then a clean close. */
import { startClusterWorker } from '@sysgraph/studies';

export async function runWorker(url: string, o: { concurrency?: number; lockDuration?: number; note: (line: string) => void }): Promise<void> {
  const worker = startClusterWorker(url, { concurrency: o.concurrency, lockDuration: o.lockDuration, note: o.note });
  o.note(`worker on ${url}: waiting for study points (Ctrl-C stops)`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await worker.close();
  o.note(`worker stopped after ${worker.jobs} jobs`);
}
