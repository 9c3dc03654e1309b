import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, symbolicBackend } from '@sysgraph/formulation';
import { laplaceVariable, transferCost } from '@sysgraph/analysis';
import { FieldMatrix, RationalFunction, rationalFunctionField, clearRowDenominators, estimateMatrixCost, permanent } from '@sysgraph/symbolic';
import { symbolicLadder } from './symbolic-ladders';
for (const n of [6, 11, 12]) {
const desc = parseSystem(symbolicLadder('rc', n));
const sym = symbolicBackend(desc);
const ss = formulate(analyzeStructure(desc), sym.backend);
const lv = laplaceVariable(sym.variables);
const F = rationalFunctionField(lv.variables);
const s = RationalFunction.variable(lv.variables, lv.index);
const A = ss.A.map((r) => r.map(lv.rehome));
const N = A.length;
const M = FieldMatrix.fromFunction(F, N, N, (i, j) => (i === j ? F.sub(s, A[i][j]) : F.neg(A[i][j])));
const { rows } = clearRowDenominators(M, null, F.gcdOptions);
const t = rows.map((r) => r.map((p) => (p === null || p.isZero() ? 0 : p.size)));
if (n === 6) { console.log(ss.A.map(r => r.map(x => x.toString()).join(' | ')).join('\n')); console.log(t.map(r => r.join(' ')).join('\n')); }
const e = estimateMatrixCost(t);
console.log(n, e.terms, e.milliseconds, permanent(t), transferCost(M, 1).terms);
}
