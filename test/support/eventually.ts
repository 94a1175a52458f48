/** Polls `check` until it holds, for what happens after an answer (webhooks, events); fails after `timeoutMs` naming `what`. */
export async function eventually(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 5000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await check());) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Polls `progress` (a count that only grows) until it reaches `target`; fails only once it stopped growing for
 * `stallMs`, naming `what`: for a large run on a shared machine, whose pace is the machine's, a stall is the failure.
 */
export async function untilCountReaches(progress: () => number, target: number, what: string, stallMs = 30_000): Promise<void> {
  let last = -1;
  let since = Date.now();
  for (let count = progress(); count < target; count = progress()) {
    if (count !== last) [last, since] = [count, Date.now()];
    if (Date.now() - since > stallMs) throw new Error(`timed out waiting for ${what}: stuck at ${count} of ${target} for ${stallMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
