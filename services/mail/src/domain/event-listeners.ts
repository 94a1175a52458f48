import { AppError, isWebhookEventType } from '@mailplane/contracts';
import { LISTENERS_SETTLED_MS, type TenantRecord } from '../data-access/entitlements-repo';
import type { MessageRecord } from '../data-access/messages-repo';
import type { MailDeps } from './deps';

// A widen's endpoint is stored right after it: a narrow read before that must not drop its types (docs/decisions/event-listeners.md).
const NARROW_QUIET_MS = 60_000;
const MAX_TYPES = 64;

/** Whether an event of `type` about the tenant is published: always, until the webhooks service said what it listens for. */
export function announces(tenant: TenantRecord | null, type: string): boolean {
  const types = tenant?.listensTo;
  return types === undefined || types.includes('*') || types.includes(type);
}

const anyEmailEvent = (types: string[]) => types.some((t) => t === '*' || t.startsWith('email.'));

/** A message accepted now goes without its outcome events when nothing of the tenant listens for any `email.*` event. */
export function silentFor(tenant: TenantRecord | null): boolean {
  const types = tenant?.listensTo;
  return types !== undefined && !anyEmailEvent(types);
}

function checkedTypes(eventTypes: unknown): string[] {
  const valid =
    Array.isArray(eventTypes) &&
    eventTypes.length <= MAX_TYPES &&
    eventTypes.every((t) => t === '*' || (typeof t === 'string' && isWebhookEventType(t)));
  if (!valid) throw new AppError('validation_failed', `eventTypes must list at most ${MAX_TYPES} webhook event types or '*'.`);
  return eventTypes as string[];
}

/** As the tenant's record says now (read through the replicas' cache, settled once a widen answered). */
export async function stillSilent(deps: MailDeps, message: Pick<MessageRecord, 'silent' | 'tenantId'>): Promise<boolean> {
  return message.silent === true && silentFor(await deps.entitlements.byTenant(message.tenantId));
}

/**
 * Before an endpoint is stored or enabled: its types are published from this answer on, outcomes of messages accepted silent
 * included. The answer waits until no replica can hold the record as it was before.
 */
export async function widenListeners(deps: MailDeps, tenantId: string, eventTypes: unknown): Promise<void> {
  const types = checkedTypes(eventTypes);
  const before = await deps.entitlements.widenListeners(tenantId, types, deps.clock.now());
  if (before !== undefined && !anyEmailEvent(before) && anyEmailEvent(types)) await deps.messages.announceLive(tenantId);
  await new Promise((resolve) => setTimeout(resolve, LISTENERS_SETTLED_MS));
}

/** Every type the tenant's enabled endpoints listen for, as the webhooks service read them; refused soon after a widen. */
export async function narrowListeners(deps: MailDeps, tenantId: string, eventTypes: unknown): Promise<{ applied: boolean }> {
  const types = checkedTypes(eventTypes);
  const now = deps.clock.now();
  const applied = await deps.entitlements.narrowListeners(tenantId, types, now, new Date(now.getTime() - NARROW_QUIET_MS));
  if (applied) deps.logger.info('event listeners narrowed', { tenantId, eventTypes: types });
  return { applied };
}
