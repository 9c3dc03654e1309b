/**
 * A subset of the accuracy matrix, printed and not written to the committed report (the full matrix is regenerated
 * by `pnpm bench accuracy-matrix` on a quiet machine). Same cells, references and rule as the matrix
 * (accuracy-matrix/cell.ts, plan.ts).
 *
 * Run: npx tsx benchmarks/src/tools/matrix-subset.ts --families lc-ladder,rlc-ladder --sizes 1000 --solvers stiff
 *      [--inputs step,ramp] [--rtols 1e-3,1e-6]
 */
import { FAMILIES } from '../accuracy-matrix/families';
import { INPUTS } from '../accuracy-matrix/inputs';
import { referenceTraces, runCell } from '../accuracy-matrix/cell';
import type { MatrixSolver } from '../accuracy-matrix/plan';
import { ATOL_FACTOR, cellsFor } from '../accuracy-matrix/plan';

const arg = (name: string): string[] | undefined => {
  const k = process.argv.indexOf(`--${name}`);
  return k < 0 ? undefined : process.argv[k + 1].split(',');
};
const families = arg('families');
const sizes = arg('sizes')?.map(Number);
const solvers = (arg('solvers') ?? ['auto', 'krylov', 'stiff']) as MatrixSolver[];
const inputs = arg('inputs');
const rtols = arg('rtols')?.map(Number);

for (const family of FAMILIES) {
  if (families && !families.includes(family.name)) continue;
  for (const states of family.sizes) {
    if (sizes && !sizes.includes(states)) continue;
    const c = family.make(states);
    for (const input of INPUTS) {
      if (inputs && !inputs.includes(input.name)) continue;
      const tols = solvers.flatMap((s) => cellsFor(states, s, input.name).map((rtol) => ({ s, rtol }))).filter((x) => !rtols || rtols.includes(x.rtol));
      if (tols.length === 0) continue;
      const reference = referenceTraces(c, input);
      for (const { s, rtol } of tols) {
        const cell = runCell(c, input, reference, s, rtol, rtol * ATOL_FACTOR, 50_000);
        const verdict = cell.verdict === 'pass' ? 'pass' : cell.verdict === 'refused' ? 'refused' : cell.verdict;
        console.log(`${family.name} ${states} ${input.name} ${s} rtol ${rtol}: ${verdict} ratio ${cell.ratio.toPrecision(3)} ${cell.ms.toFixed(0)} ms ${cell.solver} steps ${cell.steps}${cell.refusal ? ` [${cell.refusal.slice(0, 160)}]` : ''}`);
      }
    }
  }
}
