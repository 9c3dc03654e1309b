/**
 * Why a whole-process time-ratio target against ngspice is missed, in terms of the start-up floor measured in the
 * same run. sysgraph / ngspice ≤ r means sysgraph's whole process ≤ r · t_ngspice; any Node process costs at least
 * bare `node -e 0` (t_node, timed in the same alternating rounds), so when r · t_ngspice < t_node no Node program
 * can meet the target, whatever it does after starting. Otherwise the budget left for sysgraph's own work is
 * r · t_ngspice − t_node, beside what it took (t_sysgraph − t_node).
 */
const ms = (x: number): string => `${x >= 100 ? Math.round(x) : Number(x.toPrecision(3))} ms`;

export interface StartUpBound {
  /** r · t_ngspice: the longest whole process that meets the target, ms. */
  readonly boundMs: number;
  /** Whether even bare Node exceeds it. */
  readonly belowNodeFloor: boolean;
  /** The sentence for the report's MISS reason. */
  readonly reason: string;
}

export function startUpBound(ratioLimit: number, ngspiceMs: number, nodeMs: number, sysgraphMs: number): StartUpBound {
  const boundMs = ratioLimit * ngspiceMs;
  const own = sysgraphMs - nodeMs;
  const head = `≤ ${ratioLimit}× of ngspice's ${ms(ngspiceMs)} means a whole process ≤ ${ms(boundMs)}`;
  if (boundMs <= nodeMs) {
    return {
      boundMs,
      belowNodeFloor: true,
      reason: `unreachable for a Node process: ${head}, less than bare \`node -e 0\` alone in the same run (median ${ms(nodeMs)}); sysgraph took ${ms(own)} above that floor`,
    };
  }
  return { boundMs, belowNodeFloor: false, reason: `${head}: bare \`node -e 0\` takes ${ms(nodeMs)} of it (median, same run), leaving ${ms(boundMs - nodeMs)} for sysgraph's own work, which took ${ms(own)}` };
}
