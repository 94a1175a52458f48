import request from 'supertest';
import { auth, headerOf, tenantWithDomain, sharedTenantWithDomain, verifyWithPublishedRecord } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';
import {
  describeWithSwaks,
  encryptedSession,
  plainAuth,
  rawSmtp,
  sessionInData,
  submissionTransport,
  swaks,
  swaksTo,
  type RawSmtp,
} from '../../../test/support/submission';

const platform = sharedPlatform({
  SEND_RATE_LIMIT: '1000',
  SMTP_SUBMISSION_MAX_CONNECTIONS: '4',
  SMTP_SUBMISSION_MAX_CONNECTIONS_PER_CLIENT: '2',
  SMTP_SUBMISSION_MAX_AUTH_FAILURES: '3',
  SMTP_SUBMISSION_AUTH_TIMEOUT_MS: '3000',
  SMTP_SUBMISSION_DATA_TIMEOUT_MS: '3000',
  // A line to mail of two places, one per tenant: any place a stalled session held would show at once.
  FORWARD_MAX_IN_FLIGHT: '1',
  FORWARD_MAX_WAITING: '1',
});
const t = sharedTenantWithDomain(platform);

const total = async (key: string) => (await request(platform.url).get('/emails').set(auth(key))).body.total as number;
const refusal = (code: number, pattern: RegExp) => ({ responseCode: code, response: expect.stringMatching(pattern) });

const encrypted = (localAddress?: string) => encryptedSession(platform.submission, localAddress);
const inData = (localAddress?: string) => sessionInData(platform.submission, t.key, `a@${t.domain}`, localAddress);

describe('SMTP submission: authentication', () => {
  it('when a client says EHLO before STARTTLS, then AUTH is not offered (only STARTTLS), and it is offered once the session is encrypted', async () => {
    const session = await rawSmtp(platform.submission);
    const before = await session.command('EHLO client.example');
    expect(before).toMatch(/^250-STARTTLS$/m);
    expect(before).not.toMatch(/AUTH/);
    await session.starttls(platform.submission);
    expect(await session.command('EHLO client.example')).toMatch(/^250-AUTH PLAIN LOGIN$/m);
    session.destroy();
  });

  it('when a client tries AUTH before STARTTLS, then it is refused 538 5.7.11 Encryption required and no key is read', async () => {
    const session = await rawSmtp(platform.submission);
    await session.command('EHLO client.example');
    expect(await session.command(plainAuth('mailplane', t.key))).toMatch(/^538 5\.7\.11 Encryption required/);
    expect(await session.command(`MAIL FROM:<a@${t.domain}>`)).toMatch(/^530 5\.7\.0 Authenticate first/);
    session.destroy();
  });

  describeWithSwaks('a client that authenticates when the server offers it (swaks, as smtplib)', () => {
    it('when it connects to the STARTTLS port without TLS, then it is offered no AUTH and never sends its key', async () => {
      const args = swaksTo(platform.submission, t.key).filter((a) => a !== '--tls');
      const { output } = await swaks([...args, '--from', `a@${t.domain}`, '--to', 'r@example.org']);
      expect(output).toMatch(/did not advertise authentication/i);
      expect(output).not.toMatch(/~> AUTH/);
      expect(output).not.toContain(Buffer.from(`\0mailplane\0${t.key}`).toString('base64'));
    });
  });

  it('when a client with a key of its own succeeds between wrong guesses, then the success clears none of its failures', async () => {
    const own = await tenantWithDomain(platform);
    const attempt = async (key: string) => {
      const session = await encrypted('127.0.0.31');
      const answer = await session.command(plainAuth('mailplane', key));
      session.destroy();
      return answer;
    };
    expect(await attempt('mp_guess_1')).toMatch(/^535 /);
    expect(await attempt('mp_guess_2')).toMatch(/^535 /);
    expect(await attempt(own.key)).toMatch(/^235 /);
    expect(await attempt('mp_guess_3')).toMatch(/^535 /);
    expect(await attempt(own.key)).toMatch(/^454 4\.7\.0 Too many failed authentications from your address/);
  });

  it('when the key or the user name is wrong, then 535 5.7.8 and nothing can be sent', async () => {
    const session = await encrypted('127.0.0.4');
    expect(await session.command(plainAuth('mailplane', `${t.key.slice(0, -1)}x`))).toMatch(
      /^535 5\.7\.8 Authentication credentials invalid/,
    );
    expect(await session.command(plainAuth('admin', t.key))).toMatch(/^535 5\.7\.8 /);
    expect(await session.command(`MAIL FROM:<a@${t.domain}>`)).toMatch(/^530 /);
    session.destroy();
  });

  it('when a client fails AUTH again and again, then it is refused 454 4.7.0 even with a right key, while other clients still get in', async () => {
    const session = await encrypted('127.0.0.3');
    for (let i = 0; i < 3; i++) expect(await session.command(plainAuth('mailplane', 'mp_wrong'))).toMatch(/^535 /);
    expect(await session.command(plainAuth('mailplane', t.key))).toMatch(
      /^454 4\.7\.0 Too many failed authentications from your address; try again in \d+ s$/,
    );
    session.destroy();
    const elsewhere = submissionTransport(platform.submission, t.key, { localAddress: '127.0.0.5' });
    await elsewhere.sendMail({ from: `a@${t.domain}`, to: 'r@example.org', subject: 'still', text: 'x' });
    elsewhere.close();
  });

  it('when the key is revoked while a session holds it, then its next message is refused 530 5.7.0', async () => {
    const u = await tenantWithDomain(platform);
    const key = await request(platform.url).post('/api-keys').set(auth(u.key)).send({ name: 'smtp', permission: 'sending' }).expect(201);
    const session = await encrypted();
    expect(await session.command(plainAuth('mailplane', key.body.key))).toMatch(/^235/);
    expect(await session.command(`MAIL FROM:<a@${u.domain}>`)).toMatch(/^250/);
    await session.command('RSET');
    await request(platform.url).delete(`/api-keys/${key.body.id}`).set(auth(u.key)).expect(204);
    expect(await session.command(`MAIL FROM:<a@${u.domain}>`)).toMatch(/^530 5\.7\.0 The API key is no longer valid/);
    session.destroy();
  });
});

describe('SMTP submission: what a message may claim', () => {
  it('when the From display name holds an address, then 550 5.7.1 and nothing is sent, in plain text or as an encoded word', async () => {
    const before = await total(t.key);
    const transport = submissionTransport(platform.submission, t.key);
    try {
      for (const from of [
        `"billing@bank.example" <a@${t.domain}>`,
        `=?utf-8?B?${Buffer.from('billing@bank.example').toString('base64')}?= <a@${t.domain}>`,
      ]) {
        await expect(transport.sendMail({ from, to: 'r@example.org', subject: 'pay', text: 'x' })).rejects.toMatchObject(
          refusal(550, /^550 5\.7\.1 The display name of from may not hold an address/),
        );
      }
    } finally {
      transport.close();
    }
    expect(await total(t.key)).toBe(before);
  });

  it("when the message brings DKIM-Signature, List-Unsubscribe, Return-Path, Received, a forwarder's or a verifier's fields or our message id of its own, then the platform writes its own instead and drops the rest", async () => {
    const transport = submissionTransport(platform.submission, t.key);
    try {
      const info = await transport.sendMail({
        from: `a@${t.domain}`,
        to: 'r@example.org',
        subject: 'owned headers',
        text: 'x',
        headers: {
          'DKIM-Signature': 'v=1; a=rsa-sha256; d=evil.example; s=x; b=forged; bh=forged',
          'List-Unsubscribe': '<https://evil.example/steal>',
          'Return-Path': '<bounces@evil.example>',
          Received: 'from evil.example by evil.example',
          'X-Mailplane-Message-Id': 'msg_forged',
          'Resent-From': 'boss@evil.example',
          'ARC-Seal': 'i=1; a=rsa-sha256; cv=none; d=evil.example; s=x; b=forged',
          'Authentication-Results': 'mx.evil.example; dkim=pass; spf=pass',
          'Received-SPF': 'pass (evil.example)',
        },
      });
      const id = /(msg_[0-9a-z]{26})/.exec(info.response)?.[1];
      const received = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === id, 10_000);
      const named = (name: string) => received.headers.filter((h) => h.name.toLowerCase() === name.toLowerCase()).map((h) => h.value);
      expect(named('DKIM-Signature')).toEqual([expect.stringContaining(`d=${t.domain}`)]);
      expect(named('List-Unsubscribe')).toEqual([expect.stringMatching(/^<http:\/\/localhost:\d+\/unsubscribe\?token=/)]);
      expect(named('Return-Path')).toEqual([]);
      expect(named('Received')).toEqual([]);
      expect(named('X-Mailplane-Message-Id')).toEqual([id]);
      for (const name of ['Resent-From', 'ARC-Seal', 'Authentication-Results', 'Received-SPF']) expect(named(name)).toEqual([]);
      expect(received.raw.toString('latin1')).not.toContain('evil.example');
      expect((await verifyWithPublishedRecord(received.raw, t.identity.dnsRecords)).status.result).toBe('pass');
    } finally {
      transport.close();
    }
  });
});

describe('SMTP submission: hostile clients', () => {
  it('when a client drops the connection in the middle of DATA, then nothing of its message is stored or sent, and the listener goes on serving', async () => {
    const before = await total(t.key);
    const received = platform.sandbox.sink.count();
    const session = await inData();
    session.write(`From: a@${t.domain}\r\nTo: r@example.org\r\nSubject: cut short\r\n\r\nThe first half of the bo`);
    session.destroy();
    const transport = submissionTransport(platform.submission, t.key);
    const info = await transport.sendMail({ from: `a@${t.domain}`, to: 'r@example.org', subject: 'whole', text: 'x' });
    transport.close();
    const id = /(msg_[0-9a-z]{26})/.exec(info.response)?.[1];
    await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === id, 10_000);
    expect(await total(t.key)).toBe(before + 1);
    expect(platform.sandbox.sink.count()).toBe(received + 1);
    expect(platform.sandbox.sink.messages().some((m) => m.subject === 'cut short')).toBe(false);
  });

  it('when DATA does not end within its deadline, then the session is closed with 421 4.4.2 and nothing is stored', async () => {
    const before = await total(t.key);
    const session = await inData();
    session.write(`From: a@${t.domain}\r\nTo: r@example.org\r\nSubject: slow\r\n\r\nstill coming`);
    expect(await session.reply()).toMatch(/^421 4\.4\.2 The message did not arrive within 3 s at the minimum pace; closing$/);
    await session.closed;
    expect(await total(t.key)).toBe(before);
  });

  it('when a client connects and never authenticates, then it is closed 421 4.7.0 after the deadline', async () => {
    const session = await rawSmtp(platform.submission, { localAddress: '127.0.0.6' });
    await session.command('EHLO client.example');
    expect(await session.reply()).toMatch(/^421 4\.7\.0 No authentication within 3 s; closing$/);
    await session.closed;
  });

  it('when one client holds its share of connections, then its next one is refused 421 and others still connect', async () => {
    const held = [
      await rawSmtp(platform.submission, { localAddress: '127.0.0.7' }),
      await rawSmtp(platform.submission, { localAddress: '127.0.0.7' }),
    ];
    const third = await rawSmtp(platform.submission, { localAddress: '127.0.0.7' });
    expect(third.greeting).toMatch(/^421 4\.7\.0 Too many connections from your address/);
    await third.closed;
    const other = await rawSmtp(platform.submission, { localAddress: '127.0.0.8' });
    expect(other.greeting).toMatch(/^220 /);
    for (const session of [...held, other]) session.destroy();
  });

  it('when clients that never authenticate fill every place, then a tenant still gets in: the oldest of them is closed 421', async () => {
    const idle: RawSmtp[] = [];
    for (const address of ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14'])
      idle.push(await rawSmtp(platform.submission, { localAddress: address }));
    const transport = submissionTransport(platform.submission, t.key, { localAddress: '127.0.0.15' });
    try {
      const info = await transport.sendMail({ from: `a@${t.domain}`, to: 'r@example.org', subject: 'got in', text: 'x' });
      expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued as msg_/);
      expect(await idle[0].reply()).toMatch(/^421 4\.7\.0 Too many connections: closing the oldest one that has not authenticated$/);
      await idle[0].closed;
    } finally {
      transport.close();
      for (const session of idle) session.destroy();
    }
  });

  it("when a tenant's sessions stall mid-DATA, then they hold no place in mail's line: that tenant and another still send", async () => {
    const stalled = [await inData('127.0.0.21'), await inData('127.0.0.22')];
    for (const session of stalled) session.write(`From: a@${t.domain}\r\nTo: r@example.org\r\nSubject: stalled\r\n\r\nstill com`);
    const u = await tenantWithDomain(platform);
    try {
      for (const [sender, address] of [
        [t, '127.0.0.23'],
        [u, '127.0.0.24'],
      ] as const) {
        const transport = submissionTransport(platform.submission, sender.key, { localAddress: address });
        const info = await transport.sendMail({ from: `a@${sender.domain}`, to: 'r@example.org', subject: 'past the stalled', text: 'x' });
        transport.close();
        expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued as msg_/);
      }
    } finally {
      for (const session of stalled) session.destroy();
    }
  });
});
