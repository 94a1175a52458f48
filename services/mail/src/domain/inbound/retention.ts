import type { MailDeps } from '../deps';
import { daysBefore } from '../retention/policy';

const BATCH = 100;

/** The blob goes before the record changes, so a crash leaves the step due and the next round repeats it. */
export async function purgeInbound(deps: Pick<MailDeps, 'inboundMessages' | 'inboundBodies' | 'clock' | 'config'>): Promise<number> {
  const now = deps.clock.now();
  const bodies = await deps.inboundMessages.bodiesDue(now, BATCH);
  for (const message of bodies) {
    await deps.inboundBodies.remove(message._id);
    await deps.inboundMessages.bodyPurged(message._id, now);
  }
  const records = await deps.inboundMessages.recordsDue(daysBefore(now, deps.config.retention.messageDays), BATCH);
  for (const message of records) {
    if (!message.bodyPurgedAt) await deps.inboundBodies.remove(message._id);
    await deps.inboundMessages.remove(message._id);
  }
  return bodies.length + records.length;
}
