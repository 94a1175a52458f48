import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { auth, headerOf, tenantWithDomain, verifyWithPublishedRecord, waitForStatus, sendEmail } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000', RETRY_SCHEDULE: '100ms,100ms' });

const SIM = 'simulator.mailplane.test';
const copiesOf = (id: string) => platform.sandbox.sink.messages().filter((m) => headerOf(m, 'X-Mailplane-Message-Id') === id);
const used = async (key: string) => (await request(platform.url).get('/billing/state').set(auth(key))).body.usage.used as number;

describe('several recipients', () => {
  it('when an email has to, cc and bcc lists, then one signed message reaches each of them in a transaction of its own, the Bcc only through the envelope', async () => {
    const t = await tenantWithDomain(platform);
    const res = await sendEmail(platform, t, {
      to: ['Ann <ann@example.org>', 'bob@example.org'],
      cc: '"Doe, Cy" <cy@example.org>',
      bcc: ['hidden@example.org'],
      subject: 'to many',
      text: 'hello all',
    }).expect(202);
    expectContract(res, 'sendEmail');
    const received = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id);
    expect(headerOf(received, 'To')).toBe('Ann <ann@example.org>, bob@example.org');
    expect(headerOf(received, 'Cc')).toBe('"Doe, Cy" <cy@example.org>');
    expect(headerOf(received, 'Bcc')).toBeUndefined();
    expect(received.raw.toString('latin1')).not.toContain('hidden@example.org');
    expect(headerOf(received, 'List-Unsubscribe')).toBeUndefined();
    expect((await verifyWithPublishedRecord(received.raw, t.identity.dnsRecords)).status.result).toBe('pass');

    const sent = await waitForStatus(platform.url, t.key, res.body.id, 'sent');
    expectContract(sent, 'getEmail');
    expect(sent.body.to).toBe('Ann <ann@example.org>, bob@example.org');
    expect(sent.body.recipients).toEqual([
      { email: 'ann@example.org', name: 'Ann', kind: 'to', status: 'sent', smtpCode: 250, response: expect.any(String) },
      { email: 'bob@example.org', name: null, kind: 'to', status: 'sent', smtpCode: 250, response: expect.any(String) },
      { email: 'cy@example.org', name: 'Doe, Cy', kind: 'cc', status: 'sent', smtpCode: 250, response: expect.any(String) },
      { email: 'hidden@example.org', name: null, kind: 'bcc', status: 'sent', smtpCode: 250, response: expect.any(String) },
    ]);
    // One transaction per recipient, each from the return path that speaks for that recipient alone, same signature.
    const copies = copiesOf(res.body.id);
    expect(copies.flatMap((c) => c.envelope.to).sort()).toEqual([
      'ann@example.org',
      'bob@example.org',
      'cy@example.org',
      'hidden@example.org',
    ]);
    expect(copies.every((c) => c.envelope.to.length === 1)).toBe(true);
    expect(new Set(copies.map((c) => c.envelope.from)).size).toBe(4);
    expect(new Set(copies.map((c) => headerOf(c, 'DKIM-Signature'))).size).toBe(1);

    for (const recipient of ['hidden@example.org', 'CY@example.org']) {
      const found = await request(platform.url).get('/emails').query({ recipient }).set(auth(t.key)).expect(200);
      expectContract(found, 'listEmails');
      expect(found.body.data.map((m: { id: string }) => m.id)).toEqual([res.body.id]);
    }
    expect((await request(platform.url).get('/emails').query({ recipient: 'nobody@example.org' }).set(auth(t.key))).body.total).toBe(0);
  });

  it('when the MTA refuses one recipient for good and another for now, then the rest get it once, the bounced address is suppressed and the other is retried alone', async () => {
    const t = await tenantWithDomain(platform);
    const res = await sendEmail(platform, t, { to: [`accept@${SIM}`, `bounce@${SIM}`], cc: `full@${SIM}`, subject: 'mixed' }).expect(202);
    const done = await waitForStatus(platform.url, t.key, res.body.id, 'sent');
    expect(done.body.recipients).toEqual([
      expect.objectContaining({ email: `accept@${SIM}`, status: 'sent', smtpCode: 250 }),
      expect.objectContaining({ email: `bounce@${SIM}`, status: 'failed', smtpCode: 550, response: expect.stringContaining('5.1.1') }),
      expect.objectContaining({ email: `full@${SIM}`, status: 'failed', smtpCode: 452, response: expect.stringContaining('4.2.2') }),
    ]);
    // First attempt: deferred for full@; then retried (full@ only) until the retries ran out.
    expect(done.body.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(['deferred', 'deferred', 'sent']);
    const copies = copiesOf(res.body.id);
    expect(copies).toHaveLength(1);
    expect(copies[0].envelope.to).toEqual([`accept@${SIM}`]);
    const suppressed = await request(platform.url)
      .get('/suppressions')
      .query({ q: `bounce@${SIM}` })
      .set(auth(t.key));
    expect(suppressed.body.data).toEqual([expect.objectContaining({ email: `bounce@${SIM}`, reason: 'bounced' })]);
    const notSuppressed = await request(platform.url)
      .get('/suppressions')
      .query({ q: `full@${SIM}` })
      .set(auth(t.key));
    expect(notSuppressed.body.total).toBe(0);
  });

  it('when one recipient is on the suppression list, then the others are mailed and the quota counts only them', async () => {
    const t = await tenantWithDomain(platform);
    await request(platform.url).post('/suppressions').set(auth(t.key)).send({ email: 'gone@example.org' }).expect(201);
    const before = await used(t.key);
    const res = await sendEmail(platform, t, {
      to: ['stay@example.org', 'Gone <GONE@example.org>'],
      bcc: 'also@example.org',
      subject: 'some',
    }).expect(202);
    expect(res.body.status).toBe('queued');
    expect(await used(t.key)).toBe(before + 2);
    const done = await waitForStatus(platform.url, t.key, res.body.id, 'sent');
    expect(
      copiesOf(res.body.id)
        .flatMap((c) => c.envelope.to)
        .sort(),
    ).toEqual(['also@example.org', 'stay@example.org']);
    expect(done.body.recipients.map((r: { email: string; status: string }) => [r.email, r.status])).toEqual([
      ['stay@example.org', 'sent'],
      ['GONE@example.org', 'suppressed'],
      ['also@example.org', 'sent'],
    ]);
  });

  it('when every recipient is on the suppression list, then the email is accepted suppressed, counts once, and nothing is relayed', async () => {
    const t = await tenantWithDomain(platform);
    for (const email of ['x@example.org', 'y@example.org'])
      await request(platform.url).post('/suppressions').set(auth(t.key)).send({ email }).expect(201);
    const before = await used(t.key);
    const res = await sendEmail(platform, t, { to: 'x@example.org', cc: ['y@example.org'], subject: 'none' }).expect(202);
    expect(res.body.status).toBe('suppressed');
    expect(await used(t.key)).toBe(before + 1);
    const read = await request(platform.url).get(`/emails/${res.body.id}`).set(auth(t.key));
    expect(read.body.recipients.map((r: { status: string }) => r.status)).toEqual(['suppressed', 'suppressed']);
    expect(copiesOf(res.body.id)).toHaveLength(0);
  });
});
