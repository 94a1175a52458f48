import type { Envelope } from '@mailplane/contracts';
import type { AuditedRecord, AuditedRecords } from '@mailplane/store';
import type { MailDeps } from '../deps';
import { announceChange } from '../announce';
import { announceReceived } from '../inbound/receive';
import { releaseDue } from '../scheduling/release';
import { announceEngagement } from '../../tracking/domain/record-engagement';
import { dispatch, publishPending } from './dispatch';
import { recoverGoneReplicas } from './recovery';

const BATCH = 500;
// A message just stored is being dispatched by its request; give that a moment before stepping in.
const GRACE_MS = 2000;

/** The outbox sweep's lease: one replica sweeps at a time, so no sweep puts a message on the queue twice. */
export const OUTBOX_SWEEP_JOB = 'mail.outbox-sweep';

/** Runs under the lease `OUTBOX_SWEEP_JOB`; `signal` aborts between steps once the lease is lost. */
export async function sweep(deps: MailDeps, signal?: AbortSignal): Promise<number> {
  const each = async <T>(items: T[], step: (item: T) => Promise<unknown>) => {
    for (const item of items) if (!signal?.aborted) await step(item);
    return items.length;
  };
  const released = await releaseDue(deps);
  const recovered = await recoverGoneReplicas(deps, signal);
  const now = deps.clock.now();
  const due = await deps.messages.dueForDispatch(now, { graceMs: GRACE_MS, redispatchAfterMs: deps.config.redispatchAfterMs }, BATCH);
  const dispatched = await each(due, (message) => dispatch(deps, message, Math.max(0, message.nextAttemptAt.getTime() - now.getTime())));
  if (dispatched > 0) deps.logger.info('outbox sweep put messages on the queue again', { messages: dispatched });
  const settled = new Date(now.getTime() - GRACE_MS);
  // A queued or deferred message's events go out with its next dispatch, above; these are final statuses.
  const unannounced = await each(await deps.messages.unannouncedFinal(settled, BATCH), (m) => publishPending(deps, m));
  await deps.messages.dropKept();
  const engagement = await each(await deps.engagement.unannounced(settled, BATCH), (r) => announceEngagement(deps, r));
  const received = await each(await deps.inboundMessages.unannounced(settled, BATCH), (r) => announceReceived(deps, [r]));
  const audited =
    (await sweepAudited(deps, deps.identities, settled, signal)) +
    (await sweepAudited(deps, deps.suppressions, settled, signal)) +
    (await sweepAudited(deps, deps.inboundRoutes, settled, signal)) +
    (await sweepAudited(deps, deps.templates, settled, signal)) +
    (await sweepAudited(deps, deps.reputation, settled, signal));
  return released + recovered + dispatched + unannounced + engagement + received + audited;
}

type Audited<T extends AuditedRecord<Envelope>> = Pick<AuditedRecords<T>, 'announce' | 'dropTombstones' | 'dropKept'> & {
  unannounced(before: Date, limit: number): Promise<T[]>;
};

async function sweepAudited<T extends AuditedRecord<Envelope>>(deps: MailDeps, records: Audited<T>, settled: Date, signal?: AbortSignal) {
  const pending = await records.unannounced(settled, BATCH);
  for (const record of pending) if (!signal?.aborted) await announceChange(deps, records, record);
  // A published record is kept a minute (a start on new queues publishes it again); its tombstone stays as long.
  await records.dropKept();
  await records.dropTombstones();
  return pending.length;
}
