import { carrying } from '@mailplane/store';
import type { MessageRecord } from '../../data-access/messages-repo';
import { machineReason, MAX_USER_AGENT } from '../machines';
import type { TrackingClaim } from '../tokens';
import type { MailDeps } from '../../domain/deps';
import type { Hit, PendingHit } from './hit-batches';
import { messageEvent } from '../../domain/events';
import { recipientsOf } from '../../domain/recipients';
import { countEvent } from '../../domain/stats';

const DAY_MS = 24 * 3600 * 1000;
// Long enough for the outbox to announce the event even when the body is already gone.
const EVENT_MIN_KEEP_MS = 2 * DAY_MS;
/** Events per message and kind; beyond, hits are only counted: whoever holds a link can fetch it without end. */
export const MAX_EVENTS_PER_MESSAGE = 200;

function eventOf(message: MessageRecord, claim: TrackingClaim, hit: Hit, first: boolean, machine: string | null) {
  const recipients = recipientsOf(message);
  const common = {
    recipient: recipients.length === 1 ? recipients[0].address : null,
    userAgent: hit.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
    first,
    machine: machine !== null,
    machineReason: machine,
  };
  return hit.kind === 'open'
    ? messageEvent(message, 'email.opened', hit.at, { ...common, openedAt: hit.at.toISOString() })
    : messageEvent(message, 'email.clicked', hit.at, { ...common, url: claim.url, clickedAt: hit.at.toISOString() });
}

/**
 * One count write per message and kind (a person's first makes `first`, whichever replica records it). Hits lost in
 * a crash before that write are lost; after it, the outbox sweeper publishes their events.
 */
export async function recordEngagements(deps: MailDeps, hits: PendingHit[]): Promise<void> {
  const groups = new Map<string, PendingHit[]>();
  for (const h of hits) {
    const key = `${h.claim.tenantId}\n${h.claim.messageId}\n${h.hit.kind}`;
    const group = groups.get(key);
    if (group) group.push(h);
    else groups.set(key, [h]);
  }
  for (const group of groups.values()) {
    await recordOfOneMessage(deps, group).catch((err) =>
      deps.logger.warn('opens or clicks not recorded', { messageId: group[0].claim.messageId, count: group.length, err }),
    );
  }
}

async function recordOfOneMessage(deps: MailDeps, hits: PendingHit[]): Promise<void> {
  const { tenantId, messageId } = hits[0].claim;
  const kind = hits[0].hit.kind;
  const message = await deps.messages.byId(tenantId, messageId);
  if (!message) return;
  const windowMs = deps.config.tracking.machineWindowMs;
  const judged = hits.map((h) => ({ ...h, machine: machineReason({ ...h.hit, sentAt: message.sentAt, windowMs }) }));
  const people = judged.filter((h) => h.machine === null).map((h) => h.hit.at);
  const recordExpires = new Date(message.createdAt.getTime() + deps.config.retention.messageDays * DAY_MS);
  const counted = await deps.engagement.count(
    tenantId,
    messageId,
    kind,
    { people: people.length, machines: judged.length - people.length, firstAt: people[0], lastAt: people[people.length - 1] },
    recordExpires,
  );
  let peopleSoFar = counted.people - people.length;
  let allSoFar = counted.all - judged.length;
  for (const { claim, hit, machine } of judged) {
    allSoFar += 1;
    const first = machine === null && ++peopleSoFar === 1;
    if (first) countEvent(deps, tenantId, kind === 'open' ? 'opened' : 'clicked', hit.at);
    if (machine !== null && kind === 'open') countEvent(deps, tenantId, 'machineOpens', hit.at);
    if (allSoFar <= MAX_EVENTS_PER_MESSAGE) await recordEvent(deps, message, eventOf(message, claim, hit, first, machine), hit.at);
  }
}

async function recordEvent(deps: MailDeps, message: MessageRecord, event: ReturnType<typeof eventOf>, at: Date): Promise<void> {
  const keepUntil = Math.max(message.bodyExpiresAt?.getTime() ?? 0, at.getTime() + EVENT_MIN_KEEP_MS);
  const record = {
    _id: event.id,
    tenantId: message.tenantId,
    messageId: message._id,
    at,
    expiresAt: new Date(keepUntil),
    ...carrying([event]),
  };
  await deps.engagement.insertEvent(record);
  await announceEngagement(deps, record).catch((err) => deps.logger.warn('engagement stored, event not yet published', { err }));
}

export async function announceEngagement(deps: MailDeps, record: Parameters<MailDeps['engagement']['announce']>[0]) {
  await deps.engagement.announce(record, (event) => deps.broker.publish(event));
}
