/**
 * fast-check generators of SPICE netlists for fuzzing (issue 18 item 6): small valid circuits over R, L, C, V, I,
 * D and K cards with DC, PWL, SIN and PULSE sources and optional .tran / .ic / .options / .save cards, and the same
 * circuits mutated (text spliced in, cut out or replaced by pieces of the card grammar, values made extreme).
 */
import fc from 'fast-check';

const VALUES = ['1k', '10', '1meg', '100n', '2.2u', '10m', '1', '1e-12', '1e12', '0', '-1', '1e300', '1e-300', '4.7p', '0.5'];
const WAVES = ['DC 1', 'DC 0', '1', 'PWL(0 0 1m 1 2m 0)', 'SIN(0 1 1k)', 'SIN(0.2 0.5 2k 0.1m 500)', 'PULSE(0 1 0.1m 10u 10u 0.2m 0.5m)', 'AC 1', ''];

/** A valid small circuit: a source from n1 to ground and branches between n1 … nN and 0, then analysis cards. */
export const netlist: fc.Arbitrary<string> = fc
  .record({
    nodes: fc.integer({ min: 1, max: 5 }),
    source: fc.tuple(fc.constantFrom('V', 'I'), fc.constantFrom(...WAVES)),
    branches: fc.array(fc.record({ letter: fc.constantFrom('R', 'R', 'L', 'C', 'C', 'D', 'V', 'I'), a: fc.nat(), b: fc.nat(), value: fc.constantFrom(...VALUES), ic: fc.option(fc.constantFrom('0', '0.3', '1m'), { freq: 5 }) }), { minLength: 1, maxLength: 9 }),
    coupling: fc.option(fc.constantFrom('0.5', '0.95', '1', '1.5', '-0.2'), { freq: 4 }),
    tran: fc.option(fc.tuple(fc.constantFrom('1u', '10u', '1m', '0.1'), fc.constantFrom('1m', '5m', '1', '10'), fc.boolean()), { freq: 2 }),
    options: fc.option(fc.constantFrom('.options reltol=1e-6 abstol=1e-12', '.options reltol=1e-3', '.options method=gear'), { freq: 3 }),
    save: fc.boolean(),
    icCard: fc.option(fc.constantFrom('0.5', '1', '-2'), { freq: 4 }),
  })
  .map((r) => {
    const node = (k: number) => (k % (r.nodes + 1) === 0 ? '0' : `n${k % (r.nodes + 1)}`);
    const lines = ['fuzzed circuit', `${r.source[0]}S n1 0 ${r.source[1]}`.trimEnd()];
    const counts: Record<string, number> = {};
    const inductors: string[] = [];
    r.branches.forEach((b, k) => {
      const id = `${b.letter}${(counts[b.letter] = (counts[b.letter] ?? 0) + 1)}`;
      let from = node(k + 1 + b.a);
      let to = node(b.b);
      if (from === to) [from, to] = [node(k + 1), '0'];
      if (from === to) from = 'n1';
      const value = b.letter === 'D' ? 'DMOD' : b.letter === 'V' || b.letter === 'I' ? WAVES[b.b % WAVES.length] : b.value;
      const ic = b.ic !== null && (b.letter === 'C' || b.letter === 'L') ? ` IC=${b.ic}` : '';
      if (b.letter === 'L') inductors.push(id);
      lines.push(`${id} ${from} ${to} ${value}${ic}`.trimEnd());
    });
    if (r.branches.some((b) => b.letter === 'D')) lines.push('.model DMOD D(IS=1e-14 N=1)');
    if (r.coupling !== null && inductors.length >= 2) lines.push(`K1 ${inductors[0]} ${inductors[1]} ${r.coupling}`);
    if (r.icCard !== null) lines.push(`.ic v(n1)=${r.icCard}`);
    if (r.save) lines.push('.save v(n1)');
    if (r.options !== null) lines.push(r.options);
    if (r.tran !== null) lines.push(`.tran ${r.tran[0]} ${r.tran[1]}${r.tran[2] ? ' uic' : ''}`);
    lines.push('.end');
    return lines.join('\n') + '\n';
  });

const PIECES = ['\n', '+', '(', ')', '=', ',', ';', '$', '*', '.end', '.tran 1u 1', '.tran 0 0', '.ic v(x)=1', 'PWL(', 'SIN(', 'PULSE(', '0', 'k', 'meg', 'K1 L1 L2 2', ' ', 'R9 n1 n1 1', 'C9 n1 0 0', 'L9 n1 0 -1', 'V9 n1 0 DC 1', 'I9 n2 0 1', 'D9 n1 0', '1e999', 'NaN', '\u0000', '\ufeff', 'x'.repeat(2000), '.model DMOD D(IS=0)', '.options reltol=0'];

/** A valid circuit with one to six edits: a piece of the grammar spliced in at a place, with 0–3 characters cut. */
export const mutatedNetlist: fc.Arbitrary<string> = fc
  .tuple(netlist, fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.constantFrom(...PIECES)), { minLength: 1, maxLength: 6 }))
  .map(([text, edits]) => {
    for (const [at, cut, piece] of edits) {
      const k = at % (text.length + 1);
      text = text.slice(0, k) + piece + text.slice(k + cut);
    }
    return text;
  });

/** Valid and mutated netlists, half each. */
export const anyNetlist: fc.Arbitrary<string> = fc.oneof(netlist, mutatedNetlist);
