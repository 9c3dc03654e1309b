import { FieldMatrix, VariableSet, rationalFunctionField, solve } from '../src/index';
for (const n of [3, 4, 5, 6]) {
  for (const method of ['fraction-free', 'gauss'] as const) {
    const times: number[] = [];
    for (let r = 0; r < 3; r++) {
      const vars = new VariableSet();
      const F = rationalFunctionField(vars);
      const m = FieldMatrix.fromFunction(F, n, n, (i, j) => (i === j ? F.add(F.variable(`a${i}${j}`), F.div(F.one, F.variable(`r${i}`))) : F.variable(`a${i}${j}`)));
      const b = FieldMatrix.fromFunction(F, n, 1, (i) => (i === 0 ? F.one : F.zero));
      const t0 = performance.now();
      solve(m, b, { method });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(n, method, times[1].toFixed(1));
  }
}
