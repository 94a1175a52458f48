import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Gives the calling worker thread a lower priority than the service's event loop, so when the cores are busy the
 * event loop (sends answered, durable) gets them first. Linux only: a thread's id from /proc sets its own niceness;
 * elsewhere, or when not allowed, the thread keeps the process's.
 */
export function lowerThisThreadPriority(niceness: number): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), niceness);
  } catch {
    /* not Linux, or not allowed: same priority as the event loop */
  }
}
