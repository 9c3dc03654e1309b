/**
 * CPU time of the child processes this process has waited for, from Linux's /proc/self/stat (fields cutime and
 * cstime: user and system time of waited-for children, in clock ticks). The difference around one spawnSync is that
 * child's CPU time (its threads included: a JIT's background compiler or a GC helper thread counts, which is why a
 * Node process's CPU time can exceed its wall time). The resolution is one clock tick (10 ms at the usual 100 Hz):
 * figures of a few ticks are coarse. undefined where /proc is not there (not Linux).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** cutime + cstime of this process in ms, or undefined where /proc/self/stat cannot be read. */
export function waitedChildrenCpuMs(): number | undefined {
  let stat: string;
  try {
    stat = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return undefined;
  }
  return childrenCpuFromStat(stat, clockTicks());
}

/** cutime + cstime in ms from the text of a /proc/PID/stat file, at `hz` clock ticks per second. */
export function childrenCpuFromStat(stat: string, hz: number): number | undefined {
  // "pid (comm) state ppid …": the command may contain spaces and parentheses, so count from the last ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is the state (field 3 of the line): cutime is field 16, cstime field 17
  const cutime = Number(fields[13]);
  const cstime = Number(fields[14]);
  if (!Number.isFinite(cutime) || !Number.isFinite(cstime)) return undefined;
  return ((cutime + cstime) * 1000) / hz;
}
