import { uncached } from '@mailplane/broker';
import { auditEvent, newId, type AuditedChange } from '@mailplane/runtime';
import { carrying, createStore, type Store } from '@mailplane/store';
import { gatewayConfig } from '../../services/gateway/src/config';
import { apiKeysRepo, type ApiKeyRecord } from '../../services/gateway/src/data-access/api-keys-repo';
import { sessionsRepo, type SessionsRepo } from '../../services/gateway/src/data-access/sessions-repo';
import { auditRecord } from '../../services/gateway/src/domain/audit';
import { issueToken, SESSION_TOKEN } from '../../services/gateway/src/domain/key-token';
import { identitiesRepo } from '../../services/mail/src/data-access/identities-repo';
import { inboundRoutesRepo } from '../../services/mail/src/data-access/inbound-routes-repo';
import { suppressionsRepo } from '../../services/mail/src/data-access/suppressions-repo';
import { templatesRepo } from '../../services/mail/src/templates/data-access/templates-repo';
import { testAudit } from './audit';

/** A service's store on PostgreSQL, opened beside its running replicas (a connection of the test's own). */
export const serviceStore = (url: string, service: 'gateway' | 'mail'): Promise<Store> =>
  createStore({ postgresUrl: url, schema: `mailplane_${service}`, poolSize: 2 });

/**
 * API keys written as `createApiKey` writes them, each carrying its creation's audit record, whose move into the
 * log never happened (the gateway died between the two): what the audit sweep is for. Their ids.
 */
export async function keysWithUnmovedRecords(store: Store, tenantId: string, n: number): Promise<string[]> {
  const at = new Date(Date.now() - 60_000);
  const keys: ApiKeyRecord[] = Array.from({ length: n }, (_, i) => {
    const issued = issueToken(newId('key', at.getTime()));
    const change = { operationId: 'createApiKey', target: { type: 'apiKey', id: issued.keyId }, changes: { name: `k${i}` } };
    return {
      _id: issued.keyId,
      tenantId,
      name: `k${i}`,
      permission: 'full',
      domain: null,
      prefix: issued.prefix,
      secretHash: issued.secretHash,
      createdAt: at,
      lastUsedAt: null,
      revokedAt: null,
      changedAt: at,
      changeSeq: 1,
      ...carrying([auditRecord({ config: gatewayConfig({}) }, tenantId, testAudit, change, at)]),
    };
  });
  const repo = apiKeysRepo(store, uncached());
  for (const key of keys) await repo.insert(key);
  return keys.map((k) => k._id);
}

/**
 * A session as a sign-in of `memberId` writes it at `at`, carrying its sign-in's record, whose move into the log never
 * happened (the gateway died between the session's insert and the move); `endedAt`, signed out since, as a sign-out
 * leaves such a session. Its id, bearer token and record's id.
 */
export async function sessionWithUnmovedRecord(sessions: SessionsRepo, tenantId: string, memberId: string, at: Date, endedAt?: Date) {
  const issued = issueToken(newId('ses', at.getTime()), SESSION_TOKEN);
  const change = {
    operationId: 'createSession',
    target: { type: 'member', id: memberId },
    changes: { method: 'password', secondFactor: false },
  };
  const record = auditRecord({ config: gatewayConfig({}) }, tenantId, testAudit, change, at);
  const session = {
    _id: issued.keyId,
    tenantId,
    memberId,
    secretHash: issued.secretHash,
    createdAt: at,
    expiresAt: new Date(at.getTime() + 3_600_000),
    ...(endedAt ? { endedAt } : {}),
  };
  await sessions.insert(session, [record]);
  return { sessionId: session._id, token: issued.token, recordId: record._id };
}

/**
 * Sessions with unmoved sign-in records for the members `mem_s<i>`; every other one signed out since (ended, kept until
 * its record moves). Written ended, not ended after: a replica sweeping meanwhile could move a record first, and the
 * sign-out would then rightly delete its session. The members' ids.
 */
export async function sessionsWithUnmovedRecords(store: Store, tenantId: string, n: number): Promise<string[]> {
  const at = new Date(Date.now() - 60_000);
  const repo = sessionsRepo(store);
  const members = Array.from({ length: n }, (_, i) => `mem_s${i}`);
  for (const [i, memberId] of members.entries()) await sessionWithUnmovedRecord(repo, tenantId, memberId, at, i % 2 ? at : undefined);
  return members;
}

/** Ids of a tenant's live records in mail, by kind, as the API made them. */
export interface MailRecords {
  identities: string[];
  routes: string[];
  templates: string[];
  suppressions: string[];
}

/**
 * Deletes them as mail's domain does (each a tombstone carrying its deletion's audit record) and publishes nothing,
 * as a mail replica killed between its write and its publish leaves them. The deletions' operation ids by target id.
 */
export async function tombstonesWithUnpublishedRecords(store: Store, tenantId: string, made: MailRecords): Promise<Map<string, string>> {
  const at = new Date();
  const deleted = new Map<string, string>();
  const event = (operationId: string, type: string, id: string) => {
    deleted.set(id, operationId);
    const change: AuditedChange = { operationId, target: { type, id }, changes: {} };
    return [auditEvent(tenantId, testAudit, change, at)];
  };
  const identities = identitiesRepo(store, uncached());
  for (const id of made.identities) {
    const record = await identities.byId(tenantId, id);
    if (!record) throw new Error(`no identity ${id}`);
    await identities.remove(record, at, event('deleteIdentity', 'identity', id));
  }
  for (const id of made.routes) await inboundRoutesRepo(store).remove(tenantId, id, event('deleteInboundRoute', 'inboundRoute', id), at);
  for (const id of made.templates) await templatesRepo(store).remove(tenantId, id, event('deleteTemplate', 'template', id), at);
  for (const email of made.suppressions)
    await suppressionsRepo(store, { quiet: uncached(), short: uncached() }).remove(
      tenantId,
      email,
      event('removeSuppression', 'suppression', email),
      at,
    );
  return deleted;
}

/**
 * Tombstones in mail's audited collections still waiting for their record's publish: a published one keeps its record
 * a minute (for a start on new queues) before the sweep removes it, which the store's contract tests.
 */
export async function tombstonesLeft(store: Store): Promise<number> {
  let left = 0;
  for (const name of ['identities', 'inbound_routes', 'templates', 'suppressions'])
    left += await store.collection(name).count({ deletedAt: { $gt: new Date(0) }, keptUntil: null });
  return left;
}
