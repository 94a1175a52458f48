import { IDEMPOTENCY_TTL_SECONDS } from '../idempotency';
import type { RetentionDeps } from './purge';

// A body is written before its record, so a crash between the two leaves a blob no record names. Past the
// idempotency window no retry can claim its (reserved) message id any more, so it can never gain a record.
export const ORPHAN_AFTER_MS = (IDEMPOTENCY_TTL_SECONDS + 24 * 3600) * 1000;
const CHECK_BATCH = 500;
// A round looks at a few slices of the blob store, or one big one: a pass over every blob takes many rounds.
const SLICES_PER_ROUND = 16;
const KEYS_PER_ROUND = 2000;

/** Sweeps bodies that no message names, a bounded part of the blob store per call, so it never holds the store. */
export function orphanSweeper(deps: RetentionDeps) {
  let cursor: string | undefined;
  /** `passEnded`: this call reached the end of the blob store (the next starts a new pass). */
  return async function sweepSome(): Promise<{ removed: number; passEnded: boolean }> {
    const before = new Date(deps.clock.now().getTime() - ORPHAN_AFTER_MS);
    let [removed, seen] = [0, 0];
    for (let n = 0; n < SLICES_PER_ROUND && seen < KEYS_PER_ROUND; n++) {
      const slice = await deps.bodies.scan(before, cursor);
      cursor = slice.cursor;
      seen += slice.keys.length;
      for (let i = 0; i < slice.keys.length; i += CHECK_BATCH) {
        const ids = slice.keys.slice(i, i + CHECK_BATCH);
        const stored = await deps.messages.storedIds(ids);
        for (const id of ids.filter((k) => !stored.has(k))) {
          await deps.bodies.remove(id);
          removed++;
        }
      }
      if (!cursor) break;
    }
    if (removed > 0) deps.logger.info('retention removed orphaned bodies', { removed });
    return { removed, passEnded: cursor === undefined };
  };
}
