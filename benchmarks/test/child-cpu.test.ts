import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { childrenCpuFromStat, waitedChildrenCpuMs } from '../src/harness/child-cpu';

describe('CPU time of waited-for children (/proc/self/stat)', () => {
  it('reads cutime and cstime after the command name, whatever it contains', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime …
    const stat = '4242 (a (b) c) S 1 4242 4242 0 -1 4194560 100 200 0 0 7 3 150 25 20 0 1 0 99 0 0';
    expect(childrenCpuFromStat(stat, 100)).toBe(1750);
    expect(childrenCpuFromStat(stat, 250)).toBe(700);
    expect(childrenCpuFromStat('garbage', 100)).toBeUndefined();
  });

  it.runIf(existsSync('/proc/self/stat'))('counts the CPU a child spent, not the time it waited', () => {
    const before = waitedChildrenCpuMs()!;
    // a fixed amount of work (no clock in it): its CPU time does not depend on how loaded the machine is
    const busy = 'let s = 0; for (let i = 0; i < 3e8; i++) s += Math.sqrt(i); if (s < 0) console.log(s);';
    const sleeper = 'setTimeout(() => {}, 400);';
    spawnSync(process.execPath, ['-e', busy]);
    const afterBusy = waitedChildrenCpuMs()!;
    spawnSync(process.execPath, ['-e', sleeper]);
    const afterSleep = waitedChildrenCpuMs()!;
    expect(afterBusy - before).toBeGreaterThanOrEqual(100);
    // the sleeper's 400 ms asleep are not CPU time (only its start-up is)
    expect(afterSleep - afterBusy).toBeLessThan(380);
  });
});
