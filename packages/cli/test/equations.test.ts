/** The command line on equation files: every command takes them (or says why not), and check-equations. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
// the command's bundle (rebuilt by the launcher when a source changes), as a user runs it
const bin = join(root, 'packages/cli/bin/sysgraph.mjs');
const cli = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' });

describe('sysgraph on equation files', () => {
  it('check-equations names the tutorial\'s wrong continuity equation and exits 1', () => {
    const r = cli(['check-equations', 'motor-pump', '--equations', 'examples/equations/tutorial-motor-pump.sm', '--format', 'json']);
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout) as { equations: { where: string; verdict: string; graph?: string }[]; agree: boolean };
    expect(out.equations.filter((v) => v.verdict === 'disagrees').map((v) => v.where)).toEqual(['line 35']);
    expect(out.agree).toBe(false);
  }, 180_000);

  it('statespace --format json of a linear set, with --param', () => {
    const r = cli(['statespace', 'examples/equations/nonzero-e.sm', '--format', 'json', '--param', 'm=4']);
    expect(r.status).toBe(0);
    const m = JSON.parse(r.stdout) as { A: number[][]; states: string[] };
    expect(m.states).toEqual(['vm', 'FK1']);
    expect(m.A[0][0]).toBeCloseTo(-3 / 4, 12);
  }, 180_000);

  it('simulate a nonlinear set: m v\' = Fp − F0 − cd v², against v∞ tanh(v∞ cd t / m)', () => {
    const r = cli(['simulate', 'examples/equations/car-drag.sm', '--t-end', '20', '--samples', '3', '--input', 'Fp=2000', '--input', 'F0=150', '--rtol', '1e-9', '--atol', '1e-9']);
    expect(r.status).toBe(0);
    const rows = r.stdout.trim().split('\n').slice(1).map((l) => l.split(',').map(Number));
    const vInf = Math.sqrt(1850 / 0.4);
    for (const [t, v] of rows) expect(v).toBeCloseTo(vInf * Math.tanh((vInf * 0.4 * t) / 1200), 5);
  }, 180_000);

  it('--from statemint reads a file whatever its extension; structure of an equation set is a typed error', () => {
    const a = cli(['analyze', 'examples/equations/quarter-car.sm', '--from', 'statemint', '--format', 'json']);
    expect(a.status).toBe(0);
    expect((JSON.parse(a.stdout) as { poles: unknown[] }).poles).toHaveLength(4);
    const s = cli(['structure', 'examples/equations/quarter-car.sm']);
    expect(s.status).not.toBe(0);
    expect(s.stderr).toMatch(/unsupported/);
  }, 180_000);
});
