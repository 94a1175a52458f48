import type { MailDeps } from '../deps';
import { proposeRotation } from './rotate';

/** The rotation timer's lease: one replica proposes at a time (the compare-and-set on the keys makes an overlap harmless). */
export const DKIM_ROTATION_JOB = 'mail.dkim-rotation';

const BATCH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs under the lease `DKIM_ROTATION_JOB` when DKIM_ROTATE_DAYS is set; `signal` aborts between identities once the
 * lease is lost. One round: every verified identity whose key is older than `rotateDays` and has no rotation pending
 * gets a pending key and `identity.dkim_rotation_proposed`. A proposal another replica made first (the keys changed
 * since they were read) is skipped, so each identity gets one proposal and one event.
 */
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
