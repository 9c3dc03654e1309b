/**
 * The functions a description's expressions may apply, with their numeric forms: the one whitelist shared by the
 * description's evaluator, its compiled evaluators and the symbolic package's opaque atoms (cos(alpha), sqrt(k1*k2)).
 */
export const FUNCTION_VALUES: ReadonlyMap<string, (x: number) => number> = new Map([
  ['sqrt', Math.sqrt],
  ['exp', Math.exp],
  ['log', Math.log],
  ['sin', Math.sin],
  ['cos', Math.cos],
  ['tan', Math.tan],
  ['abs', Math.abs],
  // sign(0) = 0 (and sign(−0) = −0, which equals 0).
  ['sign', Math.sign],
]);
