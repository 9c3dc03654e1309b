import { FieldMatrix, VariableSet, rationalFunctionField, solve } from '../src/index';
const n = 6;
const vars = new VariableSet();
const F = rationalFunctionField(vars);
const m = FieldMatrix.fromFunction(F, n, n, (i, j) => (i === j ? F.add(F.variable(`a${i}${j}`), F.div(F.one, F.variable(`r${i}`))) : F.variable(`a${i}${j}`)));
const b = FieldMatrix.fromFunction(F, n, 1, (i) => (i === 0 ? F.one : F.zero));
const t0 = performance.now();
const x = solve(m, b, { method: 'fraction-free' });
console.log(performance.now() - t0, F.stats, x.get(0,0).num.size, x.get(0,0).den.size);
