import request from 'supertest';
import { eventually } from '../../../test/support/eventually';
import { auth, tenantWithDomain, waitForStatus } from '../../../test/support/mail';
import { sharedPlatformOn, withBodiesOnDisk, travellingClock } from '../../../test/support/travelling-platform';

const clock = travellingClock();
const platform = sharedPlatformOn(clock, { SEND_RATE_LIMIT: '1000', RETENTION_PURGE_MS: '50', BODY_RETENTION_DAYS: '30' });

describe('template variables and retention', () => {
  it('when the body of a templated message is purged, then its variables go with it and the record keeps only the template version', async () => {
    const t = await tenantWithDomain(platform);
    const created = await request(platform.url)
      .post('/templates')
      .set(auth(t.key))
      .send({ name: 'Reset', subject: 'Reset for {{ email }}', text: 'Code {{ code }}' });
    await request(platform.url).post(`/templates/${created.body.id}/publish`).set(auth(t.key)).expect(200);
    const variables = { email: 'ada@example.org', code: '927341' };
    const sent = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `a@${t.domain}`, to: 'ada@example.org', template: created.body.id, variables })
      .expect(202);
    const kept = await waitForStatus(platform.url, t.key, sent.body.id, 'sent');
    expect(kept.body.body.variables).toEqual(variables);
    const blob = async () => (await withBodiesOnDisk(platform.dataDir, (b) => b.get(sent.body.id)))?.toString('utf8') ?? null;
    expect(await blob()).toContain('927341');

    clock.travelDays(31);
    await eventually(async () => (await blob()) === null, 'the body and its variables to be purged', 10_000);
    const purged = await request(platform.url).get(`/emails/${sent.body.id}`).set(auth(t.key));
    expect(purged.body).toMatchObject({ body: null, template: { id: created.body.id, version: 1 } });
    expect(JSON.stringify(purged.body)).not.toContain('927341');
  }, 60_000);
});
