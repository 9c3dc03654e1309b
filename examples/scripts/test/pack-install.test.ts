/**
 * The packages as a library: every package under packages/ built (pnpm build:lib), packed (pnpm pack) and
 * installed with npm into a temporary folder outside the repository, where the plain Node scripts of
 * examples/scripts run against the tarballs. Their printed numbers are checked against closed forms computed
 * here: the RC step response v(t) = 1 − e^(−t/RC) and the RC response to a ramp of duration T. The packed
 * command (@sysgraph/cli, its bin dist/main.js) runs there too: its examples ship in the tarball, its manifest
 * lists no build tool (esbuild, tsx) among the runtime dependencies, and `sysgraph simulate rlc-series` is the
 * series RLC's step response v_C = 1 − e^(−t)(cos √7 t + sin √7 t / √7).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const INSTALL = join(ROOT, 'scripts', 'install-lib.mjs');

let work = '';
let app = '';

/** Runs node with args in the installed folder; a failure is an error carrying the process's output. */
function runNode(args: string[]): string {
  try {
    return execFileSync(process.execPath, args, { cwd: app, encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`node ${args.join(' ')} failed in ${app}:\n${err.stdout ?? ''}${err.stderr ?? err.message}`);
  }
}

/** Every .d.ts file below dir. */
function declarationFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? declarationFiles(join(dir, e.name)) : e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  );
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'sysgraph-pack-'));
  app = join(work, 'app');
  try {
    execFileSync(process.execPath, [INSTALL, app, '--tarballs', join(work, 'tarballs')], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`building, packing or installing the packages failed (node scripts/install-lib.mjs):\n${err.stdout ?? ''}${err.stderr ?? err.message}`);
  }
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed packages installed outside the repository', () => {
  it('have manifests that point to built JavaScript and declarations, with real versions for workspace dependencies', () => {
    const scoped = join(app, 'node_modules', '@sysgraph');
    const installed = readdirSync(scoped);
    expect(installed).toEqual(expect.arrayContaining(['core', 'description', 'graph', 'formulation', 'simulate']));
    for (const name of installed) {
      const dir = join(scoped, name);
      const text = readFileSync(join(dir, 'package.json'), 'utf8');
      const manifest = JSON.parse(text) as { exports: Record<string, { types: string; default: string }>; dependencies?: Record<string, string> };
      expect(text, `@sysgraph/${name}: a workspace: range was left in the packed manifest`).not.toContain('workspace:');
      const entry = manifest.exports['.'];
      expect(entry.default).toMatch(/^\.\/dist\/.*\.js$/);
      expect(entry.types).toMatch(/^\.\/dist\/.*\.d\.ts$/);
      expect(existsSync(join(dir, entry.default)), `@sysgraph/${name}: ${entry.default}`).toBe(true);
      expect(existsSync(join(dir, entry.types)), `@sysgraph/${name}: ${entry.types}`).toBe(true);
      expect(existsSync(join(dir, 'src')), `@sysgraph/${name}: the sources were packed`).toBe(false);
      for (const [dep, range] of Object.entries(manifest.dependencies ?? {})) {
        if (dep.startsWith('@sysgraph/')) expect(range).toMatch(/^\d+\.\d+\.\d+/);
      }
    }
    // Declarations a consumer's TypeScript resolves under "moduleResolution": "nodenext": every relative import
    // names a .js whose .d.ts was shipped.
    for (const name of installed) {
      for (const file of declarationFiles(join(scoped, name, 'dist'))) {
        for (const m of readFileSync(file, 'utf8').matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"](\.{1,2}\/[^'"]*)['"]/g)) {
          expect(m[1], `${file}: ${m[1]}`).toMatch(/\.js$/);
          expect(existsSync(join(dirname(file), m[1].replace(/\.js$/, '.d.ts'))), `${file}: ${m[1]}`).toBe(true);
        }
      }
    }
    // The installed copies are the ones a script resolves, not the workspace's sources.
    const resolved = runNode(['--input-type=module', '-e', "console.log(import.meta.resolve('@sysgraph/simulate'))"]).trim();
    expect(fileURLToPath(resolved).startsWith(join(app, 'node_modules'))).toBe(true);
  });

  it('run a plain .mjs script: the RC step response equals 1 − e^(−t/RC)', () => {
    const R = 470;
    const C = 2.2e-6;
    const out = JSON.parse(runNode(['rc-step.mjs', String(R), String(C), '--json'])) as { t: number[]; v: number[] };
    const tau = R * C;
    expect(out.t.length).toBe(11);
    expect(out.t[0]).toBe(0);
    expect(out.t[10]).toBeCloseTo(5 * tau, 15);
    out.t.forEach((t, i) => expect(Math.abs(out.v[i] - (1 - Math.exp(-t / tau))), `t = ${t}`).toBeLessThan(1e-9));
  });

  it('the packed command: no build tool at run time, the examples listed and simulated by name', () => {
    const dir = join(app, 'node_modules', '@sysgraph', 'cli');
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; bin?: Record<string, string> };
    for (const tool of ['esbuild', 'tsx']) expect(Object.keys(manifest.dependencies ?? {}), tool).not.toContain(tool);
    expect(manifest.bin?.sysgraph).toBe('./dist/main.js');
    expect(existsSync(join(dir, 'dist', 'examples', 'index.json'))).toBe(true);
    expect(existsSync(join(dir, 'dist', 'examples', 'scripts')), 'the example scripts stay out of the command').toBe(false);
    const bin = join(app, 'node_modules', '.bin', 'sysgraph');
    const listed = runNode([bin, 'examples']);
    expect(listed).toMatch(/^rlc-series\s+Series RLC circuit$/m);
    expect(listed).toMatch(/^motor-pump\s/m);
    // R = 1, L = 0.5, C = 0.25, Vs = 1: α = R/2L = 1, ω0² = 1/LC = 8, ωd = √7
    const csv = runNode([bin, 'simulate', 'rlc-series', '--t-end', '2', '--samples', '9', '--rtol', '1e-10', '--atol', '1e-12']).trim().split('\n');
    const header = csv[0].split(',');
    expect(header.slice(0, 2)).toEqual(['t', 'v_C1']);
    const wd = Math.sqrt(7);
    const rows = csv.slice(1).map((line) => line.split(',').map(Number));
    expect(rows.length).toBe(9);
    for (const [t, v] of rows) expect(Math.abs(v - (1 - Math.exp(-t) * (Math.cos(wd * t) + Math.sin(wd * t) / wd))), `t = ${t}`).toBeLessThan(1e-6);
  });

  it('read a SPICE netlist: the RC response to a 1 ms ramp equals its closed form', () => {
    const csv = runNode(['read-netlist.mjs']).trim().split('\n');
    const header = csv[0].split(',');
    const ti = header.indexOf('t');
    const vi = header.indexOf('v(out)');
    expect(ti).toBe(0);
    expect(vi).toBeGreaterThan(0);
    const rows = csv.slice(1).map((line) => line.split(',').map(Number));
    expect(rows.length).toBe(11);
    expect(rows[rows.length - 1][ti]).toBeCloseTo(5e-3, 12);
    // τ = RC = 1 ms, ramp to 1 V over T = 1 ms: v = (t − τ(1 − e^(−t/τ)))/T for t ≤ T, else 1 − (τ/T)(e^(−(t−T)/τ) − e^(−t/τ)).
    const tau = 1e-3;
    const T = 1e-3;
    for (const row of rows) {
      const t = row[ti];
      const exact = t <= T ? (t - tau * (1 - Math.exp(-t / tau))) / T : 1 - (tau / T) * (Math.exp(-(t - T) / tau) - Math.exp(-t / tau));
      expect(Math.abs(row[vi] - exact), `t = ${t}`).toBeLessThan(1e-7);
    }
  });
});
