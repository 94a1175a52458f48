import request from 'supertest';
import { lateBounce } from '../../../sandbox/smtp-reports';
import { auth, suppressedAddresses } from '../../../test/support/mail';
import { engineEnv, storeEngines } from '../../../test/support/engines';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { deliverReport } from './support/report-listener';
import { sendAndCapture, tenantWithReturnPath } from '../../../test/support/return-path';

describe.each(storeEngines())("a report on one identity's return path changes nothing of another tenant, stores on %s", (engine) => {
  let platform: TestPlatform;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const stores = await engineEnv(engine);
    drop = stores.drop;
    platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000', ...stores.env });
  });
  afterAll(async () => {
    await platform.stop();
    await drop();
  });

  const read = async (t: { key: string }, id: string) => (await request(platform.url).get(`/emails/${id}`).set(auth(t.key))).body;

  it("when a report carries this tenant's return path moved to another tenant's verified return path domain, then RCPT TO is refused with 550 and nothing changes", async () => {
    const mine = await tenantWithReturnPath(platform);
    const theirs = await tenantWithReturnPath(platform);
    const sent = await sendAndCapture(platform, mine, 'kept@example.org');
    const before = await read(mine, sent.id);
    const moved = sent.mailFrom.replace(`@${mine.returnPathDomain}`, `@${theirs.returnPathDomain}`);
    await expect(deliverReport(platform, moved, lateBounce(moved, 'kept@example.org', sent.raw))).rejects.toMatchObject({
      responseCode: 550,
    });
    // The same local part on the operator's bounce domain is no return path either.
    const onOperator = sent.mailFrom.replace(`@${mine.returnPathDomain}`, '@bounces.mailplane.test');
    await expect(deliverReport(platform, onOperator, lateBounce(onOperator, 'kept@example.org', sent.raw))).rejects.toMatchObject({
      responseCode: 550,
    });
    expect(await read(mine, sent.id)).toEqual(before);
    expect(await suppressedAddresses(platform, mine.key)).toEqual([]);
    expect(await suppressedAddresses(platform, theirs.key)).toEqual([]);
  });

  it('when the identity is deleted, then reports on its return path domain are refused with 550', async () => {
    const t = await tenantWithReturnPath(platform);
    const sent = await sendAndCapture(platform, t, 'kept@example.org');
    await request(platform.url).delete(`/identities/${t.id}`).set(auth(t.key)).expect(204);
    await expect(deliverReport(platform, sent.mailFrom, lateBounce(sent.mailFrom, 'kept@example.org', sent.raw))).rejects.toMatchObject({
      responseCode: 550,
    });
    expect(await suppressedAddresses(platform, t.key)).toEqual([]);
  });

  it("when another tenant names this tenant's domain and return path domain, then its return path never verifies from records this tenant published", async () => {
    const owner = await tenantWithReturnPath(platform);
    const { key } = await platform.newTenant();
    const copy = await request(platform.url)
      .post('/identities')
      .set(auth(key))
      .send({ domain: owner.domain, returnPathDomain: owner.returnPathDomain })
      .expect(201);
    const checked = await request(platform.url).post(`/identities/${copy.body.id}/verify`).set(auth(key)).expect(200);
    // Both return path records are there (the owner published them), but its DKIM key is not: nothing proves the domain.
    expect(
      checked.body.dnsRecords.filter((r: { purpose: string }) => r.purpose === 'returnPath').map((r: { status: string }) => r.status),
    ).toEqual(['found', 'found']);
    expect(checked.body.status).toBe('failed');
    expect(checked.body.returnPath.status).toBe('failed');
    expect(checked.body.alignment).toEqual({ dkim: false, spf: false });
  });

  it('when a report comes to a return path domain no identity has verified, then RCPT TO is refused with 550', async () => {
    const pending = await tenantWithReturnPath(platform, { publishReturnPath: false });
    expect(pending.verified.body.returnPath.status).toBe('failed');
    const sent = await sendAndCapture(platform, pending, 'kept@example.org');
    expect(sent.mailFrom).toMatch(/@bounces\.mailplane\.test$/);
    const guessed = sent.mailFrom.replace('@bounces.mailplane.test', `@${pending.returnPathDomain}`);
    await expect(deliverReport(platform, guessed, lateBounce(guessed, 'kept@example.org', sent.raw))).rejects.toMatchObject({
      responseCode: 550,
    });
    expect(await suppressedAddresses(platform, pending.key)).toEqual([]);
  });

  it("when the return path domain is not a subdomain of the identity's domain, then creating it is refused with 400 and nothing is made", async () => {
    const { key } = await platform.newTenant();
    const domain = `x${Math.random().toString(36).slice(2, 8)}.example.test`;
    for (const returnPathDomain of [`send.other-${domain}`, `send${domain}`, domain]) {
      const res = await request(platform.url).post('/identities').set(auth(key)).send({ domain, returnPathDomain }).expect(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ path: '/body/returnPathDomain' })] });
    }
    expect((await request(platform.url).get('/identities').set(auth(key))).body.total).toBe(0);
  });
});
