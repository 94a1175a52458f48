import { readFileSync } from 'node:fs';

/** Time (ms) this process's main thread, the one that runs its event loop, has spent on a core, as Linux counts it. */
function mainThreadOnCpuMs(): number {
  const [onCpuNs] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'latin1').split(' ');
  return Number(onCpuNs) / 1e6;
}

/**
 * Watches the longest hold of this process's event loop, measured in the main thread's own CPU time between two turns
 * of a 5 ms timer, and the main thread's CPU time in all. Unlike event-loop delay, neither grows when other processes
 * take the cores (CI runs several test files at once), so "the event loop was not held for a render" holds or fails on
 * what this process did.
 */
export function watchEventLoopHolds(): { stop(): { longestMs: number; totalMs: number } } {
  const first = mainThreadOnCpuMs();
  let last = first;
  let longest = 0;
  const timer = setInterval(() => {
    const now = mainThreadOnCpuMs();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      const now = mainThreadOnCpuMs();
      return { longestMs: Math.max(longest, now - last), totalMs: now - first };
    },
  };
}
