import request from 'supertest';
import { newId } from '@mailplane/runtime';
import { carrying } from '@mailplane/store';
import { expectContract } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { sharedPlatform } from '../../../test/support/platform';
import { sweepAudit } from '../src/domain/audit-sweep';
import { auditRecord, OPERATOR } from '../src/domain/audit';
import { auth } from '../../../test/support/mail';

const platform = sharedPlatform({ AUDIT_SWEEP_MS: '100' });

async function auditLog(key: string, query: Record<string, string | number> = {}) {
  const res = await request(platform.url).get('/audit-log').query(query).set(auth(key));
  expect(res.status).toBe(200);
  expectContract(res, 'listAuditLog');
  return res.body as { data: Array<Record<string, any>>; nextCursor: string | null };
}

describe('audit log', () => {
  it('when a key is created and revoked, then the log shows both changes, newest first, with who made them and from where', async () => {
    const { key } = await platform.newTenant();
    const [actor] = (await request(platform.url).get('/api-keys').set(auth(key))).body.data;
    const created = await request(platform.url).post('/api-keys').set(auth(key)).set('User-Agent', 'deploy-bot/1.0').send({ name: 'CI' });
    const revoked = await request(platform.url).delete(`/api-keys/${created.body.id}`).set(auth(key)).set('User-Agent', 'deploy-bot/1.0');
    expect(revoked.status).toBe(204);

    const { data, nextCursor } = await auditLog(key);
    const mine = data.filter((r) => r.target.id === created.body.id);
    expect(mine.map((r) => r.operationId)).toEqual(['revokeApiKey', 'createApiKey']);
    expect(mine[1]).toMatchObject({
      actor: { type: 'key', id: actor.id, name: 'Default key' },
      userAgent: 'deploy-bot/1.0',
      requestId: created.headers['x-request-id'],
      target: { type: 'apiKey', id: created.body.id },
      changes: { name: 'CI', permission: 'full' },
    });
    expect(mine[0].requestId).toBe(revoked.headers['x-request-id']);
    expect(mine[0].ip).toMatch(/127\.0\.0\.1|::1/);
    expect(nextCursor).toBeNull();
    expect(JSON.stringify(data)).not.toContain(created.body.key.slice(-43));
  });

  it("when the operator creates a tenant, then its first key's creation is recorded as the operator's", async () => {
    const { key } = await platform.newTenant();
    const { data } = await auditLog(key, { operationId: 'createApiKey' });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ actor: { type: 'operator', id: 'operator' }, changes: { name: 'Default key' } });
    expect(JSON.stringify(data)).not.toContain(key.slice(-43));
  });

  it('when the log is read by filter and by cursor, then each page holds only matching records and every record comes once', async () => {
    const { key } = await platform.newTenant();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (
          await request(platform.url)
            .post('/api-keys')
            .set(auth(key))
            .send({ name: `k${i}` })
        ).body.id,
      );
    await request(platform.url).delete(`/api-keys/${ids[2]}`).set(auth(key)).expect(204);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: Array<Record<string, any>>; nextCursor: string | null } = await auditLog(key, {
        operationId: 'createApiKey',
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((r) => r.target.id));
      cursor = page.nextCursor;
    } while (cursor);
    // The tenant's first key and the five made here, newest first, each once.
    expect(seen.slice(0, 5)).toEqual([...ids].reverse());
    expect(seen).toHaveLength(6);

    const byTarget = await auditLog(key, { targetId: ids[2] });
    expect(byTarget.data.map((r) => r.operationId)).toEqual(['revokeApiKey', 'createApiKey']);
    const [defaultKey] = (await request(platform.url).get('/api-keys').set(auth(key))).body.data;
    expect((await auditLog(key, { actorId: defaultKey.id })).data).toHaveLength(6);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await auditLog(key, { from: future })).data).toHaveLength(0);
    expect((await auditLog(key, { to: future })).data).toHaveLength(7);
  });

  it('when a webhook endpoint is created, changed, its secret rotated and deleted, then the log shows each without a secret or URL path', async () => {
    const { key } = await platform.newTenant();
    const url = 'https://hooks.example.com/T000/s3cret-path?token=s3cret-query';
    const created = await request(platform.url)
      .post('/webhooks/endpoints')
      .set(auth(key))
      .send({ url, eventTypes: ['email.sent'] });
    expect(created.status).toBe(201);
    const { id } = created.body;
    await request(platform.url).patch(`/webhooks/endpoints/${id}`).set(auth(key)).send({ description: 'billing' }).expect(204);
    const rotated = await request(platform.url).post(`/webhooks/endpoints/${id}/rotate-secret`).set(auth(key));
    expect(rotated.status).toBe(200);
    await request(platform.url).delete(`/webhooks/endpoints/${id}`).set(auth(key)).expect(204);
    expect((await request(platform.url).get('/webhooks/endpoints').set(auth(key))).body.total).toBe(0);

    let records: Array<Record<string, any>> = [];
    await eventually(async () => (records = (await auditLog(key, { targetId: id })).data).length === 4, 'four endpoint records');
    expect(records.map((r) => r.operationId)).toEqual([
      'deleteWebhookEndpoint',
      'rotateWebhookEndpointSecret',
      'updateWebhookEndpoint',
      'createWebhookEndpoint',
    ]);
    expect(records[0].changes).toEqual({ url: 'https://hooks.example.com/…' });
    expect(records[3]).toMatchObject({
      actor: { type: 'key', name: 'Default key' },
      target: { type: 'webhookEndpoint', id },
      requestId: created.headers['x-request-id'],
      changes: { url: 'https://hooks.example.com/…', eventTypes: ['email.sent'] },
    });
    expect(records[2].changes).toEqual({ description: 'billing' });
    const text = JSON.stringify(records);
    for (const secret of ['s3cret', created.body.secret, rotated.body.secret]) expect(text).not.toContain(secret);
  });

  it('when an identity is created, changed, verified and deleted, then the log shows each without its DKIM key, and the domain is free again at once', async () => {
    const { key } = await platform.newTenant();
    const domain = `a${Date.now().toString(36)}.example.test`;
    const created = await request(platform.url).post('/identities').set(auth(key)).send({ domain });
    expect(created.status).toBe(201);
    const { id } = created.body;
    await request(platform.url)
      .patch(`/identities/${id}`)
      .set(auth(key))
      .send({ tracking: { clicks: true }, trackingDomain: `links.${domain}` })
      .expect(200);
    await request(platform.url).post(`/identities/${id}/verify`).set(auth(key)).expect(200);
    await request(platform.url).delete(`/identities/${id}`).set(auth(key)).expect(204);
    expect((await request(platform.url).get('/identities').set(auth(key))).body.total).toBe(0);
    // The deleted identity's tombstone holds no place: the same domain is created again.
    await request(platform.url).post('/identities').set(auth(key)).send({ domain }).expect(201);

    let records: Array<Record<string, any>> = [];
    await eventually(async () => (records = (await auditLog(key, { targetId: id })).data).length === 4, 'four identity records');
    expect(records.map((r) => r.operationId)).toEqual(['deleteIdentity', 'verifyIdentity', 'updateIdentity', 'createIdentity']);
    expect(records[3]).toMatchObject({
      actor: { type: 'key', name: 'Default key' },
      target: { type: 'identity', id },
      requestId: created.headers['x-request-id'],
      changes: { domain, selector: created.body.selector, inbound: false },
    });
    expect(records[2].changes).toEqual({ tracking: { opens: false, clicks: true }, trackingDomain: `links.${domain}` });
    expect(records[1].changes).toMatchObject({ status: 'failed' });
    expect(records[0].changes).toEqual({ domain });
    const text = JSON.stringify(records);
    expect(text).not.toMatch(/PRIVATE KEY|sealed/i);
    expect(text).not.toContain(created.body.dnsRecords[0].value);
  });

  it('when the gateway died between a change and moving its record, then the sweep moves the record, once', async () => {
    const { key, tenantId } = await platform.newTenant();
    const { deps } = platform.gateway;
    // A key as a crash leaves it: written with its audit record, which nobody moved to the log.
    const at = new Date(Date.now() - 60_000);
    const id = newId('key', at.getTime());
    const actor = { type: 'key' as const, id: 'key_00000000000000000000000000', name: 'Default key', ip: null, userAgent: null };
    const record = auditRecord(
      deps,
      tenantId,
      { actor, requestId: 'req_crash' },
      { operationId: 'createApiKey', target: { type: 'apiKey', id }, changes: { name: 'left' } },
      at,
    );
    await deps.keys.insert({
      _id: id,
      tenantId,
      name: 'left',
      permission: 'full',
      prefix: 'mp_000000000',
      secretHash: 'x',
      createdAt: at,
      lastUsedAt: null,
      revokedAt: null,
      changedAt: at,
      changeSeq: 1,
      ...carrying([record]),
    });

    await eventually(async () => (await auditLog(key, { targetId: id })).data.length === 1, 'the sweep to move the record');
    // A second move (two sweeps overlapping at a lease handover) finds it there.
    await deps.auditLog.insert(record);
    await sweepAudit(deps, new AbortController().signal);
    expect((await auditLog(key, { targetId: id })).data).toHaveLength(1);
  });

  it('when the gateway died after adding and then removing a member, before moving either record, then the sweep moves both, once', async () => {
    const { key, tenantId } = await platform.newTenant();
    const { deps } = platform.gateway;
    const at = new Date(Date.now() - 60_000);
    const memberId = newId('mem', at.getTime());
    const context = { actor: { ...OPERATOR, ip: null, userAgent: null }, requestId: 'req_crash' };
    const change = (operationId: string) => ({ operationId, target: { type: 'member', id: memberId }, changes: {} });
    await deps.members.insert({
      _id: memberId,
      tenantId,
      email: 'left@team.example',
      signInEmail: 'left@team.example',
      name: 'Left',
      role: 'viewer',
      passwordHash: null,
      createdAt: at,
      removedAt: null,
      changedAt: at,
      changeSeq: 1,
      ...carrying([auditRecord(deps, tenantId, context, change('createMember'), at)]),
    });
    const member = { tenantId, memberId };
    await deps.members.remove(member, at, auditRecord(deps, tenantId, context, change('removeMember'), new Date(at.getTime() + 1)));

    await eventually(async () => (await auditLog(key, { targetId: memberId })).data.length === 2, 'the sweep to move both records');
    await sweepAudit(deps, new AbortController().signal);
    expect((await auditLog(key, { targetId: memberId })).data.map((r) => r.operationId)).toEqual(['removeMember', 'createMember']);
  });
});
