/** machineInfo: the node version, cpu model and memory of this machine, and the date, for a result file. */
import os from 'node:os';
import type { MachineInfo } from './bench-report';

export function machineInfo(date: Date): MachineInfo {
  const cpus = os.cpus();
  return {
    node: process.version,
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    totalMemoryGB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.arch()}`,
    date: date.toISOString(),
    loadAverage: Number(os.loadavg()[0].toFixed(2)),
    execArgv: process.execArgv,
  };
}
