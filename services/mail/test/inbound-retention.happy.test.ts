import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth } from '../../../test/support/mail';
import { holdingTenant, KEPT_A_WHILE, sendKept } from '../../../test/support/inbound';
import { sharedPlatformOn, travellingClock, withBodiesOnDisk } from '../../../test/support/travelling-platform';

const clock = travellingClock();
const platform = sharedPlatformOn(clock, KEPT_A_WHILE);

describe('retention of received mail', () => {
  it('when time passes, then a received message loses its body and attachments after the body period, and its record after the longer one', async () => {
    const t = await holdingTenant(platform);
    const sent = await sendKept(platform, t.domain);
    expect(sent.code).toBe(250);
    const received = async () => {
      const res = await request(platform.url).get('/inbound/messages').set(auth(t.key));
      expectContract(res, 'listInboundMessages');
      return res.body as { total: number; data: { id: string }[] };
    };
    const [summary] = (await received()).data;
    const read = () => request(platform.url).get(`/inbound/messages/${summary.id}`).set(auth(t.key));
    const link = new URL((await read()).body.body.attachments[0].url);
    const download = () => request(`http://127.0.0.1:${link.port}`).get(link.pathname + link.search);
    expect((await download()).status).toBe(200);
    expect(await withBodiesOnDisk(platform.dataDir, (b) => b.get(summary.id))).not.toBeNull();

    clock.travelDays(31);
    await eventually(async () => (await read()).body.body === null, 'the body purged', 10_000);
    const purged = await read();
    expect(purged.status).toBe(200);
    expectContract(purged, 'getInboundMessage');
    expect(purged.body).toMatchObject({ id: summary.id, subject: 'kept a while', bodyPurgedAt: expect.any(String), body: null });
    // The message as it came, attachments and all, is gone from mail's blob store.
    expect(await withBodiesOnDisk(platform.dataDir, (b) => b.get(summary.id))).toBeNull();

    clock.travelDays(366);
    await eventually(async () => (await received()).total === 0, 'the record purged', 10_000);
    expect((await received()).data).toEqual([]);
  });
});
