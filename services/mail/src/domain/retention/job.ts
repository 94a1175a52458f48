import type { Lease } from '@mailplane/store';
import { orphanSweeper } from './orphans';
import { purgeExpired, type RetentionDeps } from './purge';

/** Retention's lease: one replica purges and sweeps at a time, so no body is deleted twice. */
export const RETENTION_JOB = 'mail.retention';

/** What retention keeps with its lease: where the pass over the blob store stands. */
export interface RetentionState {
  orphanCursor: string | null;
}

/**
 * Runs under the lease `RETENTION_JOB`; `signal` aborts between batches once the lease is lost. One round: due
 * bodies and records, then a slice of the orphan pass, continued from the place the last holder kept.
 */
export function retentionRound(deps: RetentionDeps, lease: Pick<Lease<RetentionState>, 'state' | 'keep'>) {
  const sweepOrphans = orphanSweeper(deps, {
    load: async () => (await lease.state())?.orphanCursor ?? undefined,
    keep: (cursor) => lease.keep({ orphanCursor: cursor ?? null }),
  });
  return async (signal?: AbortSignal) => {
    await purgeExpired(deps, signal);
    if (!signal?.aborted) await sweepOrphans(signal);
  };
}
