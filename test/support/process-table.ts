import { readdirSync, readFileSync } from 'node:fs';

/**
 * Every running process that is one of `pids` or in a process group one of them leads, as `pid@start time`
 * (Linux's /proc): two readings name the same process only if it is the same one, whatever pids were reused between.
 */
export function processesOf(pids: number[]): string[] {
  const wanted = new Set(pids);
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        return []; // gone since the listing
      }
      // After the command name (which may hold spaces): state, ppid, pgrp, …, start time (the 20th from the state).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const [state, , pgrp] = fields;
      const member = wanted.has(Number(pid)) || wanted.has(Number(pgrp));
      return member && state !== 'Z' ? [`${pid}@${fields[19]}`] : [];
    });
}

/** Those of `listed` (from `processesOf`) still running: the same pid with the same start time. */
export const stillRunning = (listed: string[]) => processesOf(listed.map((p) => Number(p.split('@')[0]))).filter((p) => listed.includes(p));

/** Resolves once none of `listed` runs any more, or throws naming those left after `timeoutMs`. */
export async function processesGone(listed: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const left = () => stillRunning(listed);
  while (left().length > 0) {
    if (Date.now() > deadline) throw new Error(`still running ${timeoutMs} ms after the stop: ${left().join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
