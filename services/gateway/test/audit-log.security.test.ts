import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { sharedPlatform } from '../../../test/support/platform';
import { asText } from './support/text-body';
import { auth } from '../../../test/support/mail';

const platform = sharedPlatform();

const get = (key: string, query: Record<string, string | number> = {}) =>
  request(platform.url).get('/audit-log').query(query).set(auth(key));

/** The export's JSON lines as one string. */
const exportText = (key: string, query: Record<string, string> = {}) =>
  request(platform.url).get('/audit-log/export').query(query).set(auth(key)).buffer(true).parse(asText);

describe('audit log isolation', () => {
  it("when a tenant reads the log with another tenant's ids or cursor, then it sees none of the other's records", async () => {
    const victim = await platform.newTenant('Victim');
    const attacker = await platform.newTenant('Attacker');
    const made: Array<{ id: string }> = [];
    for (const name of ['a', 'b', 'c'])
      made.push((await request(platform.url).post('/api-keys').set(auth(victim.key)).send({ name })).body);
    const victimLog = await get(victim.key, { limit: 1 });
    const [victimRecord] = victimLog.body.data;

    const attempts = [
      await get(attacker.key),
      await get(attacker.key, { targetId: made[0].id }),
      await get(attacker.key, { actorId: victimRecord.actor.id }),
      await get(attacker.key, { cursor: victimLog.body.nextCursor }),
      await get(attacker.key, { operationId: 'createApiKey', limit: 100 }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(200);
      expectContract(res, 'listAuditLog');
      const text = JSON.stringify(res.body);
      expect(text).not.toContain(victim.tenantId);
      for (const key of made) expect(text).not.toContain(key.id);
      expect(res.body.data.every((r: { target: { id: string } }) => !made.some((k) => k.id === r.target.id))).toBe(true);
    }
  });

  it("when a tenant exports the log, then the lines hold none of another tenant's records", async () => {
    const victim = await platform.newTenant('Victim');
    const attacker = await platform.newTenant('Attacker');
    const made = (await request(platform.url).post('/api-keys').set(auth(victim.key)).send({ name: 'v' })).body;
    const exported = await exportText(attacker.key, { targetId: made.id });
    expect(exported.status).toBe(200);
    expect(exported.body).toBe('');
    const own = await exportText(attacker.key);
    expect(own.body).toContain('Default key');
    expect(own.body).not.toContain(victim.tenantId);
    expect(own.body).not.toContain(made.id);
  });

  it('when a sending-only key reads the log, then 401 restricted_api_key', async () => {
    const { key } = await platform.newTenant();
    const sending = await request(platform.url).post('/api-keys').set(auth(key)).send({ name: 'app', permission: 'sending' });
    expectProblem(await get(sending.body.key), 401, 'restricted_api_key', 'listAuditLog');
    const exported = await request(platform.url).get('/audit-log/export').set(auth(sending.body.key));
    expectProblem(exported, 401, 'restricted_api_key', 'exportAuditLog');
  });

  it('when no key or a revoked key reads the log, then 401', async () => {
    const { key } = await platform.newTenant();
    const other = await request(platform.url).post('/api-keys').set(auth(key)).send({ name: 'soon revoked' });
    await request(platform.url).delete(`/api-keys/${other.body.id}`).set(auth(key)).expect(204);
    expectProblem(await request(platform.url).get('/audit-log'), 401, 'unauthorized', 'listAuditLog');
    expectProblem(await get(other.body.key), 401, 'unauthorized', 'listAuditLog');
  });

  it('when keys are made, then no secret reaches the log', async () => {
    const { key } = await platform.newTenant();
    const made = await request(platform.url).post('/api-keys').set(auth(key)).send({ name: 'secret-holder' });
    const text = JSON.stringify((await get(key)).body);
    expect(text).not.toContain(made.body.key.slice(-43));
    expect(text).not.toContain(key.slice(-43));
  });
});
