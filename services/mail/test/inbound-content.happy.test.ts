import request from 'supertest';
import { auth, headerOf, waitForStatus, sendEmail } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';
import { sendIn, holdingTenant } from '../../../test/support/inbound';

const platform = sharedPlatform();

async function onlyMessage(key: string) {
  const list = await request(platform.url).get('/inbound/messages').set(auth(key)).expect(200);
  expect(list.body.total).toBe(1);
  return (await request(platform.url).get(`/inbound/messages/${list.body.data[0].id}`).set(auth(key)).expect(200)).body;
}

describe('what a received message carries', () => {
  it('when a message comes with HTML and attachments, then each attachment has a signed link that downloads its bytes without a key', async () => {
    const t = await holdingTenant(platform);
    const pdf = Buffer.from('%PDF-1.4 invoice 42 bytes that are not HTML <script>alert(1)</script>');
    const sent = await sendIn(platform, {
      from: 'billing@vendor.example',
      to: `ap@${t.domain}`,
      subject: 'Invoice 42',
      html: '<p>Invoice attached.</p><img src="cid:logo@vendor">',
      attachments: [
        { filename: 'invoice-42.pdf', content: pdf, contentType: 'application/pdf' },
        { filename: 'logo.png', content: Buffer.from([137, 80, 78, 71]), contentType: 'image/png', cid: 'logo@vendor' },
      ],
    });
    expect(sent.code).toBe(250);
    const message = await onlyMessage(t.key);
    expect(message.attachmentCount).toBe(2);
    expect(message.body.html).toContain('Invoice attached.');
    const byName = (name: string) => message.body.attachments.find((a: { filename: string }) => a.filename === name);
    const [invoice, logo] = [byName('invoice-42.pdf'), byName('logo.png')];
    expect(invoice).toMatchObject({ filename: 'invoice-42.pdf', contentType: 'application/pdf', size: pdf.length, contentId: null });
    expect(logo).toMatchObject({ filename: 'logo.png', contentType: 'image/png', contentId: 'logo@vendor' });
    expect(Date.parse(invoice.expiresAt)).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);

    const url = new URL(invoice.url);
    const download = await request(`http://127.0.0.1:${url.port}`)
      .get(url.pathname + url.search)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''invoice-42.pdf");
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(download.body as Buffer, pdf)).toBe(0);
  });

  it('when a reply quotes the message it answers, then strippedText holds only the new text', async () => {
    const t = await holdingTenant(platform);
    const text = [
      'Yes, Thursday works for me.',
      '',
      'On Tue, 24 Nov 2026 at 10:00, Support <support@example.com>',
      'wrote:',
      '> Would Thursday suit you?',
      '> Regards',
    ].join('\n');
    expect((await sendIn(platform, { from: 'jo@customer.example', to: `support@${t.domain}`, subject: 'Re: Visit', text })).code).toBe(250);
    const message = await onlyMessage(t.key);
    expect(message.body.text).toContain('> Would Thursday suit you?');
    expect(message.body.strippedText).toBe('Yes, Thursday works for me.');
  });

  it('when a customer replies to a message the tenant sent, then the reply is linked to it and listed under emailId', async () => {
    const t = await holdingTenant(platform);
    const res = await sendEmail(platform, t, {
      from: `support@${t.domain}`,
      to: 'jo@customer.example',
      subject: 'Your ticket',
      text: 'How can we help?',
    }).expect(202);
    const delivered = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id);
    const messageId = headerOf(delivered, 'Message-ID') as string;
    expect(messageId).toContain(res.body.id);

    const reply = await sendIn(platform, {
      from: 'jo@customer.example',
      to: `support@${t.domain}`,
      subject: 'Re: Your ticket',
      text: 'My parcel is late.',
      inReplyTo: messageId,
      references: [messageId],
    });
    expect(reply.code).toBe(250);
    const message = await onlyMessage(t.key);
    expect(message.inReplyToEmailId).toBe(res.body.id);
    expect(message.body).toMatchObject({ inReplyTo: messageId, inReplyToEmailId: res.body.id });
    const replies = await request(platform.url).get('/inbound/messages').query({ emailId: res.body.id }).set(auth(t.key)).expect(200);
    expect(replies.body.data.map((m: { id: string }) => m.id)).toEqual([message.id]);
  });

  it('when the sending domain publishes DMARC reject and the message fails SPF without DKIM, then the event reports the failures and the message is kept', async () => {
    const t = await holdingTenant(platform);
    platform.sandbox.dns.setTxt('_dmarc.bank.example', ['v=DMARC1; p=reject']);
    platform.sandbox.dns.setTxt('bank.example', ['v=spf1 ip4:192.0.2.1 -all']);
    const sent = await sendIn(platform, {
      envelope: { from: 'security@bank.example', to: [`me@${t.domain}`] },
      from: 'security@bank.example',
      to: `me@${t.domain}`,
      subject: 'Verify your account',
      text: 'x',
    });
    expect(sent.code).toBe(250);
    const message = await onlyMessage(t.key);
    expect(message.body.authentication).toMatchObject({
      spf: { result: 'fail', domain: 'bank.example' },
      dmarc: { result: 'fail', policy: 'reject', domain: 'bank.example' },
      authenticated: false,
    });
  });

  it('when a tenant sends signed mail to a receiving domain, then the message arrives through the MX with DKIM and DMARC passing', async () => {
    const t = await holdingTenant(platform);
    platform.sandbox.dns.setTxt(`_dmarc.${t.domain}`, ['v=DMARC1; p=none']);
    const sent = await sendEmail(platform, t, { from: `news@${t.domain}`, to: `inbox@${t.domain}`, subject: 'Signed' }).expect(202);
    // The sandbox MTA answers with the inbound listener's reply: `sent` means it was received and stored.
    await waitForStatus(platform.url, t.key, sent.body.id, 'sent', 20_000);
    const message = await onlyMessage(t.key);
    expect(message.body.authentication).toMatchObject({
      dkim: [expect.objectContaining({ result: 'pass', domain: t.domain, aligned: true })],
      dmarc: expect.objectContaining({ result: 'pass' }),
      authenticated: true,
    });
  });
});
