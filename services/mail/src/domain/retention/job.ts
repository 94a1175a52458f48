import type { Lease } from '@mailplane/store';
import { orphanSweeper } from './orphans';
import { purgeExpired, type RetentionDeps } from './purge';

/** Retention's lease: one replica purges and sweeps at a time, so no body is deleted twice. */
export const RETENTION_JOB = 'mail.retention';

export interface RetentionState {
  orphanCursor: string | null;
}

/** `signal` aborts between batches once the lease is lost; the orphan pass continues from the place the last holder kept. */
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
