import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

export function thisThreadId(): number | null {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return null;
  }
}

/** Below the event loop (sends answered, durable), which then gets busy cores first; Linux only, else the process's. */
export function lowerThisThreadPriority(niceness: number): void {
  const tid = thisThreadId();
  if (tid === null) return;
  try {
    setPriority(tid, niceness);
  } catch {
    /* not allowed: same priority as the event loop */
  }
}
