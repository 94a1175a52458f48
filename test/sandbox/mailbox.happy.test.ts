import request from 'supertest';
import { auth, headerOf, tenantWithDomain } from '../support/mail';
import { startTestPlatform, type TestPlatform } from '../support/platform';

describe('the sandbox mailbox', () => {
  let platform: TestPlatform;
  afterEach(() => platform?.stop());

  it('when the platform restarts on the same data, then the mailbox page still lists and shows what arrived before', async () => {
    platform = await startTestPlatform();
    const t = await tenantWithDomain(platform);
    const sent = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `hi@${t.domain}`, to: 'kept@example.org', subject: 'Kept across restarts', text: 'Still here' });
    expect(sent.status).toBe(202);
    const received = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === sent.body.id);
    const { dataDir } = platform;
    await platform.stop({ keepData: true });

    platform = await startTestPlatform({}, dataDir);
    const list = await request(platform.sandbox.pageUrl).get('');
    expect(list.status).toBe(200);
    expect(list.text).toContain('Kept across restarts');
    const one = await request(platform.sandbox.pageUrl).get(`?id=${received.id}`);
    expect(one.status).toBe(200);
    expect(one.text).toContain('Still here');
    const kept = platform.sandbox.sink.messages().find((m) => m.id === received.id);
    expect(kept?.raw.equals(received.raw)).toBe(true);
    expect(kept?.dkim).toEqual(received.dkim);

    // New mail gets a new id, after the kept ones.
    const again = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `hi@${t.domain}`, to: 'kept@example.org', subject: 'After the restart', text: 'New' });
    const next = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === again.body.id);
    expect(next.id).not.toBe(received.id);
    expect(platform.sandbox.sink.messages().map((m) => m.id)).toEqual([received.id, next.id]);
  }, 60_000);
});
