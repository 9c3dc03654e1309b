/**
 * timeVaryingLatex: the symbolic A(t), B(t), Bd(t) of a linear time-varying model (timeVaryingSymbolic,
 * formulation.md section 11) as LaTeX, each time symbol defined beside them:
 *   C1_t = C0 (1 + a sin(w t)),   dC1_t = d/dt C1_t = C0 a w cos(w t)
 * (the rate is mathjs's derivative in t, simplified for reading). Entries come from the symbolic backend's cells.
 */
import { latexName } from '@sysgraph/symbolic';
import type { TimeMath } from '../time-varying/time-math';
import type { TimeVaryingSymbolic } from '../time-varying/time-varying-symbolic';

export interface TimeVaryingLatex {
  /** One definition per time symbol, "name = expression" in LaTeX. */
  readonly symbols: readonly string[];
  readonly A: readonly (readonly string[])[];
  readonly B: readonly (readonly string[])[];
  /** The coefficient of u' (across-through form; zero in the charge-flux form). */
  readonly Bd: readonly (readonly string[])[];
}

export function timeVaryingLatex(sym: TimeVaryingSymbolic, math: TimeMath): TimeVaryingLatex {
  const cells = (M: TimeVaryingSymbolic['A']) => M.map((row) => row.map((x) => sym.symbolic.cells.cell(x).latex));
  const value = new Map(sym.symbols.filter((x) => x.meaning === 'value').map((x) => [`${x.element}\u0000${x.field}`, x]));
  const symbols = sym.symbols.map((x) => {
    if (x.meaning === 'value') return `${latexName(x.name)} = ${math.parse(x.expression).toTex()}`;
    const of = value.get(`${x.element}\u0000${x.field}`)!;
    const rate = math.display(math.derivative(math.parse(of.expression), 't', `${x.element}.${x.field}`)).toTex();
    return `${latexName(x.name)} = \\frac{d}{dt} ${latexName(of.name)} = ${rate}`;
  });
  return { symbols, A: cells(sym.A), B: cells(sym.B), Bd: cells(sym.Bd) };
}
