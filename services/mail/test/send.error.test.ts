import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import {
  auth,
  expectEachToSendNothing,
  headerOf,
  tenantWithDomain,
  sharedTenantWithDomain,
  waitForStatus as waitForStatusAt,
  sendEmail,
} from '../../../test/support/mail';
import { startTestPlatform, sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });
const t = sharedTenantWithDomain(platform);

const waitForStatus = (key: string, id: string, status: string) => waitForStatusAt(platform.url, key, id, status);
const valid = () => ({ from: `a@${t.domain}`, to: 'b@example.org', subject: 'hi', text: 'x' });

describe('bad sends are refused with a problem and queue nothing', () => {
  expectEachToSendNothing(
    () => platform,
    () => t.key,
  );

  it.each([
    ['an invalid recipient address', { to: 'not-an-address' }],
    ['two recipients', { to: 'a@example.org, b@example.org' }],
    ['an invalid From', { from: 'nobody' }],
    ['CR/LF in the subject', { subject: 'hi\r\nBcc: victim@example.org' }],
    ['CR/LF in a custom header value', { headers: { 'X-Note': 'a\r\nBcc: victim@example.org' } }],
    ['a custom header that is reserved', { headers: { 'DKIM-Signature': 'v=1' } }],
    ['a header name with a colon', { headers: { 'X-A:B': 'v' } }],
    ['no body at all', { text: undefined }],
    ['an unknown field', { priority: 'high' }],
    ['a subject over 998 characters', { subject: 'x'.repeat(999) }],
  ])('when the email has %s, then 400', async (_label, change) => {
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ ...valid(), ...change });
    expectProblem(res, 400, 'validation_failed', 'sendEmail');
  });

  it('when the From domain has no identity, then 400 identity_unverified', async () => {
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ ...valid(), from: 'a@unknown-domain.test' });
    expectProblem(res, 400, 'identity_unverified', 'sendEmail');
  });

  it('when the identity exists but is not verified, then 400 identity_unverified', async () => {
    await request(platform.url)
      .post('/identities')
      .set(auth(t.key))
      .send({ domain: `unverified-${t.domain}` })
      .expect(201);
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ ...valid(), from: `a@unverified-${t.domain}` });
    expectProblem(res, 400, 'identity_unverified', 'sendEmail');
  });

  it('when attachments total more than 10 MiB, then 400 naming the attachments', async () => {
    const content = Buffer.alloc(5.5 * 1024 * 1024, 7).toString('base64');
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({
        ...valid(),
        attachments: [
          { filename: 'a.bin', content },
          { filename: 'b.bin', content },
        ],
      });
    expectProblem(res, 400, 'validation_failed', 'sendEmail');
    expect(JSON.stringify(res.body.errors)).toContain('attachments');
  });

  it('when the body is larger than the send limit, then 413', async () => {
    const big = await startTestPlatform({ BODY_LIMIT_BYTES: '2048' });
    try {
      const res = await request(big.url)
        .post('/emails')
        .set(auth(big.sandboxTenant!.apiKey))
        .send({ ...valid(), text: 'x'.repeat(4096) });
      expectProblem(res, 413, 'payload_too_large');
    } finally {
      await big.stop();
    }
  });

  it.each([
    ['a status we do not have', 'status=lost'],
    ['a from that is not RFC 3339', 'from=yesterday'],
    ['a limit above the maximum', 'limit=101'],
    ['a negative offset', 'offset=-1'],
    ['a repeated parameter', 'limit=5&limit=6'],
    ['from after to', 'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z'],
  ])('when GET /emails has %s, then 400', async (_label, query) => {
    const res = await request(platform.url).get(`/emails?${query}`).set(auth(t.key));
    expectProblem(res, 400, 'validation_failed', 'listEmails');
  });
});

describe('sends the MTA refuses end as failed', () => {
  it('when the MTA keeps answering 4xx, then after the last scheduled retry the message fails as retries_exhausted', async () => {
    const t = await tenantWithDomain(platform);
    platform.sandbox.sink.behaviour.failNext(4, { code: 452, message: 'Mailbox full' });
    const res = await sendEmail(platform, t, { to: 'full@example.org', subject: 'full' });
    const view = await waitForStatus(t.key, res.body.id, 'failed');
    // The test schedule has three retries: four attempts in all, the last one final.
    expect(view.body.attempts.map((a: { outcome: string; smtpCode: number }) => [a.outcome, a.smtpCode])).toEqual([
      ['deferred', 452],
      ['deferred', 452],
      ['deferred', 452],
      ['failed', 452],
    ]);
    expect(platform.sandbox.sink.messages().some((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id)).toBe(false);
  });

  it('when the MTA answers 5xx, then the message fails at once without a retry', async () => {
    const t = await tenantWithDomain(platform);
    platform.sandbox.sink.behaviour.failNext(1, { code: 550, message: 'No such user' });
    const res = await sendEmail(platform, t, { to: 'nobody@example.org', subject: 'bounce' });
    const view = await waitForStatus(t.key, res.body.id, 'failed');
    expect(view.body.attempts).toEqual([expect.objectContaining({ outcome: 'failed', smtpCode: 550 })]);
    expect(view.body.attempts[0].response).toContain('No such user');
  });
});
