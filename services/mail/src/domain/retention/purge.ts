import { setImmediate as yieldToSends } from 'node:timers/promises';
import type { MessageRecord } from '../../data-access/messages-repo';
import { describeAttachments, hasInlineBody } from '../bodies';
import type { MailDeps } from '../deps';
import { daysBefore } from './policy';
import { purgeInbound } from '../inbound/retention';

export type RetentionDeps = Pick<MailDeps, 'messages' | 'bodies' | 'inboundMessages' | 'inboundBodies' | 'clock' | 'config' | 'logger'>;

const BATCH = 100;
// A backlog (the first start over a year of mail) drains over several rounds rather than holding the store.
const MAX_BATCHES_PER_ROUND = 20;

/** Each step deletes the blob before it changes the record, so after a crash the next round repeats it (a blob gone is fine). */
export async function purgeExpired(
  deps: RetentionDeps,
  signal?: AbortSignal,
): Promise<{ bodies: number; records: number; received: number }> {
  const purged = { bodies: 0, records: 0, received: 0 };
  for (let batch = 0; batch < MAX_BATCHES_PER_ROUND && !signal?.aborted; batch++) {
    const bodies = await purgeBodies(deps);
    const records = await purgeRecords(deps);
    const received = await purgeInbound(deps);
    purged.bodies += bodies;
    purged.records += records;
    purged.received += received;
    if (bodies < BATCH && records < BATCH && received < BATCH) break;
    await yieldToSends();
  }
  if (purged.bodies + purged.records + purged.received > 0) deps.logger.info('retention purged', purged);
  return purged;
}

const blobHeld = (message: MessageRecord) => !hasInlineBody(message) && !message.bodyPurgedAt;

async function purgeBodies(deps: RetentionDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.messages.bodiesDue(now, daysBefore(now, deps.config.retention.bodyDays), BATCH);
  for (const message of due) {
    if (blobHeld(message)) await deps.bodies.remove(message._id);
    await deps.messages.bodyPurged(message._id, now, message.attachedFiles ?? describeAttachments(message.attachments ?? []));
  }
  return due.length;
}

async function purgeRecords(deps: RetentionDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.messages.recordsDue(daysBefore(now, deps.config.retention.messageDays), BATCH);
  for (const message of due) {
    if (blobHeld(message)) await deps.bodies.remove(message._id);
    await deps.messages.deleteFinal(message._id);
  }
  return due.length;
}
