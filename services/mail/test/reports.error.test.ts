import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { simpleParser } from 'mailparser';
import { parseReport } from '../src/domain/reports/parse-report';
import { returnPaths } from '../src/domain/reports/return-path';
import { lateBounce } from '../../../sandbox/smtp-reports';
import { auth, headerOf, tenantWithDomain, waitForStatus, sendEmail } from '../../../test/support/mail';
import { deliverReport } from './support/report-listener';
import { UNSUBSCRIBE_SECRET, sharedPlatform } from '../../../test/support/platform';

const fixture = async (name: string) =>
  parseReport(await simpleParser(readFileSync(path.join(__dirname, 'fixtures', name)), { keepDeliveryStatus: true }));

describe('reading delivery reports and complaints', () => {
  it('when real-world reports are read, then each yields its recipient, kind, status and diagnostic', async () => {
    expect(await fixture('dsn-postfix.eml')).toEqual([
      {
        kind: 'bounce',
        recipient: 'jane@example.net',
        status: '5.1.1',
        diagnostic: expect.stringMatching(/^smtp; 550 5\.1\.1 <jane@example\.net>: Recipient address rejected/),
      },
    ]);
    expect(await fixture('dsn-gmail.eml')).toEqual([
      { kind: 'bounce', recipient: 'nobody.here@gmail.com', status: '5.1.1', diagnostic: expect.stringContaining('does not exist') },
    ]);
    expect(await fixture('dsn-exchange-delayed.eml')).toEqual([
      { kind: 'delay', recipient: 'sam@contoso.example', status: '4.4.7', diagnostic: null },
    ]);
    expect(await fixture('arf-abuse.eml')).toEqual([
      { kind: 'complaint', recipient: 'lee@hotmail.example', status: 'abuse', diagnostic: null },
    ]);
  });

  it('when a message is not a report, or a report is malformed, then it says nothing', async () => {
    const plain = await simpleParser('From: a@b.test\r\nSubject: hi\r\n\r\nhello\r\n');
    expect(parseReport(plain)).toEqual([]);
    const noRecipient = await simpleParser(
      [
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
        '',
        '--b',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; x',
        '',
        'Action: failed',
        'Status: 5.1.1',
        '',
        '--b--',
        '',
      ].join('\r\n'),
      { keepDeliveryStatus: true },
    );
    expect(parseReport(noRecipient)).toEqual([]);
  });
});

describe('reports the platform cannot use', () => {
  const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });
  const deliver = (to: string, raw: string) => deliverReport(platform, to, raw);

  it('when mail that is no report, or a garbled one, reaches a valid return path, then it is accepted, dropped, and the message is unchanged', async () => {
    const t = await tenantWithDomain(platform);
    const res = await sendEmail(platform, t).expect(202);
    const before = (await waitForStatus(platform.url, t.key, res.body.id, 'sent')).body;
    const returnPath = platform.sandbox.sink.messages().find((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id)!.envelope.from;
    const garbage = [
      'Subject: out of office\r\n\r\nI am away until Monday.\r\n',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="x"\r\n\r\n--x\r\nContent-Type: message/delivery-status\r\n\r\n\u0000\u0001\xff garbage: ::: \r\n\r\n:::\r\n--x',
      'Content-Type: multipart/report; report-type=feedback-report; boundary="y"\r\n\r\n--y\r\nContent-Type: message/feedback-report\r\n\r\nFeedback-Type: abuse\r\n--y--\r\n',
    ];
    for (const raw of garbage) await expect(deliver(returnPath, raw)).resolves.toMatchObject({ accepted: [returnPath] });
    expect((await request(platform.url).get(`/emails/${res.body.id}`).set(auth(t.key))).body).toEqual(before);
  });

  it('when a correctly tagged return path names a message that does not exist, then the report is dropped', async () => {
    const paths = returnPaths(UNSUBSCRIBE_SECRET, 'bounces.mailplane.test', 30);
    const to = paths.of('msg_00000000000000000000000000', 0, new Date());
    await expect(deliver(to, lateBounce(to, 'r@example.org', Buffer.from('Subject: x\r\n\r\n')))).resolves.toMatchObject({
      accepted: [to],
    });
    const health = await request(platform.url).get('/healthz');
    expect(health.status).toBe(200);
  });
});
