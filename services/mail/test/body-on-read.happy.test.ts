import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth, tenantWithDomain, waitForStatus, sendEmail } from '../../../test/support/mail';
import { sharedPlatformOn, travellingClock } from '../../../test/support/travelling-platform';

const clock = travellingClock();
const platform = sharedPlatformOn(clock, { SEND_RATE_LIMIT: '1000', RETENTION_PURGE_MS: '50', BODY_RETENTION_DAYS: '30' });

const pdf = Buffer.from('%PDF-1.4 invoice 42\n%%EOF');
const png = Buffer.alloc(300, 7);

describe('GET /emails/{id} with the body', () => {
  it('when a message is read while retained, then it shows text, html, headers and attachments by name, type and size; the list stays light', async () => {
    const t = await tenantWithDomain(platform);
    const sent = await sendEmail(platform, t, {
      from: `billing@${t.domain}`,
      to: 'jane@example.org',
      subject: 'Invoice 42',
      text: 'Attached.',
      html: '<p>Attached.</p>',
      headers: { 'X-Campaign': 'invoices' },
      attachments: [
        { filename: 'invoice-42.pdf', content: pdf.toString('base64'), contentType: 'application/pdf' },
        { filename: 'logo.png', content: png.toString('base64') },
      ],
    }).expect(202);
    const read = await waitForStatus(platform.url, t.key, sent.body.id, 'sent');
    expectContract(read, 'getEmail');
    expect(read.body).toMatchObject({
      subject: 'Invoice 42',
      headers: { 'X-Campaign': 'invoices' },
      body: {
        text: 'Attached.',
        html: '<p>Attached.</p>',
        attachments: [
          { filename: 'invoice-42.pdf', contentType: 'application/pdf', size: pdf.length },
          { filename: 'logo.png', contentType: 'image/png', size: 300 },
        ],
      },
      bodyPurgedAt: null,
    });
    expect(Date.parse(read.body.bodyExpiresAt) - Date.parse(read.body.createdAt)).toBe(30 * 24 * 3600_000);
    expect(read.text).not.toContain(pdf.toString('base64'));

    const list = await request(platform.url).get('/emails').set(auth(t.key));
    expectContract(list, 'listEmails');
    expect(list.body.data[0]).not.toHaveProperty('body');
    expect(list.text).not.toContain('Attached.');
  });

  it('when retention has deleted the body, then the read says so with body null and when it was purged, and keeps the rest', async () => {
    const t = await tenantWithDomain(platform);
    const sent = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `a@${t.domain}`, to: 'b@example.org', subject: 'Old news', html: '<p>gone soon</p>', headers: { 'X-Kept': 'yes' } })
      .expect(202);
    await waitForStatus(platform.url, t.key, sent.body.id, 'sent');
    clock.travelDays(31);
    let read = await request(platform.url).get(`/emails/${sent.body.id}`).set(auth(t.key));
    await eventually(async () => {
      read = await request(platform.url).get(`/emails/${sent.body.id}`).set(auth(t.key));
      return read.body.bodyPurgedAt !== null;
    }, 'the body to be purged');
    expectContract(read, 'getEmail');
    expect(read.body).toMatchObject({ status: 'sent', subject: 'Old news', headers: { 'X-Kept': 'yes' }, body: null });
    expect(Date.parse(read.body.bodyPurgedAt)).toBeGreaterThanOrEqual(Date.parse(read.body.bodyExpiresAt));
  });
});
