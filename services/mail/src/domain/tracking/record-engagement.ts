import { carrying } from '@mailplane/store';
import type { EngagementKind } from '../../data-access/engagement-repo';
import type { MessageRecord } from '../../data-access/messages-repo';
import { machineReason, MAX_USER_AGENT } from '../../tracking/machines';
import type { TrackingClaim } from '../../tracking/tokens';
import type { MailDeps } from '../deps';
import { messageEvent } from '../events';
import { recipientsOf } from '../recipients';
import { countEvent } from '../stats';

/** One fetch of a tracked link or image, as the redirect saw it. */
export interface Hit {
  kind: EngagementKind;
  userAgent: string | null;
  at: Date;
}

const DAY_MS = 24 * 3600 * 1000;
// Long enough for the outbox to announce the event even when the body is already gone.
const EVENT_MIN_KEEP_MS = 2 * DAY_MS;
/**
 * Opens (or clicks) of one message announced as events; beyond, they are only counted. Whoever holds a link can
 * fetch it without end: this bounds what that costs the store and the tenant's webhook endpoint.
 */
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
 * Records an open or click after its answer was sent: counts it (a person's first makes `first`), writes its event
 * and publishes it (the first MAX_EVENTS_PER_MESSAGE of its kind for the message). A message retention already removed is not reported. Lost in a crash before the write, the
 * open or click is lost; after it, the outbox sweeper publishes its event.
 */
export async function recordEngagement(deps: MailDeps, claim: TrackingClaim, hit: Hit): Promise<void> {
  const message = await deps.messages.byId(claim.tenantId, claim.messageId);
  if (!message) return;
  const machine = machineReason({ ...hit, sentAt: message.sentAt, windowMs: deps.config.tracking.machineWindowMs });
  const recordExpires = new Date(message.createdAt.getTime() + deps.config.retention.messageDays * DAY_MS);
  const counted = await deps.engagement.count(claim.tenantId, claim.messageId, hit.kind, machine !== null, hit.at, recordExpires);
  const first = machine === null && counted.people === 1;
  if (first) countEvent(deps, claim.tenantId, hit.kind === 'open' ? 'opened' : 'clicked', hit.at);
  if (machine !== null && hit.kind === 'open') countEvent(deps, claim.tenantId, 'machineOpens', hit.at);
  if (counted.all > MAX_EVENTS_PER_MESSAGE) return;
  const event = eventOf(message, claim, hit, first, machine);
  const keepUntil = Math.max(message.bodyExpiresAt?.getTime() ?? 0, hit.at.getTime() + EVENT_MIN_KEEP_MS);
  const record = {
    _id: event.id,
    tenantId: claim.tenantId,
    messageId: claim.messageId,
    at: hit.at,
    expiresAt: new Date(keepUntil),
    ...carrying([event]),
  };
  await deps.engagement.insertEvent(record);
  await announceEngagement(deps, record).catch((err) => deps.logger.warn('engagement stored, event not yet published', { err }));
}

export async function announceEngagement(deps: MailDeps, record: Parameters<MailDeps['engagement']['announce']>[0]) {
  await deps.engagement.announce(record, (event) => deps.broker.publish(event));
}
