import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Linux's id of the calling thread (`/proc/thread-self` is `<pid>/task/<tid>`); null off Linux. */
export function thisThreadId(): number | null {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return null;
  }
}

/**
 * Gives the calling worker thread a lower priority than the service's event loop, so when the cores are busy the
 * event loop (sends answered, durable) gets them first. Linux only: a thread's id from /proc sets its own niceness;
 * elsewhere, or when not allowed, the thread keeps the process's.
 */
export function lowerThisThreadPriority(niceness: number): void {
  const tid = thisThreadId();
  if (tid === null) return;
  try {
    setPriority(tid, niceness);
  } catch {
    /* not allowed: same priority as the event loop */
  }
}
