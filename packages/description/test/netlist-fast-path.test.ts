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
    for (const text of [rcLadderNetlist(300), rcGridNetlist(6), rlcLineNetlist(40)]) {
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
    ];
    for (const body of cases) {
      agree(`title\n${body}`);
      agree(`title\n${body}`, 'A');
      agree(`title\n${body.toUpperCase()}`);
    }
  });

  it('agrees on random netlists of well-formed and malformed cards', () => {
    const name = fc.tuple(fc.constantFrom('R', 'r', 'C', 'c', 'L', 'l', 'V', 'I', 'K'), fc.constantFrom('1', '2', '3', 'a', 'A', 'x_1', 'Ö'));
    const node = fc.constantFrom('0', 'gnd', 'GND', 'a', 'A', 'b', 'n1', 'N1', 'n$', 'c(', 'x,y');
    const value = fc.constantFrom('1', '1k', '1K', '1e-3', '10meg', '2.2MEG', '1mil', '-1', '0', '1k5', 'abc', '1_k', '.5', '5.', '1e', 'DC 1', 'ic=0', '1 2');
    const sep = fc.constantFrom(' ', '  ', '\t', ',', ' , ');
    const card = fc.tuple(name, node, node, value, sep, sep, sep, fc.constantFrom('', ' ', ' ; c', ' $ c', '$c')).map(
      ([[letter, id], a, b, v, s1, s2, s3, tail]) => `${letter}${id}${s1}${a}${s2}${b}${s3}${v}${tail}`,
    );
    const line = fc.oneof(
      { weight: 8, arbitrary: card },
      { weight: 1, arbitrary: fc.constantFrom('* comment', '', '  ', '+ 5', '+ ic=0', ';x', ',', '.save v(a) i(r1)', '.tran 1u 1m', '.control\nrun\n.endc', 'K1 L1 L2 0.5') },
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
});
