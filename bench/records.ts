// The records the services store, built for seeding; shapes follow the gateway's and mail's data-access/*-repo.ts.
import { newId } from '@mailplane/runtime';
import { openKeyBox } from '@mailplane/secrets';
import { uncached } from '@mailplane/broker';
import type { Store } from '@mailplane/store';
import { apiKeysRepo } from '../services/gateway/src/data-access/api-keys-repo';
import { tenantsRepo } from '../services/gateway/src/data-access/tenants-repo';
import { issueToken } from '../services/gateway/src/domain/key-token';
import { identitiesRepo } from '../services/mail/src/data-access/identities-repo';
import { messagesRepo } from '../services/mail/src/data-access/messages-repo';
import { generateDkimKeyPair } from '../services/mail/src/dkim/keys';
import { recordsToPublish } from '../services/mail/src/domain/dns-records';

export const COLLECTIONS = { tenants: 'tenants', apiKeys: 'api_keys', identities: 'identities', messages: 'messages' } as const;
export const STATUSES = ['sent', 'failed', 'suppressed'] as const;
const SPF_INCLUDE = 'spf.mailplane.test';

/** The services' own indexes (their repositories' init). */
export async function createIndexes(gateway: Store, mail: Store): Promise<void> {
  await tenantsRepo(gateway).init();
  await apiKeysRepo(gateway, uncached()).init();
  await identitiesRepo(mail, uncached()).init();
  await messagesRepo(mail).init();
}

export function tenantRecords(now: Date) {
  const tenantId = newId('ten', now.getTime());
  const issued = issueToken(newId('key', now.getTime()));
  const tenant = { _id: tenantId, name: 'Bench', sandbox: true, createdAt: now };
  const apiKey = {
    _id: issued.keyId,
    tenantId,
    name: 'Default key',
    permission: 'full',
    prefix: issued.prefix,
    secretHash: issued.secretHash,
    createdAt: now,
    lastUsedAt: null,
    revokedAt: null,
  };
  return { tenant, apiKey, token: issued.token };
}

/** A verified identity whose DKIM key is sealed with the mail service's secret; its TXT records to publish. */
export async function identityRecord(tenantId: string, domain: string, dkimKeySecret: string, now: Date) {
  const keys = await generateDkimKeyPair();
  const dnsRecords = recordsToPublish(domain, 'mp1', keys.publicKeyBase64, SPF_INCLUDE).map((r) => ({ ...r, status: 'found' as const }));
  const id = newId('idn', now.getTime());
  return {
    _id: id,
    tenantId,
    domain,
    selector: 'mp1',
    status: 'verified',
    sealedPrivateKey: (await openKeyBox(dkimKeySecret)).seal(keys.privateKeyPem, id),
    publicKey: keys.publicKeyBase64,
    dnsRecords,
    createdAt: now,
    verifiedAt: now,
    lastCheckedAt: now,
    pendingEvents: [],
    eventsPending: false,
  };
}

const WORDS = ['invoice', 'receipt', 'welcome', 'password', 'reset', 'order', 'shipped', 'weekly', 'report', 'alert', 'your', 'account'];
const pick = <T>(list: readonly T[], r: number): T => list[Math.floor(r * list.length) % list.length];

const BODY_RETENTION_MS = 30 * 86_400_000;

/** Message `i` of a seeded history: final statuses only (start-up would re-dispatch a live one), old bodies purged. */
export function messageRecord(i: number, tenantId: string, identityId: string, domain: string, now: number, ageMs: number) {
  const r = (k: number) => (((Math.sin(i * 12.9898 + k * 78.233) * 43758.5453) % 1) + 1) % 1;
  const createdAt = new Date(now - ageMs);
  const status = r(1) < 0.92 ? STATUSES[0] : r(1) < 0.96 ? STATUSES[1] : STATUSES[2];
  const subject = `${pick(WORDS, r(2))} ${pick(WORDS, r(3))} #${i}`;
  const paragraph = `Hello, this is message ${i} about your ${pick(WORDS, r(4))}. `;
  const text = paragraph.repeat(3 + Math.floor(r(5) * 60));
  const sentAt = new Date(createdAt.getTime() + 800);
  const attempt = {
    at: sentAt,
    outcome: status === 'failed' ? 'failed' : 'sent',
    smtpCode: status === 'failed' ? 550 : 250,
    response: '250 2.0.0 OK',
  };
  const bodyExpiresAt = new Date(createdAt.getTime() + BODY_RETENTION_MS);
  const purged = bodyExpiresAt.getTime() <= now;
  const record = {
    _id: newId('msg', createdAt.getTime()),
    tenantId,
    kind: 'standard',
    status,
    identityId,
    from: `Bench <bench@${domain}>`,
    to: `user${i % 50_000}@example${i % 7}.org`,
    subject,
    replyTo: null,
    headers: {},
    tags: r(7) < 0.2 ? [{ name: 'category', value: pick(WORDS, r(8)) }] : [],
    metadata: {},
    attachedFiles: [],
    bodyExpiresAt,
    bodyPurgedAt: purged ? bodyExpiresAt : null,
    createdAt,
    updatedAt: sentAt,
    sentAt: status === 'sent' ? sentAt : null,
    attempts: status === 'suppressed' ? [] : [attempt],
    nextAttemptAt: createdAt,
    dispatchedAt: createdAt,
    leaseUntil: null,
    pendingEvents: [],
    eventsPending: false,
  };
  const body = purged ? null : { text, html: r(6) < 0.4 ? `<p>${text}</p>` : null, attachments: [] };
  return { record, body };
}
