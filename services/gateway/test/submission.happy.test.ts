import request from 'supertest';
import { simpleParser } from 'mailparser';
import { expectContract } from '../../../test/support/contract';
import { auth, headerOf, tenantWithDomain, verifyWithPublishedRecord, waitForStatus } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';
import { describeWithSwaks, plainAuth, rawSmtp, submissionTransport, swaks, swaksTo } from '../../../test/support/submission';
import { startWebhookReceiver } from '../../../test/support/webhook-receiver';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });

const idIn = (reply: string) => /(msg_[0-9a-z]{26})/.exec(reply)?.[1] as string;
const copiesOf = (id: string) => platform.sandbox.sink.messages().filter((m) => headerOf(m, 'X-Mailplane-Message-Id') === id);
const receivedAs = (id: string) => platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === id, 10_000);

describe('SMTP submission with nodemailer (embedded)', () => {
  it('when an application sends plain text over STARTTLS with its API key, then the MTA receives it DKIM-valid, GET /emails shows it as an API send and its events reach the webhook', async () => {
    const t = await tenantWithDomain(platform);
    const receiver = await startWebhookReceiver();
    const transport = submissionTransport(platform.submission, t.key);
    try {
      await request(platform.url)
        .post('/webhooks/endpoints')
        .set(auth(t.key))
        .send({ url: receiver.url, eventTypes: ['email.sent'] })
        .expect(201);
      const info = await transport.sendMail({
        from: `Acme <hello@${t.domain}>`,
        to: 'Jane Doe <jane@example.org>',
        subject: 'Your receipt — №42',
        text: 'Thanks for your order.',
        headers: { 'X-Campaign': 'receipts', 'In-Reply-To': '<order-42@shop.example>' },
      });
      expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued as msg_[0-9a-z]{26}$/);
      const id = idIn(info.response);

      const received = await receivedAs(id);
      expect((await verifyWithPublishedRecord(received.raw, t.identity.dnsRecords)).status.result).toBe('pass');
      expect(received.envelope.to).toEqual(['jane@example.org']);
      expect(received.subject).toBe('Your receipt — №42');
      expect(headerOf(received, 'Message-ID')).toBe(info.messageId);
      expect(headerOf(received, 'X-Campaign')).toBe('receipts');
      expect(headerOf(received, 'In-Reply-To')).toBe('<order-42@shop.example>');
      expect(headerOf(received, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:\d+\/unsubscribe\?token=/);

      const view = await waitForStatus(platform.url, t.key, id, 'sent');
      expectContract(view, 'getEmail');
      expect(view.body).toMatchObject({
        from: `"Acme" <hello@${t.domain}>`,
        to: '"Jane Doe" <jane@example.org>',
        subject: 'Your receipt — №42',
        headers: { 'X-Campaign': 'receipts', 'In-Reply-To': '<order-42@shop.example>' },
        body: { html: null, attachments: [] },
      });
      expect(view.body.body.text.trim()).toBe('Thanks for your order.');
      const listed = await request(platform.url).get('/emails').set(auth(t.key));
      expect(listed.body.data.map((e: { id: string }) => e.id)).toContain(id);

      const [hook] = await receiver.waitFor(1);
      expect(JSON.parse(hook.body)).toMatchObject({ type: 'email.sent', data: { messageId: id } });
    } finally {
      transport.close();
      await receiver.stop();
    }
  });

  it('when the message is HTML with an inline image and attachments, then each arrives as sent and GET /emails/{id} lists them', async () => {
    const t = await tenantWithDomain(platform);
    const transport = submissionTransport(platform.submission, t.key);
    const logo = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const pdf = Buffer.from('%PDF-1.4 invoice 42 \u00e9\n%%EOF');
    try {
      const info = await transport.sendMail({
        from: `billing@${t.domain}`,
        to: 'jane@example.org',
        subject: 'Invoice',
        text: 'Your invoice is attached.',
        html: '<p><img src="cid:logo@acme"> Your invoice is attached.</p>',
        attachments: [
          { filename: 'invoice-42.pdf', content: pdf, contentType: 'application/pdf' },
          { filename: 'notes.txt', content: 'line one\nline two\n' },
          { filename: 'logo.png', content: logo, contentType: 'image/png', cid: 'logo@acme' },
        ],
      });
      const id = idIn(info.response);
      const received = await receivedAs(id);
      expect((await verifyWithPublishedRecord(received.raw, t.identity.dnsRecords)).status.result).toBe('pass');
      const parsed = await simpleParser(received.raw, { keepCidLinks: true });
      expect(parsed.html).toBe('<p><img src="cid:logo@acme"> Your invoice is attached.</p>');
      const files = parsed.attachments.map((a) => ({
        name: a.filename,
        type: a.contentType,
        bytes: a.content.toString('hex'),
        cid: a.cid,
      }));
      expect(files).toEqual(
        expect.arrayContaining([
          { name: 'invoice-42.pdf', type: 'application/pdf', bytes: pdf.toString('hex'), cid: undefined },
          { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('line one\nline two\n').toString('hex'), cid: undefined },
          { name: 'logo.png', type: 'image/png', bytes: logo.toString('hex'), cid: 'logo@acme' },
        ]),
      );
      expect(received.raw.toString('latin1')).toMatch(/Content-Type: multipart\/related/);

      const view = await waitForStatus(platform.url, t.key, id, 'sent');
      expectContract(view, 'getEmail');
      expect(view.body.body.html).toBe('<p><img src="cid:logo@acme"> Your invoice is attached.</p>');
      expect(view.body.body.attachments).toHaveLength(3);
      expect(view.body.body.attachments).toEqual(
        expect.arrayContaining([
          { filename: 'invoice-42.pdf', contentType: 'application/pdf', size: pdf.length },
          { filename: 'notes.txt', contentType: 'text/plain', size: 18 },
          { filename: 'logo.png', contentType: 'image/png', size: logo.length },
        ]),
      );
    } finally {
      transport.close();
    }
  });

  it('when the message has To, Cc and Bcc recipients, then each gets it and no copy shows the Bcc recipient', async () => {
    const t = await tenantWithDomain(platform);
    const transport = submissionTransport(platform.submission, t.key);
    try {
      const info = await transport.sendMail({
        from: `a@${t.domain}`,
        to: ['Ann <ann@example.org>', 'bob@example.org'],
        cc: '"Doe, Cy" <cy@example.org>',
        bcc: 'hidden@example.org',
        subject: 'to many',
        text: 'hello all',
      });
      const id = idIn(info.response);
      await waitForStatus(platform.url, t.key, id, 'sent');
      const copies = copiesOf(id);
      expect(copies.flatMap((c) => c.envelope.to).sort()).toEqual([
        'ann@example.org',
        'bob@example.org',
        'cy@example.org',
        'hidden@example.org',
      ]);
      for (const copy of copies) {
        expect(headerOf(copy, 'To')).toBe('Ann <ann@example.org>, bob@example.org');
        expect(headerOf(copy, 'Cc')).toBe('"Doe, Cy" <cy@example.org>');
        expect(headerOf(copy, 'Bcc')).toBeUndefined();
        expect(copy.raw.toString('latin1')).not.toContain('hidden@example.org');
        expect(copy.dkim?.result).toBe('pass');
      }
      const view = await request(platform.url).get(`/emails/${id}`).set(auth(t.key));
      expect(view.body.recipients.map((r: { email: string; kind: string }) => `${r.kind}:${r.email}`)).toEqual([
        'to:ann@example.org',
        'to:bob@example.org',
        'cc:cy@example.org',
        'bcc:hidden@example.org',
      ]);
    } finally {
      transport.close();
    }
  });

  it('when the client sends 8-bit UTF-8 under BODY=8BITMIME and SMTPUTF8, then the message arrives re-encoded in 7 bits, DKIM-valid, reading the same', async () => {
    const t = await tenantWithDomain(platform);
    const session = await rawSmtp(platform.submission);
    await session.command('EHLO client.example');
    await session.starttls(platform.submission);
    expect(await session.command('EHLO client.example')).toMatch(/250-8BITMIME[\s\S]*250-SMTPUTF8/);
    expect(await session.command(plainAuth('mailplane', t.key))).toMatch(/^235/);
    expect(await session.command(`MAIL FROM:<a@${t.domain}> BODY=8BITMIME SMTPUTF8`)).toMatch(/^250/);
    expect(await session.command('RCPT TO:<jörg@bücher.example>')).toMatch(/^553 5\.6\.7/);
    expect(await session.command('RCPT TO:<jorg@bücher.example>')).toMatch(/^250/);
    expect(await session.command('DATA')).toMatch(/^354/);
    session.write(
      Buffer.from(
        [
          `From: Jörg Müller <a@${t.domain}>`,
          'To: Jörg <jorg@bücher.example>',
          'Subject: Grüße aus Köln — ☕',
          'Message-ID: <utf8-1@client.example>',
          'Content-Type: text/plain; charset=utf-8',
          'Content-Transfer-Encoding: 8bit',
          '',
          'Schöne Grüße,\u00a0Jörg ☕',
          '.',
          '',
        ].join('\r\n'),
        'utf8',
      ),
    );
    const reply = await session.reply();
    expect(reply).toMatch(/^250 2\.0\.0 Ok: queued as msg_/);
    await session.command('QUIT');
    const received = await receivedAs(idIn(reply));
    // Relayed with the domain in A-labels (the sink's smtp-server shows envelope domains in U-labels).
    expect(received.envelope.to).toEqual(['jorg@bücher.example']);
    expect(headerOf(received, 'To')).toContain('<jorg@xn--bcher-kva.example>');
    expect(received.raw.every((byte) => byte < 0x80)).toBe(true);
    expect((await verifyWithPublishedRecord(received.raw, t.identity.dnsRecords)).status.result).toBe('pass');
    const parsed = await simpleParser(received.raw);
    expect(parsed.subject).toBe('Grüße aus Köln — ☕');
    expect(parsed.from?.value[0]).toEqual({ name: 'Jörg Müller', address: `a@${t.domain}` });
    expect(parsed.text?.trim()).toBe('Schöne Grüße,\u00a0Jörg ☕');
  });

  it('when a client sends over implicit TLS (port 465 style) through a pool, then each message is accepted and sent', async () => {
    const t = await tenantWithDomain(platform);
    const transport = submissionTransport(platform.submission, t.key, { implicitTls: true, pool: true, maxConnections: 2 });
    try {
      const infos = await Promise.all(
        [0, 1, 2, 3].map((i) => transport.sendMail({ from: `a@${t.domain}`, to: `r${i}@example.org`, subject: `pooled ${i}`, text: 'x' })),
      );
      for (const info of infos) expect((await receivedAs(idIn(info.response))).dkim?.result).toBe('pass');
    } finally {
      transport.close();
    }
  });

  it('when the same message (same Message-ID) is submitted again within 24 h, then it is accepted once, answered alike, and sent once', async () => {
    const t = await tenantWithDomain(platform);
    const transport = submissionTransport(platform.submission, t.key);
    const message = {
      from: `a@${t.domain}`,
      to: 'once@example.org',
      subject: 'once',
      text: 'only once',
      messageId: `<once-${t.domain}@client.example>`,
    };
    try {
      const first = await transport.sendMail(message);
      await receivedAs(idIn(first.response));
      const again = await transport.sendMail(message);
      expect(again.response).toBe(`250 2.0.0 Already accepted as ${idIn(first.response)} (same Message-ID within 24 h); not sent again`);
      await waitForStatus(platform.url, t.key, idIn(first.response), 'sent');
      expect(copiesOf(idIn(first.response))).toHaveLength(1);
      expect((await request(platform.url).get('/emails').set(auth(t.key))).body.total).toBe(1);
    } finally {
      transport.close();
    }
  });

  it('when the message carries X-Mailplane-Tags and X-Mailplane-Scheduled-At, then it is tagged and scheduled as an API send would be, and neither header leaves', async () => {
    const t = await tenantWithDomain(platform);
    const transport = submissionTransport(platform.submission, t.key);
    const at = new Date(Date.now() + 1500).toISOString();
    try {
      const info = await transport.sendMail({
        from: `a@${t.domain}`,
        to: 'later@example.org',
        subject: 'later',
        text: 'x',
        headers: { 'X-Mailplane-Tags': 'category=welcome, plan=free', 'X-Mailplane-Scheduled-At': at },
      });
      expect(info.response).toMatch(/^250 2\.0\.0 Ok: scheduled as msg_[0-9a-z]{26} for /);
      const id = idIn(info.response);
      const view = await request(platform.url).get(`/emails/${id}`).set(auth(t.key));
      expect(view.body).toMatchObject({
        status: 'scheduled',
        scheduledAt: at,
        tags: [
          { name: 'category', value: 'welcome' },
          { name: 'plan', value: 'free' },
        ],
      });
      const received = await receivedAs(id);
      expect(received.receivedAt.getTime()).toBeGreaterThanOrEqual(new Date(at).getTime());
      expect(received.headers.filter((h) => /^x-mailplane-(tags|scheduled-at)$/i.test(h.name))).toEqual([]);
    } finally {
      transport.close();
    }
  });

  it('when a recipient is on the suppression list, then the message is accepted, that recipient is left out and reported as the API reports it', async () => {
    const t = await tenantWithDomain(platform);
    await request(platform.url).post('/suppressions').set(auth(t.key)).send({ email: 'gone@example.org' }).expect(201);
    const transport = submissionTransport(platform.submission, t.key);
    try {
      const alone = await transport.sendMail({ from: `a@${t.domain}`, to: 'gone@example.org', subject: 'x', text: 'x' });
      expect(alone.response).toMatch(
        /^250 2\.0\.0 Ok: accepted as msg_[0-9a-z]{26}, suppressed: every recipient is on the suppression list$/,
      );
      const both = await transport.sendMail({
        from: `a@${t.domain}`,
        to: ['gone@example.org', 'here@example.org'],
        subject: 'y',
        text: 'y',
      });
      const view = await waitForStatus(platform.url, t.key, idIn(both.response), 'sent');
      expect(view.body.recipients.map((r: { email: string; status: string }) => `${r.email}:${r.status}`)).toEqual([
        'gone@example.org:suppressed',
        'here@example.org:sent',
      ]);
      expect(
        (
          await request(platform.url)
            .get(`/emails/${idIn(alone.response)}`)
            .set(auth(t.key))
        ).body.status,
      ).toBe('suppressed');
      expect(copiesOf(idIn(both.response)).flatMap((c) => c.envelope.to)).toEqual(['here@example.org']);
    } finally {
      transport.close();
    }
  });
});

describeWithSwaks('SMTP submission with swaks, an outside client (embedded)', () => {
  it('when swaks sends a plain message over STARTTLS with AUTH PLAIN, then it is accepted and arrives DKIM-valid', async () => {
    const t = await tenantWithDomain(platform);
    const run = await swaks([
      ...swaksTo(platform.submission, t.key),
      '--from',
      `a@${t.domain}`,
      '--to',
      'swaks@example.org',
      '--h-Subject',
      'From swaks',
      '--body',
      'Sent by swaks',
    ]);
    expect(run.status).toBe(0);
    const id = idIn(run.output);
    expect(run.output).toContain(`250 2.0.0 Ok: queued as ${id}`);
    const received = await receivedAs(id);
    expect(received.subject).toBe('From swaks');
    expect(received.text.trim()).toBe('Sent by swaks');
    expect((await verifyWithPublishedRecord(received.raw, t.identity.dnsRecords)).status.result).toBe('pass');
  });

  it('when swaks pipelines its commands over implicit TLS with AUTH LOGIN and attaches a file, then it is accepted and the file arrives', async () => {
    const t = await tenantWithDomain(platform);
    const run = await swaks([
      ...swaksTo(platform.submission, t.key, { implicitTls: true, auth: 'LOGIN' }),
      '--pipeline',
      '--from',
      `a@${t.domain}`,
      '--to',
      'one@example.org,two@example.org',
      '--h-Subject',
      'Pipelined',
      '--attach-type',
      'text/csv',
      '--attach-name',
      'report.csv',
      '--attach',
      'day,sent\n2026-11-26,42\n',
    ]);
    expect(run.status).toBe(0);
    // Pipelined: MAIL, both RCPTs and DATA went out before their replies came back.
    expect(run.output).toMatch(/~> MAIL FROM:[^\n]*\n\s*~> RCPT TO:[^\n]*\n\s*~> RCPT TO:[^\n]*\n\s*~> DATA/);
    const id = idIn(run.output);
    await waitForStatus(platform.url, t.key, id, 'sent');
    const copies = copiesOf(id);
    expect(copies.flatMap((c) => c.envelope.to).sort()).toEqual(['one@example.org', 'two@example.org']);
    const parsed = await simpleParser(copies[0].raw);
    expect(parsed.attachments.map((a) => [a.filename, a.contentType, a.content.toString()])).toEqual([
      ['report.csv', 'text/csv', 'day,sent\n2026-11-26,42\n'],
    ]);
  });
});
