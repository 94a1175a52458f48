import { headerOf, tenantWithDomain } from '../../test/support/mail';
import { sharedPlatform } from '../../test/support/platform';
import { recordingFetch, sdkFor } from './support/recording-fetch';

describe('SDK: sending and reading messages against the embedded platform', () => {
  const platform = sharedPlatform();

  it('when a message is sent, then the recipient MTA receives it, and list and get return it', async () => {
    const t = await tenantWithDomain(platform);
    const mailplane = sdkFor(platform, t.key);
    const sent = await mailplane.emails.send({ from: `hello@${t.domain}`, to: 'jo@example.org', subject: 'Hi', text: 'It works' });
    expect(sent).toMatchObject({ status: 'queued', kind: 'standard' });
    expect(sent.id).toMatch(/^msg_/);

    const page = await mailplane.emails.list({ limit: 5 });
    expect(page).toMatchObject({ total: 1, limit: 5, offset: 0 });
    expect(page.data.map((m) => m.id)).toEqual([sent.id]);
    expect(await mailplane.emails.list({ q: 'nobody-matches-this' })).toMatchObject({ total: 0, data: [] });

    await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === sent.id);
    const email = await mailplane.emails.get(sent.id);
    expect(email).toMatchObject({ id: sent.id, from: `hello@${t.domain}`, to: 'jo@example.org', subject: 'Hi' });
  });

  it('when the answer to a send is lost, then the SDK retries with the same Idempotency-Key and one message exists', async () => {
    const t = await tenantWithDomain(platform);
    const recorder = recordingFetch({ loseAnswer: (e) => e.method === 'POST' && recorder.exchanges.length === 1 });
    const mailplane = sdkFor(platform, t.key, { fetch: recorder.fetch, retry: { baseDelayMs: 10 } });

    const sent = await mailplane.emails.send({ from: `a@${t.domain}`, to: 'jo@example.org', subject: 'Once', text: 'x' });

    const posts = recorder.exchanges.filter((e) => e.method === 'POST');
    expect(posts.map((e) => e.status)).toEqual([202, 202]);
    expect(posts[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1].headers['Idempotency-Key']).toBe(posts[0].headers['Idempotency-Key']);
    const all = await mailplane.emails.list();
    expect(all.total).toBe(1);
    expect(all.data[0].id).toBe(sent.id);
  });

  it('when the caller names the Idempotency-Key, then a second send with it answers the first message', async () => {
    const t = await tenantWithDomain(platform);
    const mailplane = sdkFor(platform, t.key);
    const body = { from: `a@${t.domain}`, to: 'jo@example.org', subject: 'Order 42', text: 'x' };
    const first = await mailplane.emails.send(body, { idempotencyKey: 'order-42' });
    const again = await mailplane.emails.send(body, { idempotencyKey: 'order-42' });
    expect(again.id).toBe(first.id);
    expect((await mailplane.emails.list()).total).toBe(1);
  });
});
