/**
 * SPICE netlists as the input of the CLI: the file's waveforms and .tran stop time are the defaults of simulate,
 * --input overrides a waveform; the result against an independent RK4 integration of the netlist's ladder.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isNetlistFile, withNetlistInputs } from '../src/load-system';
import { sysgraph } from './support/command';

const cli = (args: string[]) => sysgraph(args);

/**
 * examples/spice/rc-ladder.cir by hand: three sections R = 1 kΩ, C = 1 µF, node voltages v1 … v3,
 *   C v_k' = (v_{k−1} − v_k)/R − (v_k − v_{k+1})/R,  v_0 = u(t), no current beyond v3,
 * integrated by classical RK4 with 20 000 steps up to t.
 */
function ladderRk4(u: (t: number) => number, tEnd: number): number[] {
  const rc = 1e3 * 1e-6;
  const f = (t: number, v: number[]) => [
    (u(t) - 2 * v[0] + v[1]) / rc,
    (v[0] - 2 * v[1] + v[2]) / rc,
    (v[1] - v[2]) / rc,
  ];
  const steps = 20000;
  const h = tEnd / steps;
  let v = [0, 0, 0];
  for (let k = 0; k < steps; k++) {
    const t = k * h;
    const k1 = f(t, v);
    const k2 = f(t + h / 2, v.map((x, i) => x + (h / 2) * k1[i]));
    const k3 = f(t + h / 2, v.map((x, i) => x + (h / 2) * k2[i]));
    const k4 = f(t + h, v.map((x, i) => x + h * k3[i]));
    v = v.map((x, i) => x + (h / 6) * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]));
  }
  return v;
}

describe('sysgraph simulate FILE.cir', { timeout: 60_000 }, () => {
  it('takes the PWL waveform and the .tran stop time from the netlist', () => {
    const r = cli(['simulate', 'examples/spice/rc-ladder.cir', '--samples', '3', '--format', 'json', '--rtol', '1e-9', '--atol', '1e-12']);
    expect(r.status, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout) as { names: string[]; columns: number[][] };
    const t = json.columns[json.names.indexOf('t')];
    expect(t[t.length - 1]).toBeCloseTo(0.01, 12);
    const ramp = (s: number) => Math.min(s / 100e-6, 1);
    const expected = ladderRk4(ramp, 0.01);
    ['v_C1', 'v_C2', 'v_C3'].forEach((name, k) => {
      const col = json.columns[json.names.indexOf(name)];
      expect(Math.abs(col[col.length - 1] - expected[k])).toBeLessThan(1e-6);
    });
  });

  it('--input overrides the waveform, --t-end the stop time', () => {
    const r = cli(['simulate', 'examples/spice/rc-ladder.cir', '--input', 'V1=step(2)', '--t-end', '0.003', '--samples', '2', '--format', 'json', '--rtol', '1e-9', '--atol', '1e-12']);
    expect(r.status, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout) as { names: string[]; columns: number[][] };
    const expected = ladderRk4(() => 2, 0.003);
    expect(json.columns[0][1]).toBeCloseTo(0.003, 12);
    ['v_C1', 'v_C2', 'v_C3'].forEach((name, k) => expect(Math.abs(json.columns[json.names.indexOf(name)][1] - expected[k])).toBeLessThan(1e-6));
  });

  it('a malformed netlist is a typed error naming the line, not a crash', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sysgraph-netlist-'));
    const file = join(dir, 'bad.cir');
    writeFileSync(file, 'bad netlist\nR1 a 0 1k\nC1 a 0 oops\n.end\n');
    const r = cli(['simulate', file]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/line 3/);
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it('recognises netlists by extension and lets command-line inputs win', () => {
    expect(['a.cir', 'B.SP', 'c.spice', 'd.net', 'e.ckt', 'f.spi'].every(isNetlistFile)).toBe(true);
    expect(['a.json', 'cir', 'a.cir.json'].some(isNetlistFile)).toBe(false);
    expect(withNetlistInputs(['V1=step(1)'], { inputs: ['V1=pwl(0, 0, 1, 1)', 'I2=sine(1, 50)'] })).toEqual(['I2=sine(1, 50)', 'V1=step(1)']);
    expect(withNetlistInputs(['V1=step(1)'], undefined)).toEqual(['V1=step(1)']);
  });

  it('--record writes only the named states (comma-separated or repeated), the same values as the full trace', () => {
    const args = ['simulate', 'examples/spice/rc-ladder.cir', '--samples', '5', '--format', 'json', '--rtol', '1e-9', '--atol', '1e-12'];
    const all = cli(args);
    const some = cli([...args, '--record', 'v_C3,v_C1', '--record', 'v_C2']);
    expect(all.status, all.stderr).toBe(0);
    expect(some.status, some.stderr).toBe(0);
    const full = JSON.parse(all.stdout) as { names: string[]; columns: number[][] };
    const part = JSON.parse(some.stdout) as { names: string[]; columns: number[][] };
    expect([...part.names].sort()).toEqual(['t', 'v_C1', 'v_C2', 'v_C3']);
    for (const name of part.names) {
      const a = full.columns[full.names.indexOf(name)];
      const b = part.columns[part.names.indexOf(name)];
      b.forEach((x, i) => expect(Math.abs(x - a[i])).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(a[i]))));
    }
  });

  it('--record of an unknown or empty name is a typed error naming the option', () => {
    const unknown = cli(['simulate', 'examples/spice/rc-ladder.cir', '--samples', '2', '--record', 'v_C9']);
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toMatch(/bad-option/);
    expect(unknown.stderr).toMatch(/v_C9/);
    const empty = cli(['simulate', 'examples/spice/rc-ladder.cir', '--samples', '2', '--record', 'v_C1,,v_C2']);
    expect(empty.status).not.toBe(0);
    expect(empty.stderr).toMatch(/bad-option/);
    expect(empty.stderr).toMatch(/--record/);
  });
});
