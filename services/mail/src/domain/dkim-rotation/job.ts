import type { MailDeps } from '../deps';
import { proposeRotation } from './rotate';

/** The rotation timer's lease: one replica proposes at a time (the compare-and-set on the keys makes an overlap harmless). */
export const DKIM_ROTATION_JOB = 'mail.dkim-rotation';

const BATCH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `signal` aborts between identities once the lease is lost; a proposal another replica made first is skipped. */
export function dkimRotationRound(deps: MailDeps, rotateDays: number) {
  return async (signal?: AbortSignal) => {
    for (;;) {
      const due = await deps.identities.keysOlderThan(new Date(deps.clock.now().getTime() - rotateDays * DAY_MS), BATCH);
      let proposed = 0;
      for (const record of due) {
        if (signal?.aborted) return;
        if (await proposeRotation(deps, record)) proposed += 1;
      }
      // Each proposal takes its identity out of the next read; one that lost its write was taken by another writer.
      if (due.length < BATCH || proposed === 0) return;
    }
  };
}
