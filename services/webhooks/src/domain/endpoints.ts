import { AppError, type WebhookEventType } from '@mailplane/contracts';
import { auditEvent, newId, pageOf, publishOptionsOf, type AuditContext } from '@mailplane/runtime';
import { carrying } from '@mailplane/store';
import type { EndpointChanges, EndpointRecord } from '../data-access/endpoints-repo';
import type { WebhooksDeps } from './deps';
import { endpointLimit } from './plans';
import { newSecret } from './signing';

const ROTATION_OVERLAP_MS = 24 * 3600_000;

type EventTypes = (WebhookEventType | '*')[];

export function endpointView(r: EndpointRecord) {
  return {
    id: r._id,
    url: r.url,
    eventTypes: r.eventTypes,
    description: r.description,
    disabled: r.disabled,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

// A URL may hold a credential in its path or query (many receivers' URLs do): the audit log keeps its origin only.
const auditedUrl = (url: string) => `${new URL(url).origin}/…`;

function auditedFields(fields: { url?: string; eventTypes?: EventTypes; description?: string; disabled?: boolean }) {
  const { url, ...rest } = fields;
  return { ...rest, ...(url === undefined ? {} : { url: auditedUrl(url) }) };
}

const endpointChange = (id: string, operationId: string, changes: Record<string, unknown>) => ({
  operationId,
  target: { type: 'webhookEndpoint', id },
  changes,
});

/** The sweeper publishes what this fails to, and removes a deleted endpoint's tombstone once its record is published. */
async function announceEndpoint(deps: WebhooksDeps, record: EndpointRecord) {
  try {
    await deps.endpoints.announce(record, (event) => deps.broker.publish(event, publishOptionsOf(event)));
  } catch (err) {
    deps.logger.warn('endpoint change stored, not yet announced', { err, endpointId: record._id });
  }
}

// The contract admits http:// for loopback hosts; only a sandboxed service may use them.
function checkUrl(deps: WebhooksDeps, url: string) {
  if (url.startsWith('http://') && !deps.config.sandbox) {
    throw new AppError('validation_failed', 'Webhook URLs must be https.', {
      extra: { errors: [{ path: '/body/url', message: 'must be https' }] },
    });
  }
}

export async function createEndpoint(
  deps: WebhooksDeps,
  tenantId: string,
  input: { url: string; eventTypes: EventTypes; description?: string; disabled?: boolean },
  audit: AuditContext,
) {
  checkUrl(deps, input.url);
  const now = deps.clock.now();
  const secret = newSecret();
  const id = newId('whe', now.getTime());
  const record: EndpointRecord = {
    _id: id,
    tenantId,
    url: input.url,
    eventTypes: input.eventTypes,
    description: input.description ?? '',
    disabled: input.disabled ?? false,
    secrets: [{ sealed: deps.keyBox.seal(secret, id), expiresAt: null }],
    createdAt: now,
    updatedAt: now,
    changeSeq: 1,
    ...carrying([auditEvent(tenantId, audit, endpointChange(id, 'createWebhookEndpoint', auditedFields(input)), now)]),
  };
  const { plan, limit } = await endpointLimit(deps, tenantId);
  if (!record.disabled) await deps.mailListeners.widen(tenantId, record.eventTypes);
  if (!(await deps.endpoints.insertWithin(record, limit))) {
    throw new AppError('endpoint_limit_reached', `The ${plan} plan allows ${limit} webhook endpoints; delete one or change plan.`, {
      extra: { limit, plan },
    });
  }
  await announceEndpoint(deps, record);
  return { ...endpointView(record), secret };
}

export async function getEndpoint(deps: WebhooksDeps, tenantId: string, id: string) {
  const record = await deps.endpoints.byId(tenantId, id);
  if (!record) throw new AppError('not_found', `No webhook endpoint ${id}`);
  return record;
}

export async function listEndpoints(deps: WebhooksDeps, tenantId: string, page: { limit: number; offset: number }) {
  return pageOf(page, deps.endpoints.list(tenantId, page), deps.endpoints.count(tenantId), endpointView);
}

export async function updateEndpoint(deps: WebhooksDeps, tenantId: string, id: string, changes: EndpointChanges, audit: AuditContext) {
  if (changes.url !== undefined) checkUrl(deps, changes.url);
  const now = deps.clock.now();
  if (changes.disabled !== true && (changes.eventTypes !== undefined || changes.disabled === false)) {
    const eventTypes = changes.eventTypes ?? (await getEndpoint(deps, tenantId, id)).eventTypes;
    await deps.mailListeners.widen(tenantId, eventTypes);
  }
  const event = auditEvent(tenantId, audit, endpointChange(id, 'updateWebhookEndpoint', auditedFields(changes)), now);
  const updated = await deps.endpoints.update(tenantId, id, changes, now, [event]);
  if (!updated) throw new AppError('not_found', `No webhook endpoint ${id}`);
  await announceEndpoint(deps, updated);
}

export async function deleteEndpoint(deps: WebhooksDeps, tenantId: string, id: string, audit: AuditContext) {
  const { url } = await getEndpoint(deps, tenantId, id);
  const now = deps.clock.now();
  const event = auditEvent(tenantId, audit, endpointChange(id, 'deleteWebhookEndpoint', { url: auditedUrl(url) }), now);
  const removed = await deps.endpoints.remove(tenantId, id, now, [event]);
  if (!removed) throw new AppError('not_found', `No webhook endpoint ${id}`);
  await announceEndpoint(deps, removed);
}

/** A new secret; the current one keeps signing for 24 hours, and an older one still overlapping is dropped. */
export async function rotateSecret(deps: WebhooksDeps, tenantId: string, id: string, audit: AuditContext) {
  const record = await getEndpoint(deps, tenantId, id);
  const now = deps.clock.now();
  const previousSecretExpiresAt = new Date(now.getTime() + ROTATION_OVERLAP_MS);
  const secret = newSecret();
  const secrets = [
    { sealed: deps.keyBox.seal(secret, id), expiresAt: null },
    { sealed: record.secrets[0].sealed, expiresAt: previousSecretExpiresAt },
  ];
  const changes = { secret: 'rotated', previousSecretExpiresAt: previousSecretExpiresAt.toISOString() };
  const event = auditEvent(tenantId, audit, endpointChange(id, 'rotateWebhookEndpointSecret', changes), now);
  const rotated = await deps.endpoints.replaceSecrets(tenantId, id, secrets, now, [event]);
  if (!rotated) throw new AppError('not_found', `No webhook endpoint ${id}`);
  await announceEndpoint(deps, rotated);
  return { secret, previousSecretExpiresAt: previousSecretExpiresAt.toISOString() };
}

/** The secrets that sign a delivery now: the current one, and the previous one until its overlap ends. */
export function signingSecrets(deps: Pick<WebhooksDeps, 'clock' | 'keyBox'>, record: EndpointRecord): string[] {
  const now = deps.clock.now().getTime();
  return record.secrets
    .filter((s) => s.expiresAt === null || s.expiresAt.getTime() > now)
    .map((s) => deps.keyBox.open(s.sealed, record._id));
}

export const subscribesTo = (record: EndpointRecord, type: string) => record.eventTypes.some((t) => t === '*' || t === type);
