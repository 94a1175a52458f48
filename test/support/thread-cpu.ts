import { readFileSync } from 'node:fs';

/** Time (ms) this process's main thread, the one that runs its event loop, has spent on a core, as Linux counts it. */
function mainThreadOnCpuMs(): number {
  const [onCpuNs] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'latin1').split(' ');
  return Number(onCpuNs) / 1e6;
}

/**
 * Watches the longest hold of this process's event loop, measured in the main thread's own CPU time between two turns
 * of a 1 ms timer. Unlike event-loop delay, it does not grow when other processes take the cores (CI runs several
 * test files at once), so "the event loop was not held for a render" holds or fails on what this process did.
 */
export function watchEventLoopHolds(): { stop(): number } {
  let last = mainThreadOnCpuMs();
  let longest = 0;
  const timer = setInterval(() => {
    const now = mainThreadOnCpuMs();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(longest, mainThreadOnCpuMs() - last);
    },
  };
}
