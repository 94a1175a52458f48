import { auditEvent } from '@mailplane/runtime';
import { bindAuditQueue, testAudit, type AuditQueue } from '../../../test/support/audit';
import { eventually } from '../../../test/support/eventually';
import type { IdentityRecord } from '../src/data-access/identities-repo';
import { createIdentity } from '../src/domain/identities';
import { isSuppressed, suppress } from '../src/domain/suppressions';
import { mailCluster, type MailCluster, type MailReplica } from './support/replicas';

let cluster: MailCluster;
let replica: MailReplica;
let audit: AuditQueue;
beforeAll(async () => {
  // The outbox sweep runs every 50 ms; what a change wrote 2 s ago and nobody published was left by a crash.
  cluster = await mailCluster({ OUTBOX_SWEEP_MS: '50' });
  replica = await cluster.replica();
  // The gateway's queue: every audit record the service publishes.
  audit = await bindAuditQueue(cluster.broker);
});
afterAll(async () => {
  await audit.cancel();
  await cluster.stop();
});

const operationsOn = (id: string) => audit.records.filter((r) => r.data.target.id === id).map((r) => r.data.operationId);
const deletion = (tenantId: string, operationId: string, target: { type: string; id: string }, at: Date) =>
  auditEvent(tenantId, testAudit, { operationId, target, changes: {} }, at);

describe('audited mail changes after a crash', () => {
  it("when an identity's deletion died before publishing its record, then it is gone at once, its domain is free, and the sweep publishes the record once, the tombstone keeping it its minute", async () => {
    const { deps } = replica.mail;
    const identity = await createIdentity(deps, 'ten_crash', { domain: 'crash.example.test' }, testAudit);
    const at = new Date(Date.now() - 5000);
    // The deletion's write, as the request made it before the process died: no publish, no drop.
    const event = deletion('ten_crash', 'deleteIdentity', { type: 'identity', id: identity._id }, at);
    expect(await deps.identities.remove(identity, at, [event])).not.toBeNull();
    expect(await deps.identities.byId('ten_crash', identity._id)).toBeNull();
    expect(await deps.identities.count('ten_crash')).toBe(0);
    const again = await createIdentity(deps, 'ten_crash', { domain: 'crash.example.test' }, testAudit);

    await eventually(() => operationsOn(identity._id).length === 2, 'the deletion published');
    expect(operationsOn(identity._id)).toEqual(['createIdentity', 'deleteIdentity']);
    // A start on new queues would publish it again meanwhile; the sweep removes the tombstone once the minute passed.
    const tombstone = await replica.store.collection<IdentityRecord>('identities').findOne({ _id: identity._id });
    expect(tombstone?.keptEvents?.map((e) => e.id)).toContain(event.id);
    expect(tombstone?.keptUntil?.getTime()).toBeGreaterThan(Date.now());
    expect(operationsOn(again._id)).toEqual(['createIdentity']);
  });

  it("when a removal's request died before publishing its record and the address is added again, then it is suppressed, and both records are published once", async () => {
    const { deps } = replica.mail;
    await suppress(deps, 'ten_again', { email: 'back@example.org', reason: 'manual' }, testAudit);
    const at = new Date(Date.now() - 5000);
    const target = { type: 'suppression', id: 'back@example.org' };
    expect(
      await deps.suppressions.remove('ten_again', 'back@example.org', [deletion('ten_again', 'removeSuppression', target, at)], at),
    ).not.toBeNull();
    expect(await isSuppressed(deps, 'ten_again', 'back@example.org')).toBe(false);
    // The tombstone still holds the address's id: the new suppression revives it, the removal's record still waiting.
    expect((await suppress(deps, 'ten_again', { email: 'back@example.org', reason: 'manual' }, testAudit)).created).toBe(true);
    expect(await isSuppressed(deps, 'ten_again', 'back@example.org')).toBe(true);

    await eventually(() => operationsOn('back@example.org').length === 3, 'three suppression records');
    expect(operationsOn('back@example.org')).toEqual(['addSuppression', 'removeSuppression', 'addSuppression']);
    expect(await isSuppressed(deps, 'ten_again', 'back@example.org')).toBe(true);
  });
});
