/**
 * Standard output to a pipe holds no more than a chunk in memory: the sink makes its writes blocking, so a large
 * answer is in the pipe as it is written (before, once the pipe was full, Node queued every later write and the
 * whole answer lived in memory until the command returned). A probe loaded before the command records the most
 * that process.stdout ever held queued; the answer itself is checked against the structure made in this process.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, ROOT } from './support/command';
import { ladder } from './support/ladder';
import { CHUNK } from '../src/output/output-sink';

const PROBE = fileURLToPath(new URL('./support/stdout-queue-probe.cjs', import.meta.url));

describe('standard output to a pipe', () => {
  it('is written as the answer is made, never queued beyond a chunk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sysgraph-stdout-'));
    try {
      const file = join(dir, 'ladder.json');
      // 30 001 branches: ≈ 4.5 MB of JSON, seventy times the 64 KiB of a pipe
      writeFileSync(file, ladder(10_000));
      const r = spawnSync(process.execPath, ['--require', PROBE, BIN, 'structure', file, '--format', 'json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 2 ** 28 });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout.length).toBeGreaterThan(50 * 65536);
      expect(JSON.parse(r.stdout).branches).toHaveLength(30_001);
      const most = Number(/stdout-queued-most (\d+)/.exec(r.stderr)?.[1]);
      expect(most).toBeLessThanOrEqual(CHUNK);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
