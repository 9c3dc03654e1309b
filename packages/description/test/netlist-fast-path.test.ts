/**
 * The one-line fast path of readSpiceNetlist (read-one-port-line.ts) against the general path (every card through
 * the tokens): the same result, or the same errors in the same order, on the benchmark netlists, on random
 * netlists of well-formed cards and on adversarial ones (mixed-case names and nodes, continuation lines, comments,
 * commas and tabs, odd and bad values, duplicate names, self-loops, ground spellings, instance parameters, CR LF).
 */
import { SysgraphError, SysgraphErrors } from '@sysgraph/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readNetlist } from '../src/netlist/read-spice-netlist';
import { rcGridNetlist, rcLadderNetlist, rlcLineNetlist } from './support/spice-networks';
import { parser } from './helpers';

/** The diode-clamped RC ladder's netlist as the benchmark writes it (benchmarks/src/nonlinear/diode-ladder.ts). */
function diodeLadderNetlist(N: number): string {
  const lines = [`* diode-clamped RC ladder, N = ${N}`, 'V1 n0 0 PWL(0 0 1e-5 5)'];
  for (let k = 1; k <= N; k++) lines.push(`R${k} n${k - 1} n${k} 1000`, `C${k} n${k} 0 1e-9`, `D${k} n${k} 0 dclamp`);
  lines.push('.model dclamp D(IS=1e-12 N=1)', '.save v(n1) v(n3)', '.tran 1e-7 2e-5', '.control', 'run', '.endc', '.end');
  return lines.join('\n') + '\n';
}

type Outcome = { result: unknown } | { errors: unknown[] };

function outcome(text: string, fast: boolean, ground?: string): Outcome {
  try {
    return { result: readNetlist(text, { expressions: parser.expressions, ...(ground === undefined ? {} : { ground }) }, fast) };
  } catch (e) {
    const list = e instanceof SysgraphErrors ? e.errors : e instanceof SysgraphError ? [e] : undefined;
    if (list === undefined) throw e;
    return { errors: list.map((x) => ({ ...x.toJSON(), message: x.message })) };
  }
}

/** Both paths agree (deep-equal result or the same errors, in order). */
function agree(text: string, ground?: string): Outcome {
  const fast = outcome(text, true, ground);
  expect(fast).toEqual(outcome(text, false, ground));
  return fast;
}

describe('the fast path', () => {
  it('gives the general path’s description of the benchmark-shaped netlists', () => {
    for (const text of [rcLadderNetlist(300), rcGridNetlist(6), rlcLineNetlist(40), diodeLadderNetlist(60)]) {
      expect('result' in agree(text, 'gnd')).toBe(true);
      expect('result' in agree(text.replace(/\n/g, '\r\n'))).toBe(true);
    }
  });

  it('agrees on hand-picked corner cases', () => {
    const cases = [
      'R1 a 0 1k\nR2 a 0 1e-3\nC1 a 0 10meg\nL1 a 0 2.2MEG ; comment\nL2 a 0 1mil $ comment\n',
      'R1 a 0 1k\n+ ic=0\nR2 a 0 1\n', // continuation after a one-line card
      'R1 a 0 1k\n* comment\n\n  + 5\nR2 a 0 1\n', // continuation past comment and blank lines
      'R1 a 0 1k\n;only a comment\n+ 5\nR2 a 0 1\n',
      'R1 a 0 1k\n,,,\n+ 5\nR2 a 0 1\n',
      'R1 a 0 1k\n.control\nrun\n.endc\n+ 5\nR2 a 0 1\n',
      'R1 a 0 1\nr1 a 0 2\nR2 a 0 3\n', // duplicate name
      'R1 a A 1\nR2 a 0 1\nR3 a 0 1\n', // self-loop by case
      'R1 0 GND 1\nR2 a 0 1\nR3 a gnd 1\n', // self-loop through ground spellings
      'R1 a 0 -1\nR2 a 0 0\nR3 a 0 1k5\nR4 a 0 abc\nR5 a 0 1_k\nR6 a 0\nR7 a\nR8\n',
      'R1 a 0 1 2\nC1 a 0 1u ic=0\nR2 a,0,1\nR3\ta\t0\t1\nR4 a 0 (1)\nR5 a= 0 1\n',
      'Rö a 0 1\nR_x a 0 1\nRabcdefghijklmnop a 0 1\nR9 xÀ 0 1\nR10 XÀ a 1\n',
      'R1 a$ 0 1\nR2 a 0 1$x\nR3 a 0 1;x\nR4 a;b 0 1\n',
      'R1 a b 1\n', // dangling nodes
      `R${'x'.repeat(101)} a 0 1\nR2 a 0 1\nR3 ${'n'.repeat(201)} 0 1\n`,
      'V1 a 0 DC 1\nR1 a b 1\nR2 b 0 1\nK1 L1 L2 0.5\nL1 a b 1m\nL2 b 0 1m\n.save v(a) i(r1) i(L1)\n',
      'R1 a 0 1\nR2 a 0 1\n.control\nrun\n', // unterminated .control
      '+ R1 a 0 1\nR1 a 0 1\nR2 a 0 1\n', // orphan continuation
      'R1 a 0 1\r\nR2 a 0 1\rR3 a 0 1\n',
      'R1 a 0 1\nR2 a 0 1\n.end\nR3 b 0 1\n',
      'R1 a 0 1\nR2 a 0 1', // no final line break
      // D cards: the model after and before them, unknown and non-diode models, instance parameters, area, off
      'V1 a 0 DC 1\nR1 a b 1k\nD1 b 0 dm\nd2 B 0 DM ; c\n.model dm D(IS=1e-14 N=2)\n',
      '.model dm D(IS=1e-14)\nV1 a 0 DC 1\nR1 a b 1k\nD1 b 0 dm\nD2 a b dm\nD3 b 0 other\n',
      '.model rm R(R=1)\nV1 a 0 DC 1\nR1 a b 1k\nD1 b 0 rm\nD2 b 0 dm 2\nD3 b 0 dm off\nD4 b 0 dm area=2\nD5 b 0\nD6 b\n.model dm D\n',
      'V1 a 0 DC 1\nR1 a b 1k\nD1 b b dm\nD1 b 0 dm\nd1 a b dm\nD2 b 0 dm\n+ 3\nD3 b 0 d(m\nD4 b 0 dm=\nDö b 0 dm\n.model dm D(IS=1e-14)\n',
      'V1 a 0 DC 1\nR1 a b 1k\nD1\tb\t0\tdm\nD2 b,0,dm\nD3 b 0 dm$x\nD4 b 0 dm;x\n.model dm D(IS=1e-14)\n',
    ];
    for (const body of cases) {
      agree(`title\n${body}`);
      agree(`title\n${body}`, 'A');
      agree(`title\n${body.toUpperCase()}`);
    }
  });

  it('agrees on random netlists of well-formed and malformed cards', () => {
    const name = fc.tuple(fc.constantFrom('R', 'r', 'C', 'c', 'L', 'l', 'D', 'd', 'V', 'I', 'K'), fc.constantFrom('1', '2', '3', 'a', 'A', 'x_1', 'Ö'));
    const node = fc.constantFrom('0', 'gnd', 'GND', 'a', 'A', 'b', 'n1', 'N1', 'n$', 'c(', 'x,y');
    const value = fc.constantFrom('1', '1k', '1K', '1e-3', '10meg', '2.2MEG', '1mil', '-1', '0', '1k5', 'abc', '1_k', '.5', '5.', '1e', 'DC 1', 'ic=0', '1 2', 'dm', 'DM', 'rm', 'dx', 'dm off');
    const sep = fc.constantFrom(' ', '  ', '\t', ',', ' , ');
    const card = fc.tuple(name, node, node, value, sep, sep, sep, fc.constantFrom('', ' ', ' ; c', ' $ c', '$c')).map(
      ([[letter, id], a, b, v, s1, s2, s3, tail]) => `${letter}${id}${s1}${a}${s2}${b}${s3}${v}${tail}`,
    );
    const line = fc.oneof(
      { weight: 8, arbitrary: card },
      { weight: 1, arbitrary: fc.constantFrom('* comment', '', '  ', '+ 5', '+ ic=0', ';x', ',', '.save v(a) i(r1)', '.tran 1u 1m', '.control\nrun\n.endc', 'K1 L1 L2 0.5', '.model dm D(IS=1e-14 N=1.5)', '.model rm R(R=1)') },
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 14 }), fc.constantFrom('\n', '\r\n'), fc.constantFrom(undefined, 'gnd', 'A'), (lines, eol, ground) => {
        agree(['title', ...lines].join(eol), ground);
      }),
      { seed: 4242, numRuns: 600 },
    );
  });

  it('agrees on random connected circuits, which it reads', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('R', 'C', 'L'), fc.nat(5), fc.nat(5), fc.double({ min: 1e-12, max: 1e9, noNaN: true })), { minLength: 1, maxLength: 20 }),
        (parts) => {
          const lines = ['random', 'V1 n0 0 DC 1'];
          for (let k = 0; k < 6; k++) lines.push(`R${k}x n${k} ${k === 5 ? '0' : `N${k + 1}`} 1`);
          parts.forEach(([letter, a, b, v], k) => lines.push(`${k % 2 ? letter : letter.toLowerCase()}${k} n${a} ${b === a ? '0' : `n${b}`} ${v}`));
          agree(lines.join('\n'));
        },
      ),
      { seed: 77, numRuns: 200 },
    );
  });

  it('agrees on random connected circuits with diodes, which it reads', () => {
    // Fewer runs: each netlist reads its diode law (mathjs) twice.
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('R', 'C', 'D', 'd'), fc.nat(5), fc.nat(5)), { minLength: 1, maxLength: 12 }), (parts) => {
        const lines = ['random with diodes', 'V1 n0 0 DC 1'];
        for (let k = 0; k < 6; k++) lines.push(`R${k}x n${k} ${k === 5 ? '0' : `N${k + 1}`} 1`);
        parts.forEach(([letter, a, b], k) => lines.push(`${letter}${k} n${a} ${b === a ? '0' : `n${b}`} ${letter === 'd' ? 'DM' : letter === 'D' ? 'dm' : '1k'}`));
        lines.push('.model dm D(IS=1e-14 N=1.5)');
        expect('result' in agree(lines.join('\n'))).toBe(true);
      }),
      { seed: 78, numRuns: 6 },
    );
  });
});
