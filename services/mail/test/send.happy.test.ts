import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import {
  auth,
  headerOf,
  tenantWithDomain,
  verifyWithPublishedRecord,
  waitForStatus as waitForStatusAt,
  sendEmail,
} from '../../../test/support/mail';
import { startTestPlatform, sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });

const waitForStatus = (key: string, id: string, status: string) => waitForStatusAt(platform.url, key, id, status);

describe('POST /emails end to end (embedded)', () => {
  it('when a tenant sends from a verified domain, then the MTA receives it signed and mailauth verifies the signature', async () => {
    const t = await tenantWithDomain(platform);
    const res = await sendEmail(platform, t, {
      from: `Acme <hello@${t.domain}>`,
      to: 'Jane Doe <jane@example.org>',
      subject: 'Your receipt — №42',
      text: 'Thanks for your order.\u00a0Total: 10 €',
      html: '<p>Thanks for your order.</p>',
      replyTo: `support@${t.domain}`,
      headers: { 'X-Campaign': 'receipts' },
      tags: [{ name: 'category', value: 'receipt' }],
      metadata: { orderId: '42' },
    });
    expect(res.status).toBe(202);
    expectContract(res, 'sendEmail');
    expect(res.body).toMatchObject({ status: 'queued', kind: 'standard' });
    expect(res.headers['ratelimit-policy']).toBe('"send";q=1000;w=1');

    const received = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id);
    // The return path is the recipient's own on the bounce domain, so a late bounce finds its way back.
    expect(received.envelope).toEqual({
      from: expect.stringMatching(new RegExp(`^bounces\\+${res.body.id}-0-[0-9a-z]{3,4}-[0-9a-f]{16}@bounces\\.mailplane\\.test$`)),
      to: ['jane@example.org'],
    });
    expect(received.subject).toBe('Your receipt — №42');
    expect(headerOf(received, 'X-Campaign')).toBe('receipts');
    const verdict = await verifyWithPublishedRecord(received.raw, t.identity.dnsRecords);
    expect(verdict.status.result).toBe('pass');
    expect(verdict.signingDomain).toBe(t.domain);
    expect(received.dkim?.result).toBe('pass');

    const view = await waitForStatus(t.key, res.body.id, 'sent');
    expectContract(view, 'getEmail');
    expect(view.body.attempts).toEqual([expect.objectContaining({ outcome: 'sent', smtpCode: 250 })]);
    expect(view.body.sentAt).not.toBeNull();
    expect(view.body.metadata).toEqual({ orderId: '42' });
  });

  it('when the MTA answers 4xx, then the message is deferred, retried, and sent on a later attempt', async () => {
    const t = await tenantWithDomain(platform);
    platform.sandbox.sink.behaviour.failNext(1, { code: 451, message: 'Try again later' });
    const res = await sendEmail(platform, t, { to: 'b@example.org', subject: 'retry' });
    const view = await waitForStatus(t.key, res.body.id, 'sent');
    expect(view.body.attempts.map((a: { outcome: string; smtpCode: number }) => [a.outcome, a.smtpCode])).toEqual([
      ['deferred', 451],
      ['sent', 250],
    ]);
    expect(view.body.attempts[0].nextAttemptAt).toBeDefined();
  });

  it('when an email has an attachment, then the MTA receives the file and the signature still verifies', async () => {
    const t = await tenantWithDomain(platform);
    const pdf = Buffer.from('%PDF-1.4 invoice 42 \u00e9\n%%EOF');
    const res = await sendEmail(platform, t, {
      from: `billing@${t.domain}`,
      to: 'jane@example.org',
      subject: 'Invoice',
      text: 'Attached.',
      attachments: [{ filename: 'invoice-42.pdf', content: pdf.toString('base64'), contentType: 'application/pdf' }],
    });
    expect(res.status).toBe(202);
    const received = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id);
    const raw = received.raw.toString('latin1');
    expect(raw).toMatch(/Content-Type: application\/pdf; name=invoice-42\.pdf/);
    expect(raw.replace(/\r\n/g, '')).toContain(pdf.toString('base64'));
    expect((await verifyWithPublishedRecord(received.raw, t.identity.dnsRecords)).status.result).toBe('pass');
  });

  it('when a test email is requested, then it goes through the same pipeline tagged kind=test', async () => {
    const t = await tenantWithDomain(platform);
    const res = await request(platform.url).post('/emails/test').set(auth(t.key)).send({ to: 'qa@example.org' });
    expect(res.status).toBe(202);
    expectContract(res, 'sendTestEmail');
    expect(res.body.kind).toBe('test');
    const received = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id);
    expect((await verifyWithPublishedRecord(received.raw, t.identity.dnsRecords)).status.result).toBe('pass');
  });

  it('when the sandbox tenant sends out of the box, then its mail arrives signed', async () => {
    const platform2 = await startTestPlatform();
    try {
      const key = platform2.sandboxTenant!.apiKey;
      const res = await request(platform2.url)
        .post('/emails')
        .set(auth(key))
        .send({ from: 'hi@sandbox.mailplane.test', to: 'x@example.org', subject: 'hello', text: 'hi' });
      expect(res.status).toBe(202);
      const received = await platform2.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id);
      expect(received.dkim?.result).toBe('pass');
    } finally {
      await platform2.stop();
    }
  });
});
