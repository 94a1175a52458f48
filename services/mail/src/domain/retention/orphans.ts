import { IDEMPOTENCY_TTL_SECONDS } from '../idempotency';
import type { RetentionDeps } from './purge';

// A body is written before its record, so a crash between the two leaves a blob no record names. Past the
// idempotency window no retry can claim its (reserved) message id any more, so it can never gain a record.
export const ORPHAN_AFTER_MS = (IDEMPOTENCY_TTL_SECONDS + 24 * 3600) * 1000;
const CHECK_BATCH = 500;
// A round looks at a few slices of the blob store, or one big one: a pass over every blob takes many rounds.
const SLICES_PER_ROUND = 16;
const KEYS_PER_ROUND = 2000;

export interface PassPlace {
  load(): Promise<string | undefined>;
  /** False when it could not be kept (another replica runs the job now): the round stops. */
  keep(cursor: string | undefined): Promise<boolean>;
}

export function placeInMemory(): PassPlace {
  let place: string | undefined;
  return {
    load: async () => place,
    keep: async (cursor) => {
      place = cursor;
      return true;
    },
  };
}

/** A bounded part of the blob store per call; the place is kept after each slice, so a replica taking the job over continues. */
export function orphanSweeper(deps: RetentionDeps, place: PassPlace = placeInMemory()) {
  /** `passEnded`: this call reached the end of the blob store (the next starts a new pass). */
  return async function sweepSome(signal?: AbortSignal): Promise<{ removed: number; passEnded: boolean }> {
    const before = new Date(deps.clock.now().getTime() - ORPHAN_AFTER_MS);
    let cursor = await place.load();
    let [removed, seen] = [0, 0];
    for (let n = 0; n < SLICES_PER_ROUND && seen < KEYS_PER_ROUND && !signal?.aborted; n++) {
      const slice = await deps.bodies.scan(before, cursor);
      seen += slice.keys.length;
      removed += await removeUnnamed(deps, slice.keys);
      cursor = slice.cursor;
      if (!(await place.keep(cursor)) || !cursor) break;
    }
    if (removed > 0) deps.logger.info('retention removed orphaned bodies', { removed });
    return { removed, passEnded: cursor === undefined };
  };
}

async function removeUnnamed(deps: RetentionDeps, keys: string[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < keys.length; i += CHECK_BATCH) {
    const ids = keys.slice(i, i + CHECK_BATCH);
    const received = await deps.inboundMessages.storedIds(ids.filter((id) => id.startsWith('inb_')));
    const stored = new Set([...(await deps.messages.storedIds(ids.filter((id) => !id.startsWith('inb_')))), ...received]);
    for (const id of ids.filter((k) => !stored.has(k))) {
      await deps.bodies.remove(id);
      removed++;
    }
  }
  return removed;
}
