/** A cluster worker process for the tests: node --import tsx cluster-worker-main.ts URL (lock of 2 s). */
import { startClusterWorker } from '@sysgraph/studies';

const worker = startClusterWorker(process.argv[2], { lockDuration: 2000, stalledInterval: 1000 });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void worker.close().then(() => process.exit(0)));
