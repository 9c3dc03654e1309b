/**
 * The command line over bond graphs and the frequency-domain page: `structure` of a .bg.json reports SCAP beside
 * the normal tree; `export-bondgraph` writes a bond graph that reads back to the same H(s); `analyze --poles`
 * lists the zeros of each pair and `--plot` writes a self-contained page (uPlot inlined, the pole–zero map);
 * a malformed bond graph exits non-zero with a typed error naming the bond.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bondGraphToDescription, readBondGraph } from '@sysgraph/bondgraph';
import { analyze, compile } from '@sysgraph/engine';
import { loadSystem } from '../src/load-system';
import { causalitySection, exportBondGraph } from '../src/commands/bondgraph-commands';
import { analyzeReport } from '../src/commands/analyze';
import { analyzePlot } from '../src/commands/analyze-plot';
import { sysgraph } from './support/command';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cli = (args: string[]) => sysgraph(args);
const poster = join(root, 'examples/bondgraph/poster-rlc.bg.json');

describe('bond graphs on the command line', () => {
  it('loads a .bg.json by its extension; structure adds the causality section, agreeing with the tree', () => {
    const { desc, format } = loadSystem(poster);
    expect(format).toBe('bondgraph');
    const section = causalitySection(poster, desc);
    expect(section.json).toMatchObject({ integral: ['L1', 'C1'], derivative: [], agree: true });
  });

  it('export-bondgraph: the rlc-series description as a bond graph, the same H(s) when read back', () => {
    const { desc } = loadSystem('rlc-series');
    const text = exportBondGraph(desc);
    const back = compile({ description: bondGraphToDescription(readBondGraph(text)) });
    const original = compile({ description: desc });
    for (const s of [{ re: 0.5, im: 1 }, { re: 2, im: -3 }]) {
      const a = analyze(original, { at: [s] }).H![0].value[0][0];
      const b = analyze(back, { at: [s] }).H![0].value[0][0];
      expect(Math.hypot(a.re - b.re, a.im - b.im)).toBeLessThan(1e-12);
    }
  });

  it('the export-bondgraph command writes a file the bond-graph reader takes; a malformed bond graph is a typed error naming the bond', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sysgraph-bg-'));
    const out = join(dir, 'rlc.bg.json');
    const r = cli(['export-bondgraph', 'rlc-series', '--output', out]);
    expect(r.status).toBe(0);
    expect(readBondGraph(readFileSync(out, 'utf8')).bonds.length).toBeGreaterThan(3);
    const bad = JSON.parse(readFileSync(poster, 'utf8'));
    bad.bonds[2].to = 'L9';
    const badPath = join(dir, 'bad.bg.json');
    writeFileSync(badPath, JSON.stringify(bad));
    expect(() => loadSystem(badPath)).toThrow(expect.objectContaining({ code: 'unknown-element', element: 'b3', field: 'to' }));
  });
});

describe('frequency-domain views', () => {
  it('analyze --poles lists the zeros of each pair: the DC motor’s i/Va has its zero at −b/J', () => {
    const { desc } = loadSystem(join(root, 'examples/bondgraph/dc-motor.bg.json'));
    const json = JSON.parse(analyzeReport(desc, { poles: true, format: 'json' })) as { zeros: { output: string; zeros: { re: number; im: number }[] }[] };
    const i = json.zeros.find((z) => z.output === 'i')!;
    // i/Va = (J s + b)/((La s + Ra)(J s + b) + Km²): one zero at −b/J = −5
    expect(i.zeros).toHaveLength(1);
    expect(i.zeros[0].re).toBeCloseTo(-0.1 / 0.02, 9);
    expect(json.zeros.find((z) => z.output === 'omega')!.zeros).toEqual([]);
  });

  it('--plot: a self-contained page with the Bode data of every pair and the pole–zero map', () => {
    const { desc } = loadSystem('two-mass');
    const html = analyzePlot(desc, {});
    expect(html).toContain('uPlot');
    expect(html).not.toMatch(/<script src=/);
    expect(html).toContain('<svg');
    for (const pair of ['v1 / F', 'v2 / F', 'coupling_force / F']) expect(html).toContain(pair);
    // 4 poles drawn as crosses, the zeros as circles: v1/F has 3, v2/F 1, the spring force 2
    expect(html.match(/<title>pole /g)).toHaveLength(4);
    expect(html.match(/<title>zero of /g)).toHaveLength(6);
    const onlyBode = analyzePlot(desc, { bode: '0.1,100,50' });
    expect(onlyBode).not.toContain('<svg');
    const data = JSON.parse(/const d = (.*);\n/.exec(onlyBode)![1]) as { omega: number[]; pairs: unknown[] };
    expect(data.omega).toHaveLength(50);
    expect(data.omega[0]).toBeCloseTo(0.1, 12);
    expect(data.pairs).toHaveLength(3);
  });
});
