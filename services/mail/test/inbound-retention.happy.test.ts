import request from 'supertest';
import { eventually } from '../../../test/support/eventually';
import { auth } from '../../../test/support/mail';
import { sendIn, holdingTenant } from '../../../test/support/inbound';
import { sharedPlatformOn, travellingClock } from '../../../test/support/travelling-platform';

const clock = travellingClock();
const platform = sharedPlatformOn(clock, {
  RETENTION_PURGE_MS: '50',
  BODY_RETENTION_DAYS: '30',
  MESSAGE_RETENTION_DAYS: '396',
  // Links outlive the body here, so that what answers 404 is the purge.
  INBOUND_ATTACHMENT_URL_TTL: '1000h',
});

describe('retention of received mail', () => {
  it('when time passes, then a received message loses its body and attachments after the body period, and its record after the longer one', async () => {
    const t = await holdingTenant(platform);
    const sent = await sendIn(platform, {
      from: 'a@elsewhere.example',
      to: `keep@${t.domain}`,
      subject: 'kept a while',
      text: 'x',
      attachments: [{ filename: 'a.txt', content: 'bytes' }],
    });
    expect(sent.code).toBe(250);
    const [summary] = (await request(platform.url).get('/inbound/messages').set(auth(t.key))).body.data;
    const read = () => request(platform.url).get(`/inbound/messages/${summary.id}`).set(auth(t.key));
    const link = new URL((await read()).body.body.attachments[0].url);
    const download = () => request(`http://127.0.0.1:${link.port}`).get(link.pathname + link.search);
    expect((await download()).status).toBe(200);

    clock.travelDays(31);
    await eventually(async () => (await read()).body.body === null, 'the body purged', 10_000);
    expect((await read()).body).toMatchObject({ id: summary.id, subject: 'kept a while', bodyPurgedAt: expect.any(String) });
    expect((await download()).status).toBe(404);

    clock.travelDays(366);
    await eventually(async () => (await read()).status === 404, 'the record purged', 10_000);
    expect((await request(platform.url).get('/inbound/messages').set(auth(t.key))).body.total).toBe(0);
  });
});
