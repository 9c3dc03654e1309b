/**
 * closedFormView: MASD's named quantities (C (6), L (7), R (8), G (9), T1…T12 (10–21), y, h, k, z (22–25), the B
 * blocks (26–36)) for the page, numbers and — when the entries are symbolic — symbols, each with the paper's
 * equation number; and the structured form when the engine prints it instead of the expanded A (symbolicForms).
 * The LaTeX of each quantity is the formulation stage's masdTableToLatex, one equation per quantity.
 */
import type { CompiledModel } from '@sysgraph/engine';
import { masdModel } from '@sysgraph/engine';
import type { MasdTable } from '@sysgraph/engine';
import { masdTableToLatex, masdTableToText, structuredToLatex } from '@sysgraph/engine';
import type { ClosedFormView, MasdQuantityView } from './protocol';

/**
 * One equation per quantity, in the table's order: `name = [labelled entries] \tag{n}` from masdTableToLatex's
 * `name = definition = … \tag{n}` (the definition is shown as text beside it: its words and labels are prose).
 */
function quantityLatex(t: MasdTable): string[] {
  return masdTableToLatex(t)
    .split('\n')
    .filter((l) => l.startsWith('\\begin{equation}'))
    .map((l) => {
      const line = l.replace(/^\\begin\{equation\}\s*/, '').replace(/\s*\\end\{equation\}$/, '');
      const lhs = line.slice(0, line.indexOf(' = '));
      let at = line.lastIndexOf(' = \\begin{array}');
      if (at < 0) at = line.lastIndexOf(' = [\\,]');
      return at < 0 ? line : `${lhs}${line.slice(at)}`;
    });
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * MASD's closed form of a compiled linear model where it applies; `symbolic` adds the symbolic entries (only the
 * parameters in `keep` stay symbols when it is non-empty).
 */
export function closedFormView(compiled: CompiledModel, symbolic: boolean, keep: readonly string[]): ClosedFormView {
  const desc = compiled.description;
  const kept = keep.length > 0 ? keep : undefined;
  const numeric = masdModel(desc, undefined, false);
  const numLatex = quantityLatex(numeric);
  let sym: MasdTable | undefined;
  let symbolicNote: string | undefined;
  if (symbolic) {
    try {
      sym = masdModel(desc, kept, true);
    } catch (e) {
      symbolicNote = message(e);
    }
  }
  const symLatex = sym ? quantityLatex(sym) : [];
  const quantities: MasdQuantityView[] = numeric.quantities.map((q, k) => ({
    name: q.name,
    equation: q.equation,
    definition: q.definition,
    rowLabels: q.rowLabels,
    colLabels: q.colLabels,
    values: q.cells.map((row) => row.map((c) => c.value)),
    latex: numLatex[k] ?? '',
    ...(sym ? { symbolic: symLatex[k] ?? '' } : {}),
  }));
  let structured: ClosedFormView['structured'];
  if (symbolic) {
    try {
      const forms = compiled.symbolicForms(kept ? { symbolicParams: kept } : {});
      if (forms.form === 'structured' && forms.structured) structured = { latex: structuredToLatex(forms.structured), notes: forms.notes };
    } catch {
      structured = undefined;
    }
  }
  return {
    quantities,
    text: masdTableToText(sym ?? numeric),
    ...(symbolicNote !== undefined ? { symbolicNote } : {}),
    ...(structured ? { structured } : {}),
  };
}
