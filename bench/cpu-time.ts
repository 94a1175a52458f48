import { readdirSync, readFileSync } from 'node:fs';

// Linux reports utime/stime in clock ticks, 100 per second everywhere Node runs on it.
const TICK_MS = 10;

/** CPU time (user + system, all threads) a process has used so far, in ms; NaN once it is gone or off Linux. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: utime is the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return NaN;
  }
}

/** Processes whose environment holds `entry` (e.g. `RABBITMQ_NODENAME=<node>`: the broker and its helpers). */
export function pidsWithEnv(entry: string): number[] {
  const pids: number[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(entry)) pids.push(Number(pid));
    } catch {
      /* gone meanwhile */
    }
  }
  return pids;
}

/** CPU per named group between `start()` and the call it returns; a process gone at either end is left out, not NaN. */
export function cpuMeter(groups: Record<string, number[]>): { start(): () => Record<string, number> } {
  const read = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuMs(pid)]));
  return {
    start() {
      const before = Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, read(pids)]));
      return () =>
        Object.fromEntries(
          Object.entries(groups).map(([name, pids]) => {
            let used = 0;
            for (const [pid, after] of read(pids)) {
              const was = before[name].get(pid) ?? NaN;
              if (Number.isFinite(was) && Number.isFinite(after)) used += after - was;
            }
            return [name, used];
          }),
        );
    },
  };
}
