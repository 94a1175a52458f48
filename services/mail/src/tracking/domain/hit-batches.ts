import type { Logger } from '@mailplane/runtime';
import type { TrackingClaim } from '../tokens';
import type { EngagementKind } from '../data-access/engagement-repo';

export interface Hit {
  kind: EngagementKind;
  userAgent: string | null;
  at: Date;
}

export interface PendingHit {
  claim: TrackingClaim;
  hit: Hit;
}

export interface HitBatches {
  /** Takes a hit to be recorded with the others of the next FLUSH_AFTER_MS; never waits, never throws. */
  add(claim: TrackingClaim, hit: Hit): void;
  flush(): Promise<void>;
}

// Redirects answer at once; the hits of this long are recorded together, in one round of writes per message.
const FLUSH_AFTER_MS = 50;
const BATCH_SIZE = 1000;
// While the store cannot keep up, hits beyond this wait nowhere: they are not counted (the contract allows a lost count).
const MOST_WAITING = 20_000;

/** One batch at a time; a crash loses what was gathered and not yet recorded, at most FLUSH_AFTER_MS of hits. */
export function hitBatches(record: (hits: PendingHit[]) => Promise<void>, logger: Logger): HitBatches {
  let gathered: PendingHit[] = [];
  let waiting = 0;
  let dropped = 0;
  let timer: NodeJS.Timeout | null = null;
  let recorded = Promise.resolve();

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = gathered;
    gathered = [];
    if (dropped > 0) logger.warn('opens or clicks not counted: the store is behind', { count: dropped });
    dropped = 0;
    if (batch.length === 0) return recorded;
    recorded = recorded
      .then(() => record(batch))
      .catch((err: unknown) => logger.warn('opens or clicks not recorded', { count: batch.length, err }))
      .finally(() => (waiting -= batch.length));
    return recorded;
  }

  return {
    add(claim, hit) {
      if (waiting >= MOST_WAITING) {
        dropped += 1;
        return;
      }
      waiting += 1;
      gathered.push({ claim, hit });
      if (gathered.length >= BATCH_SIZE) void flush();
      else timer ??= setTimeout(() => void flush(), FLUSH_AFTER_MS).unref();
    },
    flush,
  };
}
