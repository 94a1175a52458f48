import { authenticate } from 'mailauth';
import request from 'supertest';
import { createTxtResolver } from '../src/dns/resolver';
import { lateBounce } from '../../../sandbox/smtp-reports';
import { expectContract } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth, suppressedAddresses, waitForStatus } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';
import { deliverReport } from './support/report-listener';
import { sendAndCapture, tenantWithReturnPath } from '../../../test/support/return-path';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });

describe('an identity with a return path domain of its own', () => {
  it('when created with one, then its MX and SPF records to publish are listed with purpose returnPath and it is pending', async () => {
    const t = await tenantWithReturnPath(platform, { publishReturnPath: false });
    expectContract(t.created, 'createIdentity');
    const records = t.created.body.dnsRecords.filter((r: { purpose: string }) => r.purpose === 'returnPath');
    expect(records).toEqual([
      { purpose: 'returnPath', type: 'MX', name: t.returnPathDomain, value: 'bounces.mailplane.test', priority: 10, status: 'unchecked' },
      { purpose: 'returnPath', type: 'TXT', name: t.returnPathDomain, value: 'v=spf1 ip4:127.0.0.0/8 ~all', status: 'unchecked' },
    ]);
    expect(t.created.body.returnPath).toEqual({ domain: t.returnPathDomain, status: 'pending', lastCheckedAt: null });
    expect(t.created.body.returnPathDomain).toBe(t.returnPathDomain);
    expect(t.created.body.alignment).toBeNull();
  });

  it('when its records are published and verified, then every message leaves with MAIL FROM on the return path domain and SPF and DKIM align', async () => {
    const t = await tenantWithReturnPath(platform);
    expectContract(t.verified, 'verifyIdentity');
    expect(t.verified.body.returnPath).toEqual({ domain: t.returnPathDomain, status: 'verified', lastCheckedAt: expect.any(String) });
    expect(t.verified.body.alignment).toEqual({ dkim: true, spf: true });
    const sent = await sendAndCapture(platform, t);
    expect(sent.mailFrom).toMatch(
      new RegExp(`^bounces\\+${sent.id}-0-[0-9a-z]+-[0-9a-f]{16}@${t.returnPathDomain.replace(/\./g, '\\.')}$`),
    );
  });

  it("when the sandbox DNS page's Publish records button is pressed, then the return path records are published and verify finds them", async () => {
    const { key } = await platform.newTenant();
    const domain = `p${Math.random().toString(36).slice(2, 8)}.example.test`;
    const created = await request(platform.url)
      .post('/identities')
      .set(auth(key))
      .send({ domain, returnPathDomain: `send.${domain}` })
      .expect(201);
    const page = await request(platform.sandbox.pageUrl)
      .post('dns/publish')
      .type('form')
      .send({ key, identity: created.body.id })
      .expect(200);
    expect(page.text).toContain(`Published the records of ${domain}`);
    const verified = await request(platform.url).post(`/identities/${created.body.id}/verify`).set(auth(key)).expect(200);
    expect(verified.body.returnPath.status).toBe('verified');
  });

  it('when a receiver authenticates its message (mailauth, the sandbox DNS), then SPF passes on the return path domain and DMARC passes aligned on both SPF and DKIM', async () => {
    const t = await tenantWithReturnPath(platform);
    const sent = await sendAndCapture(platform, t);
    const dns = createTxtResolver({ servers: [`${platform.sandbox.dns.host}:${platform.sandbox.dns.port}`] });
    const result = await authenticate(sent.raw, {
      ip: '127.0.0.1',
      sender: sent.mailFrom,
      helo: 'localhost',
      mta: 'mx.receiver.test',
      resolver: dns.lookup as (name: string, rrtype: string) => Promise<string[][]>,
      disableArc: true,
      disableBimi: true,
    });
    expect(result.spf).toMatchObject({ domain: t.returnPathDomain, status: { result: 'pass' } });
    expect(result.dmarc).toMatchObject({ status: { result: 'pass' } });
    expect(result.dmarc && result.dmarc.alignment).toMatchObject({
      spf: { result: t.returnPathDomain },
      dkim: { result: t.domain },
    });
  });

  it('when a bounce comes back to that return path, then the recipient is suppressed for the tenant', async () => {
    const t = await tenantWithReturnPath(platform);
    const sent = await sendAndCapture(platform, t, 'gone@example.org');
    await deliverReport(platform, sent.mailFrom, lateBounce(sent.mailFrom, 'gone@example.org', sent.raw));
    await eventually(async () => (await suppressedAddresses(platform, t.key)).includes('gone@example.org'), 'suppressed');
  });

  it("when the sandbox's simulator complains about a message, then the complaint comes back on the return path domain and the recipient is suppressed", async () => {
    const t = await tenantWithReturnPath(platform);
    const sent = await sendAndCapture(platform, t, 'complaint@simulator.mailplane.test');
    expect(sent.mailFrom.endsWith(`@${t.returnPathDomain}`)).toBe(true);
    await waitForStatus(platform.url, t.key, sent.id, 'complained');
    expect(await suppressedAddresses(platform, t.key)).toEqual(['complaint@simulator.mailplane.test']);
  });

  it('when the return path is set by PATCH, then its records are added pending and removed again with null', async () => {
    const t = await tenantWithReturnPath(platform);
    const other = `bounce.${t.domain}`;
    const patched = await request(platform.url).patch(`/identities/${t.id}`).set(auth(t.key)).send({ returnPathDomain: other }).expect(200);
    expectContract(patched, 'updateIdentity');
    expect(patched.body.returnPath).toEqual({ domain: other, status: 'pending', lastCheckedAt: null });
    expect(
      patched.body.dnsRecords.filter((r: { purpose: string }) => r.purpose === 'returnPath').map((r: { name: string }) => r.name),
    ).toEqual([other, other]);
    expect((await sendAndCapture(platform, t)).mailFrom).toMatch(/@bounces\.mailplane\.test$/);

    const removed = await request(platform.url).patch(`/identities/${t.id}`).set(auth(t.key)).send({ returnPathDomain: null }).expect(200);
    expect(removed.body.returnPath).toBeNull();
    expect(removed.body.returnPathDomain).toBeNull();
    expect(removed.body.dnsRecords.some((r: { purpose: string }) => r.purpose === 'returnPath')).toBe(false);
  });
});
