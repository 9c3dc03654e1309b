/**
 * sysgraph sweep end to end: a grid's table against hand values, a typed error for a bad axis, and Ctrl-C during a
 * study followed by --resume, whose file must equal the uninterrupted run's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
// the command as it is run (bin/sysgraph.mjs: the bundle, rebuilt when a source is newer)
const args = (a: string[]) => [join(root, 'packages/cli/bin/sysgraph.mjs'), ...a];
const cli = (a: string[]) => spawnSync(process.execPath, args(a), { cwd: root, encoding: 'utf8' });

describe('sysgraph sweep', () => {
  it('a grid over R of the series RLC: poles −R/2L ± j√(1/LC − (R/2L)²), DC gain 1', () => {
    const r = cli(['sweep', 'rlc-series', '--param', 'R=1,2', '--metric', 'poles,dc', '--workers', '1']);
    expect(r.status).toBe(0);
    const [header, ...lines] = r.stdout.trim().split('\n');
    expect(header.split(',')).toEqual(['point', 'R', 'pole1.re', 'pole1.im', 'pole2.re', 'pole2.im', 'dc(v_C1/Vs)', 'dc(i_L1/Vs)']);
    const L = 0.5;
    const C = 0.25;
    lines.forEach((line, i) => {
      const R = [1, 2][i];
      const v = line.split(',').map(Number);
      expect(v[1]).toBe(R);
      expect(v[2]).toBeCloseTo(-R / (2 * L), 10);
      expect(v[5]).toBeCloseTo(Math.sqrt(1 / (L * C) - (R / (2 * L)) ** 2), 10);
      expect(v[6]).toBeCloseTo(1, 12);
      expect(v[7]).toBeCloseTo(0, 12);
    });
  }, 240_000);

  it('a bad axis is a typed error naming the parameter, exit status non-zero', () => {
    const r = cli(['sweep', 'rlc-series', '--param', 'R=1:2:1']);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/bad-option/);
    expect(r.stderr).toMatch(/\bR\b/);
  }, 240_000);

  it('Ctrl-C keeps the points done; --resume completes the same table', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sysgraph-sweep-'));
    const study = ['sweep', 'rlc-series', '--param', 'R=0.5:2:600', '--metric', 'step(v_C1)', '--t-end', '20', '--samples', '801', '--workers', '1'];
    const partial = join(dir, 'partial.csv');
    const child = spawn(process.execPath, args([...study, '--output', partial]), { cwd: root, stdio: 'ignore' });
    // interrupt once a few points are written
    await new Promise<void>((resolve) => {
      const t = setInterval(() => {
        if (existsSync(partial) && readFileSync(partial, 'utf8').split('\n').length > 5) {
          clearInterval(t);
          child.kill('SIGINT');
          resolve();
        }
      }, 50);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    const cut = readFileSync(partial, 'utf8');
    const linesAtStop = cut.split('\n').length - 1;
    expect(code).toBe(130);
    expect(linesAtStop).toBeLessThan(601);
    const resumed = cli([...study, '--output', partial, '--resume']);
    expect(resumed.status).toBe(0);
    const whole = join(dir, 'whole.csv');
    expect(cli([...study, '--output', whole]).status).toBe(0);
    expect(readFileSync(partial, 'utf8')).toBe(readFileSync(whole, 'utf8'));
  }, 600_000);
});
