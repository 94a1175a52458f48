import request from 'supertest';
import { validateMessage } from '@mailplane/contracts';
import { expectContract } from '../../../test/support/contract';
import { sharedEvents } from '../../../test/support/events';
import { eventually } from '../../../test/support/eventually';
import { auth, headerOf, tenantWithDomain, waitForStatus, sendEmail } from '../../../test/support/mail';
import { scrape } from '../../../test/support/metrics';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({
  SEND_RATE_LIMIT: '1000',
  REPUTATION_MIN_VOLUME: '5',
  REPUTATION_BOUNCE_REVIEW: '0.2',
  REPUTATION_BOUNCE_PAUSE: '0.5',
});
const events = sharedEvents(platform, ['sending.*']);

const SIM = 'simulator.mailplane.test';
type Tenant = Awaited<ReturnType<typeof tenantWithDomain>>;
const eventsOf = (t: Tenant) => events.seen.filter((e) => e.tenantId === t.tenantId);

async function sendAll(t: Tenant, recipients: string[]) {
  const ids: string[] = [];
  for (const to of recipients) {
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `a@${t.domain}`, to, subject: 's', text: 'x' })
      .expect(202);
    ids.push(res.body.id);
  }
  for (const id of ids)
    await eventually(
      async () => (await request(platform.url).get(`/emails/${id}`).set(auth(t.key))).body.status !== 'queued',
      `${id} attempted`,
      10_000,
    );
  return ids;
}

const reputationOf = async (t: Tenant) => {
  const res = await request(platform.url).get('/reputation').set(auth(t.key)).expect(200);
  expectContract(res, 'getReputation');
  return res.body;
};

describe('tenant reputation', () => {
  it('when a tenant bounces past the pause threshold, then it is paused once, its sends answer 403 sending_paused, and another tenant sends on', async () => {
    const bad = await tenantWithDomain(platform);
    const good = await tenantWithDomain(platform);
    // Below the minimum volume nothing changes, however bad the rate.
    await sendAll(bad, [`bounce@${SIM}`, `bounce+2@${SIM}`]);
    await eventually(async () => (await reputationOf(bad)).attempted === 2, 'two attempts counted');
    expect(await reputationOf(bad)).toMatchObject({ status: 'healthy', bounced: 2, bounceRate: 1 });

    // reject@ (a spam refusal) and suppressed recipients are not bounces; full@ deferrals are not attempts yet.
    await sendAll(bad, [`accept@${SIM}`, `reject@${SIM}`, `bounce+3@${SIM}`]);
    await eventually(async () => eventsOf(bad).some((e) => e.type === 'sending.paused'), 'sending.paused');
    const paused = eventsOf(bad).find((e) => e.type === 'sending.paused')!;
    expect(validateMessage(paused)).toEqual([]);
    expect(paused.data).toMatchObject({ status: 'paused', previousStatus: 'healthy', attempted: 5, bounced: 3, bounceRate: 0.6 });
    expect(paused.data).toMatchObject({ thresholds: { bouncePause: 0.5, minVolume: 5 } });

    const reputation = await reputationOf(bad);
    expect(reputation).toMatchObject({ status: 'paused', attempted: 5, bounced: 3, bounceRate: 0.6, windowDays: 7 });
    expect(reputation.reason).toMatch(/bounce rate 60 %/);
    expect(reputation.identities).toEqual([
      { identityId: bad.identity.id, domain: bad.domain, bounceRate: 0.6, complaintRate: 0, attempted: 5 },
    ]);

    const refused = await sendEmail(platform, bad, { to: `accept@${SIM}` });
    expect(refused.status).toBe(403);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.body).toMatchObject({ code: 'sending_paused', reputation: '/reputation' });
    expect(refused.body.detail).toMatch(/bounce rate/);
    expectContract(refused, 'sendEmail');
    const batch = await request(platform.url)
      .post('/emails/batch')
      .set(auth(bad.key))
      .send([{ from: `a@${bad.domain}`, to: `accept@${SIM}`, subject: 's', text: 'x' }]);
    expect(batch.status).toBe(403);
    expect(batch.body.code).toBe('sending_paused');
    const test = await request(platform.url)
      .post('/emails/test')
      .set(auth(bad.key))
      .send({ to: `accept@${SIM}` });
    expect(test.status).toBe(403);
    expect(test.body.code).toBe('sending_paused');
    const listed = await request(platform.url).get('/emails').set(auth(bad.key)).expect(200);
    expect(listed.body.data).toHaveLength(5);

    // The other tenant is untouched.
    const sent = await sendEmail(platform, good, { to: `accept@${SIM}` }).expect(202);
    await waitForStatus(platform.url, good.key, sent.body.id, 'sent');
    expect((await reputationOf(good)).status).toBe('healthy');

    // One change, one event, however many counts followed.
    expect(eventsOf(bad).map((e) => e.type)).toEqual(['sending.paused']);
    expect(eventsOf(good)).toEqual([]);
    const metrics = await request(platform.url).get('/metrics');
    expect(metrics.text).toMatch(/mailplane_tenants_by_sending_status\{[^}]*status="paused"[^}]*\} 1/);
  });

  it('when a batch crosses the pause threshold midway, then the tenant is paused once, the rest of the batch is held unsent, and none of it is lost', async () => {
    const t = await tenantWithDomain(platform);
    // Six hard bounces now, then six messages due once the pause (about a second after the fifth bounce) is in force.
    const later = new Date(Date.now() + 4000).toISOString();
    const items = [
      ...Array.from({ length: 6 }, (_, i) => ({ to: `bounce+b${i}@${SIM}` })),
      ...Array.from({ length: 6 }, (_, i) => ({ to: `accept+a${i}@${SIM}`, scheduledAt: later })),
    ].map((item) => ({ from: `a@${t.domain}`, subject: 'batch', text: 'x', ...item }));
    const res = await request(platform.url).post('/emails/batch').set(auth(t.key)).send(items);
    expect(res.status).toBe(202);
    const ids: string[] = res.body.data.map((d: { id: string }) => d.id);
    const heldBefore = (await scrape(platform.url)).value('mailplane_delivery_held_total');
    await eventually(async () => eventsOf(t).some((e) => e.type === 'sending.paused'), 'sending.paused', 10_000);
    // Past their time, every one of the rest is held: claimed, put back unattempted, never relayed.
    await eventually(
      async () => (await scrape(platform.url)).value('mailplane_delivery_held_total') >= heldBefore + 6,
      'the rest held',
      15_000,
    );
    const statusOf = async (id: string) => (await request(platform.url).get(`/emails/${id}`).set(auth(t.key))).body;
    for (const m of await Promise.all(ids.slice(6).map(statusOf))) expect(m).toMatchObject({ status: 'queued', attempts: [] });
    const relayed = new Set(platform.sandbox.sink.messages().map((m) => headerOf(m, 'X-Mailplane-Message-Id')));
    expect(ids.slice(6).filter((id) => relayed.has(id))).toEqual([]);
    expect(eventsOf(t).map((e) => e.type)).toEqual(['sending.paused']);
    expect(await reputationOf(t)).toMatchObject({ status: 'paused', bounced: 6, attempted: 6 });
  });

  it('when a tenant reaches the review threshold only, then it is under review and keeps sending', async () => {
    const t = await tenantWithDomain(platform);
    await sendAll(t, [`accept@${SIM}`, `accept+2@${SIM}`, `accept+3@${SIM}`, `accept+4@${SIM}`, `bounce@${SIM}`]);
    await eventually(async () => eventsOf(t).some((e) => e.type === 'sending.review'), 'sending.review');
    expect(eventsOf(t)[0].data).toMatchObject({ status: 'under_review', bounceRate: 0.2, attempted: 5 });
    expect(await reputationOf(t)).toMatchObject({ status: 'under_review', bounceRate: 0.2 });
    await sendEmail(platform, t, { to: `accept@${SIM}` }).expect(202);
  });

  it('when recipients report the messages as spam, then the complaints are counted against what was sent and pause the tenant', async () => {
    const t = await tenantWithDomain(platform);
    const ids = await sendAll(t, [`complaint@${SIM}`, `accept@${SIM}`, `accept+2@${SIM}`, `accept+3@${SIM}`, `accept+4@${SIM}`]);
    await waitForStatus(platform.url, t.key, ids[0], 'complained');
    await eventually(async () => eventsOf(t).some((e) => e.type === 'sending.paused'), 'sending.paused');
    expect(eventsOf(t)[0].data).toMatchObject({ status: 'paused', complained: 1, complaintRate: 0.2, bounceRate: 0, attempted: 5 });
    expect(await reputationOf(t)).toMatchObject({ status: 'paused', complained: 1, sent: 5, complaintRate: 0.2 });
    expect((await reputationOf(t)).reason).toMatch(/^complaint rate 20 % reached 0.5 %/);
  });

  it('when a key restricted to one domain asks for the reputation, then it sees the tenant status and only its own identity', async () => {
    const t = await tenantWithDomain(platform);
    const domain = `o${Math.random().toString(36).slice(2, 8)}.example.test`;
    const identity = await request(platform.url).post('/identities').set(auth(t.key)).send({ domain }).expect(201);
    for (const record of identity.body.dnsRecords) platform.sandbox.dns.setTxt(record.name, [record.value]);
    await request(platform.url).post(`/identities/${identity.body.id}/verify`).set(auth(t.key)).expect(200);
    await sendAll(t, [`accept@${SIM}`]);
    await sendEmail(platform, t, { from: `a@${domain}`, to: `accept@${SIM}` }).expect(202);
    await eventually(async () => (await reputationOf(t)).attempted === 2, 'both counted');
    expect((await reputationOf(t)).identities.map((i: { domain: string }) => i.domain).sort()).toEqual([t.domain, domain].sort());
    const made = await request(platform.url)
      .post('/api-keys')
      .set(auth(t.key))
      .send({ name: 'shop', permission: 'full', domain: t.domain })
      .expect(201);
    const scoped = await request(platform.url).get('/reputation').set(auth(made.body.key)).expect(200);
    expect(scoped.body).toMatchObject({ status: 'healthy', attempted: 2 });
    expect(scoped.body.identities).toEqual([expect.objectContaining({ identityId: t.identity.id, domain: t.domain, attempted: 1 })]);
  });

  it('when a key of another tenant asks for the reputation, then it sees only its own, and suppressed recipients and deferrals are no bounces', async () => {
    const a = await tenantWithDomain(platform);
    const b = await tenantWithDomain(platform);
    await sendAll(a, [`bounce@${SIM}`]);
    await eventually(async () => (await reputationOf(a)).attempted === 1, 'counted');
    // A suppressed recipient is never attempted; deferrals count once, when they end, and a full mailbox is no bounce.
    const again = await sendEmail(platform, a, { to: `bounce@${SIM}` });
    expect(again.body.status).toBe('suppressed');
    const full = await sendEmail(platform, a, { to: `full@${SIM}` });
    const failed = await waitForStatus(platform.url, a.key, full.body.id, 'failed');
    expect(failed.body.attempts.length).toBeGreaterThan(1);
    await eventually(async () => (await reputationOf(a)).attempted === 2, 'the exhausted retries counted once');
    expect(await reputationOf(a)).toMatchObject({ attempted: 2, bounced: 1, bounceRate: 0.5 });
    expect(await reputationOf(b)).toMatchObject({ status: 'healthy', attempted: 0, identities: [] });
    await request(platform.url).get('/reputation').expect(401);
  });
});
