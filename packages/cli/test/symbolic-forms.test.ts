/**
 * statespace --symbolic-form, --intermediates, the cost guard and its fallback, and the printing of the
 * derivation (function applications kept, 1/(1/x) and −(−x) folded), through the command's report function.
 */
import { describe, expect, it } from 'vitest';
import { parseSystem } from '@sysgraph/description';
import { loadSystem } from '../src/load-system';
import { statespaceReport } from '../src/commands/statespace';
import { structureReport } from '../src/commands/structure';
import { rrcLadder } from '@sysgraph/description/generators';

const notes = () => {
  const lines: string[] = [];
  return { lines, note: (l: string) => lines.push(l) };
};

describe('statespace --symbolic-form', () => {
  it('by default prints the structured form of the 6-section R–R–C ladder, saying why', () => {
    const n = notes();
    const out = statespaceReport(parseSystem(rrcLadder(6)), 'text', { symbolic: true, note: n.note });
    expect(out).toContain('structured form');
    expect(out).toContain("C6·v_C6' = i_Rb6");
    expect(n.lines.join('\n')).toMatch(/printing the structured form/);
    expect(out.length).toBeLessThan(10_000);
  });

  it('the 30-section ladder structured in under 50 kB, in text, LaTeX and JSON', () => {
    const desc = parseSystem(rrcLadder(30));
    for (const format of ['text', 'latex', 'json'] as const) {
      const out = statespaceReport(desc, format, { symbolic: true, symbolicForm: 'structured' });
      expect(out.length).toBeLessThan(format === 'json' ? 120_000 : 50_000);
    }
  });

  it('expanded stays the default where it is readable (the tutorial), and is printed on request', () => {
    const n = notes();
    const out = statespaceReport(loadSystem('rlc-series').desc, 'text', { symbolic: true, note: n.note });
    expect(out).toContain('A =');
    expect(n.lines).toEqual([]);
    expect(statespaceReport(parseSystem(rrcLadder(3)), 'text', { symbolic: true, symbolicForm: 'expanded' })).toContain('A =');
  });

  it('--symbolic-params: the cost estimate counts only the kept symbols (15 sections, two symbols, expanded)', () => {
    const out = JSON.parse(statespaceReport(parseSystem(rrcLadder(15)), 'json', { symbolic: true, symbolicParams: ['Ra1', 'C1'], symbolicForm: 'expanded' }));
    const texts = (out.A as string[][]).flat().join(' ');
    expect(texts).toMatch(/Ra1|C1/);
    expect(texts).not.toMatch(/Rb2|Ra3|C4/);
  });

  it('prints the structured form with dependent storage: its storage relation as a constraint row (motor-pump: L in an inductor cut set)', () => {
    const out = statespaceReport(loadSystem('motor-pump').desc, 'text', { symbolic: true, symbolicForm: 'structured' });
    expect(out).toContain('Dependent storage L');
    expect(out).toMatch(/v_L = L·i_L'/);
    const json = JSON.parse(statespaceReport(loadSystem('motor-pump').desc, 'json', { symbolic: true, symbolicForm: 'structured' }));
    expect(json.dependent).toEqual(['L']);
    expect(json.blocks.Nd.entries).toEqual([[0, 0, 'L']]);
  });

  it('--symbolic-form without --symbolic and --intermediates without MASD are bad options', () => {
    const desc = loadSystem('rlc-series').desc;
    expect(() => statespaceReport(desc, 'text', { symbolicForm: 'structured' })).toThrow(expect.objectContaining({ code: 'bad-option', field: '--symbolic-form' }));
    expect(() => statespaceReport(desc, 'text', { intermediates: true })).toThrow(expect.objectContaining({ code: 'bad-option', field: '--intermediates' }));
    expect(() => statespaceReport(desc, 'matlab', { intermediates: true, formulation: 'masd' })).toThrow(expect.objectContaining({ code: 'bad-option', field: '--format' }));
  });

  it('--symbolic-form and --intermediates are refused for nonlinear and time-varying descriptions, naming the option', () => {
    for (const name of ['nonlinear/diode-rc', 'time-varying/rlc-time-varying-capacitor']) {
      const desc = loadSystem(name).desc;
      expect(() => statespaceReport(desc, 'text', { symbolic: true, symbolicForm: 'structured' })).toThrow(expect.objectContaining({ code: 'unsupported', field: '--symbolic-form' }));
      expect(() => statespaceReport(desc, 'text', { intermediates: true })).toThrow(expect.objectContaining({ code: 'unsupported', field: '--intermediates' }));
    }
  });

  it('masd-4-1 derives --symbolic as shipped, cos(alpha) printed as written', () => {
    const out = statespaceReport(loadSystem('masd-4-1').desc, 'text', { symbolic: true });
    expect(out).toContain('cos(alpha)');
    expect(out).not.toContain('cosalpha');
  });

  it('--formulation masd --intermediates: C, L, R, G, T1…T12 with the equation numbers, symbolic and numeric', () => {
    const desc = loadSystem('masd-4-1').desc;
    const text = statespaceReport(desc, 'text', { symbolic: true, formulation: 'masd', intermediates: true });
    for (const head of ['C (6)', 'L (7)', 'R (8)', 'G (9)', 'T1 (10)', 'T12 (21)']) expect(text).toContain(`\n${head} =`);
    const json = JSON.parse(statespaceReport(desc, 'json', { formulation: 'masd', intermediates: true }));
    const C = json.quantities.find((q: { name: string }) => q.name === 'C');
    expect(C.matrix).toEqual([[desc.parameters.get('M1'), 0], [0, desc.parameters.get('M2')]]);
    expect(statespaceReport(desc, 'latex', { symbolic: true, formulation: 'masd', intermediates: true })).toContain('\\tag{6}');
    expect(statespaceReport(desc, 'text', { symbolic: true, symbolicForm: 'masd' })).toContain('T5 (14)');
  });
});

describe('derivation printing', () => {
  it('keeps function applications (cos(alpha)) in text and LaTeX', () => {
    const desc = loadSystem('masd-4-1').desc;
    const text = structureReport(desc, 'text');
    expect(text).toContain('1/(2*cos(alpha))');
    expect(text).not.toContain('cosalpha');
    const latex = structureReport(desc, 'latex');
    expect(latex).toContain('\\cos\\left(\\alpha\\right)');
    expect(latex).not.toContain('cosalpha');
  });

  it('folds 1/(1/x) and −(−x) (motor-pump: the shaft 1/(1/kt), the pump −(−1/D))', () => {
    for (const format of ['text', 'latex'] as const) {
      const out = structureReport(loadSystem('motor-pump').desc, format);
      expect(out).not.toMatch(/1\/\(1\/|-\(-|\\frac\{1\}\{\\frac/);
    }
  });

  it('the LaTeX derivation lists the primary and secondary variables and F', () => {
    const latex = structureReport(loadSystem('motor-pump').desc, 'latex');
    expect(latex).toContain('\\text{primary: }');
    expect(latex).toContain('\\text{secondary: }');
    expect(latex).toMatch(/F = \\begin\{array\}/);
  });
});
