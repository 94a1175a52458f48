import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { auth, waitForStatus } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';
import { createRoute, receivingTenant, sendIn, holdingTenant } from '../../../test/support/inbound';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });

const list = async (key: string) => (await request(platform.url).get('/inbound/messages').set(auth(key))).body;

describe('inbound mail between tenants', () => {
  it("when another tenant asks for a tenant's route or received message, then 404 and lists show nothing of it", async () => {
    const owner = await receivingTenant(platform);
    const stranger = await receivingTenant(platform);
    const route = await createRoute(platform, owner.key, { pattern: `*@${owner.domain}`, action: { type: 'hold' } });
    expect((await sendIn(platform, { from: 'a@elsewhere.example', to: `x@${owner.domain}`, subject: 'private', text: 'x' })).code).toBe(
      250,
    );
    const [message] = (await list(owner.key)).data;

    expectProblem(await request(platform.url).get(`/inbound/routes/${route.id}`).set(auth(stranger.key)), 404, 'not_found');
    expectProblem(
      await request(platform.url)
        .patch(`/inbound/routes/${route.id}`)
        .set(auth(stranger.key))
        .send({ action: { type: 'webhook' } }),
      404,
      'not_found',
    );
    expectProblem(await request(platform.url).delete(`/inbound/routes/${route.id}`).set(auth(stranger.key)), 404, 'not_found');
    expectProblem(await request(platform.url).get(`/inbound/messages/${message.id}`).set(auth(stranger.key)), 404, 'not_found');
    expect((await request(platform.url).get('/inbound/routes').set(auth(stranger.key))).body.total).toBe(0);
    expect((await list(stranger.key)).total).toBe(0);
    expect((await request(platform.url).get(`/inbound/routes/${route.id}`).set(auth(owner.key))).body.action).toEqual({ type: 'hold' });
  });

  it('when a second tenant claims a domain another already receives at, then its check says taken and the mail keeps going to the first', async () => {
    const first = await receivingTenant(platform);
    await createRoute(platform, first.key, { pattern: `*@${first.domain}`, action: { type: 'hold' } });
    const second = await platform.newTenant();
    const identity = await request(platform.url)
      .post('/identities')
      .set(auth(second.key))
      .send({ domain: first.domain, selector: 'other', inbound: true })
      .expect(201);
    const dkim = identity.body.dnsRecords.find((r: { purpose: string }) => r.purpose === 'dkim');
    platform.sandbox.dns.setTxt(dkim.name, [dkim.value]);
    const checked = await request(platform.url).post(`/identities/${identity.body.id}/verify`).set(auth(second.key)).expect(200);
    expect(checked.body).toMatchObject({ status: 'verified', inbound: { status: 'taken' } });

    await createRoute(platform, second.key, { pattern: `ceo@${first.domain}`, action: { type: 'hold' } });
    expect(
      (await sendIn(platform, { from: 'a@elsewhere.example', to: `ceo@${first.domain}`, subject: 'for the first', text: 'x' })).code,
    ).toBe(250);
    expect((await list(first.key)).total).toBe(1);
    expect((await list(second.key)).total).toBe(0);
  });

  it('without a key, then the routes and messages answer 401', async () => {
    expectProblem(await request(platform.url).get('/inbound/routes'), 401, 'unauthorized');
    expectProblem(await request(platform.url).get('/inbound/messages'), 401, 'unauthorized');
  });
});

describe('attachment links', () => {
  it('when a link is altered (signature, expiry or index), then 404 as for one that never existed', async () => {
    const t = await holdingTenant(platform);
    const sent = await sendIn(platform, {
      from: 'a@elsewhere.example',
      to: `files@${t.domain}`,
      subject: 'files',
      text: 'x',
      attachments: [
        { filename: 'a.txt', content: 'first' },
        { filename: 'b.txt', content: 'second' },
      ],
    });
    expect(sent.code).toBe(250);
    const [summary] = (await list(t.key)).data;
    const message = (await request(platform.url).get(`/inbound/messages/${summary.id}`).set(auth(t.key))).body;
    const url = new URL(message.body.attachments[0].url);
    const base = `http://127.0.0.1:${url.port}`;
    const expires = url.searchParams.get('expires') as string;
    const signature = url.searchParams.get('signature') as string;
    const get = (path: string, query: Record<string, string>) => request(base).get(path).query(query);

    expect((await get(url.pathname, { expires, signature })).status).toBe(200);
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expectProblem(await get(url.pathname, { expires, signature: flipped }), 404, 'not_found');
    expectProblem(await get(url.pathname, { expires: String(Number(expires) + 3600), signature }), 404, 'not_found');
    expectProblem(await get(url.pathname.replace(/0$/, '1'), { expires, signature }), 404, 'not_found');
    expectProblem(await get(url.pathname, { expires: String(Math.floor(Date.now() / 1000) - 1), signature }), 404, 'not_found');
  });
});

describe('authentication and loops', () => {
  it('when a route refuses unauthenticated mail and a message fails DMARC, then DATA is refused with 550 5.7.26 and nothing is stored', async () => {
    const t = await receivingTenant(platform);
    await createRoute(platform, t.key, { pattern: `*@${t.domain}`, action: { type: 'webhook' }, refuseUnauthenticated: true });
    platform.sandbox.dns.setTxt('_dmarc.paypal-security.example', ['v=DMARC1; p=reject']);
    platform.sandbox.dns.setTxt('paypal-security.example', ['v=spf1 ip4:192.0.2.7 -all']);
    const refused = await sendIn(platform, {
      envelope: { from: 'alerts@paypal-security.example', to: [`me@${t.domain}`] },
      from: 'alerts@paypal-security.example',
      to: `me@${t.domain}`,
      subject: 'Your account is locked',
      text: 'x',
    });
    expect(refused.code).toBe(550);
    expect(refused.response).toMatch(/^550 5\.7\.26 /);
    expect((await list(t.key)).total).toBe(0);
  });

  it('when an application answers every message it receives at an address that comes back here, then the loop is refused after INBOUND_MAX_HOPS rounds', async () => {
    const t = await holdingTenant(platform);
    const bot = `bot@${t.domain}`;
    const send = async (subject: string) =>
      (await request(platform.url).post('/emails').set(auth(t.key)).send({ from: bot, to: bot, subject, text: 'auto' }).expect(202)).body
        .id as string;
    // The first message and three automatic answers go round: each arrives here one hop further.
    for (let round = 1; round <= 3; round++) {
      const id = await send(`round ${round}`);
      await waitForStatus(platform.url, t.key, id, 'sent', 20_000);
    }
    expect((await list(t.key)).data.map((m: { subject: string }) => m.subject)).toEqual(['round 3', 'round 2', 'round 1']);
    const hops = [];
    for (const m of (await list(t.key)).data) {
      hops.push((await request(platform.url).get(`/inbound/messages/${m.id}`).set(auth(t.key))).body.hops);
    }
    expect(hops).toEqual([3, 2, 1]);

    const looping = await send('round 4');
    const failed = await waitForStatus(platform.url, t.key, looping, 'failed', 20_000);
    expect(JSON.stringify(failed.body)).toContain('5.4.6');
    expect((await list(t.key)).total).toBe(3);
  });
});
