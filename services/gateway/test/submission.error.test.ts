import request from 'supertest';
import { auth, expectEachToSendNothing, tenantWithDomain, sharedTenantWithDomain } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';
import { plainAuth, rawSmtp, submissionTransport } from '../../../test/support/submission';

const SIZE = 65_536;
const platform = sharedPlatform({
  BODY_LIMIT_BYTES: String(SIZE),
  DEFAULT_MONTHLY_QUOTA: '5',
  SEND_RATE_LIMIT: '3',
  SEND_RATE_WINDOW_SECONDS: '3600',
});
const t = sharedTenantWithDomain(platform);

/** What nodemailer rejects with when the listener refuses: the reply code and the reply line. */
const refusal = (code: number, pattern: RegExp) => ({ responseCode: code, response: expect.stringMatching(pattern) });

describe('SMTP submission: a refused message stores and sends nothing', () => {
  expectEachToSendNothing(
    () => platform,
    () => t.key,
  );
  const send = (message: Record<string, unknown>) => {
    const transport = submissionTransport(platform.submission, t.key);
    return transport
      .sendMail({ from: `a@${t.domain}`, to: 'r@example.org', subject: 's', text: 'x', ...message })
      .finally(() => transport.close());
  };

  it('when the message is over the API body limit, then EHLO announced that limit as SIZE and the message is refused 552 5.3.4', async () => {
    const session = await rawSmtp(platform.submission);
    expect(await session.command('EHLO client.example')).toContain(`250 SIZE ${SIZE}`);
    session.destroy();
    await expect(send({ attachments: [{ filename: 'big.bin', content: Buffer.alloc(SIZE) }] })).rejects.toMatchObject(
      refusal(552, new RegExp(`^552 5\\.3\\.4 Message too big: at most ${SIZE} bytes`)),
    );
  });

  it('when the client declares a SIZE over the limit at MAIL FROM, then it is refused there with 552', async () => {
    const session = await rawSmtp(platform.submission);
    await session.command('EHLO client.example');
    await session.starttls(platform.submission);
    await session.command('EHLO client.example');
    expect(await session.command(plainAuth('mailplane', t.key))).toMatch(/^235/);
    expect(await session.command(`MAIL FROM:<a@${t.domain}> SIZE=${SIZE + 1}`)).toMatch(/^552 /);
    session.destroy();
  });

  it('when the From domain is not a verified identity of the key tenant, then 550 5.7.1 says so', async () => {
    await expect(send({ from: 'a@not-mine.example' })).rejects.toMatchObject(
      refusal(
        550,
        /^550 5\.7\.1 No sending identity for not-mine\.example; create and verify one first\. The From domain must be a verified identity/,
      ),
    );
    const other = await tenantWithDomain(platform);
    await expect(send({ from: `a@${other.domain}` })).rejects.toMatchObject(refusal(550, /^550 5\.7\.1 No sending identity for /));
  });

  it('when the From identity exists but is not verified yet, then 550 5.7.1', async () => {
    const domain = `pending-${t.domain}`;
    await request(platform.url).post('/identities').set(auth(t.key)).send({ domain }).expect(201);
    await expect(send({ from: `a@${domain}` })).rejects.toMatchObject(refusal(550, /^550 5\.7\.1 The identity for \S+ is not verified/));
  });

  it('when the message has no text or HTML body, then 550 5.6.0', async () => {
    await expect(send({ text: undefined, attachments: [{ filename: 'only.txt', content: 'file' }] })).rejects.toMatchObject(
      refusal(550, /^550 5\.6\.0 The message has no text or HTML body$/),
    );
  });

  it('when the message breaks a rule of a send, then 550 5.6.0 names the header', async () => {
    await expect(send({ subject: undefined })).rejects.toMatchObject(refusal(550, /^550 5\.6\.0 .*Subject is required/));
    await expect(send({ headers: { 'X-Mailplane-Scheduled-At': 'tomorrow' } })).rejects.toMatchObject(
      refusal(550, /^550 5\.6\.0 .*X-Mailplane-Scheduled-At must match format "date-time"/),
    );
    await expect(send({ headers: { 'X-Mailplane-Tags': 'not a tag' } })).rejects.toMatchObject(
      refusal(550, /^550 5\.6\.0 .*X-Mailplane-Tags/),
    );
  });

  it('when the From mailbox has a non-ASCII local part, then 553 5.6.7 (RFC 6531)', async () => {
    await expect(send({ from: `jörg@${t.domain}` })).rejects.toMatchObject(refusal(553, /^553 5\.6\.7 From jörg@/));
  });

  it('when a message names more than 50 recipients, then the 51st RCPT is refused 452 4.5.3', async () => {
    const session = await rawSmtp(platform.submission);
    await session.command('EHLO client.example');
    await session.starttls(platform.submission);
    await session.command('EHLO client.example');
    await session.command(plainAuth('mailplane', t.key));
    await session.command(`MAIL FROM:<a@${t.domain}>`);
    for (let i = 0; i < 50; i++) expect(await session.command(`RCPT TO:<r${i}@example.org>`)).toMatch(/^250/);
    expect(await session.command('RCPT TO:<r50@example.org>')).toMatch(/^452 4\.5\.3 At most 50 recipients/);
    session.destroy();
  });
});

describe('SMTP submission: limits answer as SMTP clients expect', () => {
  it('when a Message-ID accepted in the last 24 h comes with another message, then 550 5.6.0 and the first stays the only one', async () => {
    const u = await tenantWithDomain(platform);
    const transport = submissionTransport(platform.submission, u.key);
    try {
      const messageId = `<reused-${u.domain}@client.example>`;
      await transport.sendMail({ from: `a@${u.domain}`, to: 'r@example.org', subject: 'first', text: 'x', messageId });
      await expect(
        transport.sendMail({ from: `a@${u.domain}`, to: 'r@example.org', subject: 'second', text: 'y', messageId }),
      ).rejects.toMatchObject(refusal(550, /^550 5\.6\.0 This Message-ID was used for a different message in the last 24 h/));
      expect((await request(platform.url).get('/emails').set(auth(u.key))).body.total).toBe(1);
    } finally {
      transport.close();
    }
  });

  it('when the monthly quota is used up, then a permanent 550 5.4.5 names the quota, and nothing more is stored', async () => {
    const u = await tenantWithDomain(platform);
    const transport = submissionTransport(platform.submission, u.key);
    try {
      const five = ['a', 'b', 'c', 'd', 'e'].map((n) => `${n}@example.org`);
      await transport.sendMail({ from: `a@${u.domain}`, to: five, subject: 'five', text: 'x' });
      await expect(transport.sendMail({ from: `a@${u.domain}`, to: 'f@example.org', subject: 'six', text: 'x' })).rejects.toMatchObject(
        refusal(550, /^550 5\.4\.5 Quota exceeded: The monthly quota of 5 emails is used up until \d{4}-\d\d-01T00:00:00\.000Z\.$/),
      );
      expect((await request(platform.url).get('/emails').set(auth(u.key))).body.total).toBe(1);
    } finally {
      transport.close();
    }
  });

  it('when the send rate limit is reached, then 451 4.7.1 asks the client to retry later, and nothing more is stored', async () => {
    const u = await tenantWithDomain(platform);
    const transport = submissionTransport(platform.submission, u.key);
    try {
      for (let i = 0; i < 3; i++) await transport.sendMail({ from: `a@${u.domain}`, to: `r${i}@example.org`, subject: `${i}`, text: 'x' });
      await expect(transport.sendMail({ from: `a@${u.domain}`, to: 'r3@example.org', subject: '3', text: 'x' })).rejects.toMatchObject(
        refusal(451, /^451 4\.7\.1 Rate limit reached: At most 3 emails per 3600 s\. Try again in \d+ s\.$/),
      );
      expect((await request(platform.url).get('/emails').set(auth(u.key))).body.total).toBe(3);
    } finally {
      transport.close();
    }
  });
});
