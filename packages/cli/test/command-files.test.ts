/**
 * The command as a whole process on the files it is given: every unusable input or output path is a typed
 * 'bad-file' error naming the path (exit 1, no "internal error", no stack trace); and `structure --format json`
 * of a network above the derivation limit stays parseable and complete, checked against the structure computed in
 * this process (not against copied values).
 */
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure, deriveEquations, structureToJson } from '@sysgraph/graph';
import { coefficientSimplifier } from '@sysgraph/formulation';
import { DERIVATION_LIMIT } from '../src/commands/structure-limit';
import { ladder } from './support/ladder';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = join(root, 'packages/cli/bin/sysgraph.mjs');
const cli = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', maxBuffer: 2 ** 28 });

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sysgraph-files-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('unusable paths are typed errors naming the path', { timeout: 120_000 }, () => {
  const expectBadFile = (r: ReturnType<typeof cli>, path: string) => {
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/^error \[bad-file\]/m);
    expect(r.stderr).toContain(path);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  };

  it('a directory, an empty file, white space, NUL bytes and bytes that are not UTF-8', () => {
    const folder = join(dir, 'folder.cir');
    mkdirSync(folder);
    const cases: [string, string | Buffer][] = [
      ['empty.json', ''],
      ['blank.cir', ' \n\t\n'],
      ['nul.json', Buffer.from([0x7b, 0x00, 0x7d])],
      ['latin1.cir', Buffer.from([0x52, 0x31, 0x20, 0xe9, 0xff, 0x0a])],
    ];
    for (const [name, bytes] of cases) writeFileSync(join(dir, name), bytes);
    expectBadFile(cli(['simulate', join(root, 'examples/spice')]), join(root, 'examples/spice'));
    expectBadFile(cli(['structure', folder]), folder);
    for (const [name] of cases) expectBadFile(cli(['simulate', join(dir, name)]), join(dir, name));
  });

  it('--output and --plot into a directory or a missing folder', () => {
    const missing = join(dir, 'no-such-folder', 'x.csv');
    expectBadFile(cli(['simulate', 'rlc-series', '--t-end', '1', '--samples', '3', '--output', dir]), dir);
    expectBadFile(cli(['structure', 'rlc-series', '--format', 'json', '--output', missing]), missing);
    expectBadFile(cli(['simulate', 'rlc-series', '--t-end', '1', '--samples', '3', '--plot', missing]), missing);
  });
});

describe('structure --format json of a large network', { timeout: 180_000 }, () => {
  it('is compact, complete against the structure in this process, and says the derivation was left out', () => {
    const n = Math.ceil(DERIVATION_LIMIT / 3) + 10;
    const file = join(dir, 'ladder.json');
    const text = ladder(n);
    writeFileSync(file, text);
    const r = cli(['structure', file, '--format', 'json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trimEnd()).not.toContain('\n'); // compact to a pipe
    const json = JSON.parse(r.stdout);
    const s = analyzeStructure(parseSystem(text));
    const ids = s.graph.ids;
    expect(json.branches.map((b: { id: string }) => b.id)).toEqual([...ids]);
    expect(json.nodes).toEqual([...s.graph.nodeNames]);
    expect(json.tree).toEqual(Array.from(s.loop.treeOrder.branches, (k) => ids[k]));
    expect(json.links).toEqual(Array.from(s.loop.linkOrder.branches, (k) => ids[k]));
    expect(json.states).toEqual(s.partition.states.map((x) => x.name));
    const F = s.loop.F;
    const triplets: number[][] = [];
    for (let i = 0; i < F.rows; i++) for (let p = F.rowPtr[i]; p < F.rowPtr[i + 1]; p++) triplets.push([i, F.colIdx[p], F.values[p]]);
    expect(json.F.nonzeros).toEqual(triplets);
    expect(json.derivation).toBeUndefined();
    expect(json.derivationOmitted).toMatch(/--derivation/);
    expect(r.stderr).toMatch(/--derivation/);
    // the text written from the structure's arrays is JSON.stringify of the structure's value, byte for byte,
    // and the indented form (the walking writer) is JSON.stringify(value, null, 2)
    const value = { ...structureToJson(s), derivationOmitted: json.derivationOmitted };
    expect(r.stdout).toBe(`${JSON.stringify(value)}\n`);
    const out = join(dir, 'structure-compact.json');
    expect(cli(['structure', file, '--format', 'json', '--output', out]).status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(`${JSON.stringify(value)}\n`);
    const indented = cli(['structure', file, '--format', 'json', '--indent', '2']);
    expect(indented.stdout).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });

  it('--derivation writes it (to a file, indented on request), equal to the derivation in this process', () => {
    const n = Math.ceil(DERIVATION_LIMIT / 3) + 10;
    const file = join(dir, 'ladder-d.json');
    const out = join(dir, 'structure.json');
    const text = ladder(n);
    writeFileSync(file, text);
    const r = cli(['structure', file, '--format', 'json', '--derivation', '--indent', '1', '--output', out]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    const written = readFileSync(out, 'utf8');
    expect(written.split('\n').length).toBeGreaterThan(1000);
    const json = JSON.parse(written);
    const desc = parseSystem(text);
    const s = analyzeStructure(desc);
    const d = deriveEquations(s.partition, desc, { simplify: coefficientSimplifier(desc) });
    expect(json.derivation).toEqual(JSON.parse(JSON.stringify(d)));
    expect(json.derivationOmitted).toBeUndefined();
  });
});
