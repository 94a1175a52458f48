/** Polls `check` until it holds, for what happens after an answer (webhooks, events); fails after `timeoutMs` naming `what`. */
export async function eventually(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 5000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await check());) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
