import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { auth, tenantWithDomain } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';
import {
  createRoute,
  inboundListener,
  receivingTenant,
  sendIn,
  holdingTenant,
  KEPT_A_WHILE,
  sendKept,
} from '../../../test/support/inbound';
import { eventually } from '../../../test/support/eventually';
import { sharedPlatformOn, travellingClock } from '../../../test/support/travelling-platform';

const MAX_BYTES = 4096;
// Each test's tenant receives at most one message, but for the test of the limit itself.
const platform = sharedPlatform({ INBOUND_MAX_BYTES: String(MAX_BYTES), INBOUND_MONTHLY_LIMIT: '1' });

const received = async (key: string) => (await request(platform.url).get('/inbound/messages').set(auth(key))).body.total as number;

/** swaks as the sending MTA: its exit status and transcript. */
async function swaks(args: string[]) {
  const { host, port } = inboundListener(platform);
  try {
    const { stdout } = await promisify(execFile)('swaks', ['--server', host, '--port', String(port), '--tls-optional', ...args]);
    return { exit: 0, transcript: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { exit: e.code, transcript: e.stdout };
  }
}

describe('inbound mail refused', () => {
  it('when the recipient matches no route, then swaks is refused at RCPT with 550 5.1.1 and nothing is stored', async () => {
    const t = await receivingTenant(platform);
    await createRoute(platform, t.key, { pattern: `support@${t.domain}`, action: { type: 'hold' } });
    const { exit, transcript } = await swaks(['--to', `nobody@${t.domain}`, '--from', 'a@elsewhere.example']);
    expect(exit).not.toBe(0);
    expect(transcript).toMatch(/<~\*\s+550 5\.1\.1 <nobody@[^>]+>: no such recipient here/);
    expect(transcript).not.toMatch(/ DATA\r?\n/);
    expect(await received(t.key)).toBe(0);
  });

  it('when the domain is received by nobody here, then RCPT is refused with 550 5.1.2', async () => {
    const refused = await sendIn(platform, { from: 'a@elsewhere.example', to: 'x@not-ours.example', subject: 's', text: 'x' });
    expect(refused).toMatchObject({ code: 550, errorCode: 'EENVELOPE' });
    expect(refused.response).toMatch(/^550 5\.1\.2 /);
  });

  it('when the domain stopped receiving, then its recipients are refused at RCPT', async () => {
    const t = await holdingTenant(platform);
    await request(platform.url).delete(`/identities/${t.identity.id}/inbound`).set(auth(t.key)).expect(200);
    const refused = await sendIn(platform, { from: 'a@elsewhere.example', to: `a@${t.domain}`, subject: 's', text: 'x' });
    expect(refused.code).toBe(550);
    expect(await received(t.key)).toBe(0);
  });

  it('when a message is larger than INBOUND_MAX_BYTES, then it is refused with 552 and nothing is stored', async () => {
    const t = await holdingTenant(platform);
    const refused = await sendIn(platform, {
      from: 'a@elsewhere.example',
      to: `big@${t.domain}`,
      subject: 'big',
      text: 'x'.repeat(MAX_BYTES * 2),
    });
    expect(refused.code).toBe(552);
    expect(await received(t.key)).toBe(0);
  });

  it('when a client drops the connection in the middle of DATA, then nothing is stored and the listener keeps serving', async () => {
    const t = await holdingTenant(platform);
    const { host, port } = inboundListener(platform);
    const socket = connect(port, host);
    const replies: string[] = [];
    let waiting: (() => void) | null = null;
    socket.on('data', (chunk) => {
      replies.push(...chunk.toString().split('\r\n').filter(Boolean));
      waiting?.();
    });
    const reply = (code: string) =>
      new Promise<void>((resolve) => {
        const check = () => replies.some((r) => r.startsWith(`${code} `)) && ((waiting = null), resolve());
        waiting = check;
        check();
      });
    const say = async (line: string, code: string) => {
      replies.length = 0;
      socket.write(`${line}\r\n`);
      await reply(code);
    };
    await reply('220');
    await say('EHLO client.example', '250');
    await say('MAIL FROM:<a@elsewhere.example>', '250');
    await say(`RCPT TO:<half@${t.domain}>`, '250');
    await say('DATA', '354');
    socket.write('Subject: cut short\r\n\r\nThe first half of the body');
    await new Promise<void>((resolve) => socket.destroy() && socket.once('close', () => resolve()));

    const next = await sendIn(platform, { from: 'a@elsewhere.example', to: `whole@${t.domain}`, subject: 'whole', text: 'x' });
    expect(next.code).toBe(250);
    const list = await request(platform.url).get('/inbound/messages').set(auth(t.key));
    expect(list.body.data.map((m: { subject: string }) => m.subject)).toEqual(['whole']);
  });
});

describe('the monthly limit', () => {
  it("when a tenant has received its plan's messages this month, then the next recipient is told 452 4.2.2 and billing shows the usage", async () => {
    const t = await holdingTenant(platform);
    expect((await sendIn(platform, { from: 'a@elsewhere.example', to: `one@${t.domain}`, subject: 'one', text: 'x' })).code).toBe(250);
    const refused = await sendIn(platform, { from: 'a@elsewhere.example', to: `two@${t.domain}`, subject: 'two', text: 'x' });
    expect(refused.code).toBe(452);
    expect(refused.response).toMatch(/^452 4\.2\.2 /);
    expect(await received(t.key)).toBe(1);
    const state = await request(platform.url).get('/billing/state').set(auth(t.key)).expect(200);
    expectContract(state, 'getBillingState');
    expect(state.body.usage.inbound).toEqual({ used: 1, limit: 1 });
  });
});

describe('inbound routes refused', () => {
  it('when the pattern is at a domain the tenant does not receive at, then 400 names /body/pattern', async () => {
    const t = await tenantWithDomain(platform);
    const res = await request(platform.url)
      .post('/inbound/routes')
      .set(auth(t.key))
      .send({ pattern: `support@${t.domain}`, action: { type: 'hold' } });
    expectProblem(res, 400, 'validation_failed', 'createInboundRoute');
    expect(res.body.errors).toEqual([expect.objectContaining({ path: '/body/pattern' })]);
    expect((await request(platform.url).get('/inbound/routes').set(auth(t.key))).body.total).toBe(0);
  });

  it.each([
    ['a pattern that is not an address', { pattern: 'support', action: { type: 'hold' } }, '/body/pattern'],
    ['a star in the middle', { pattern: 'sup*port@example.com', action: { type: 'hold' } }, '/body/pattern'],
    ['a reject without its code', { pattern: 'a@example.com', action: { type: 'reject' } }, '/body/action/code'],
    ['an unknown action', { pattern: 'a@example.com', action: { type: 'forward' } }, '/body/action/type'],
  ])('when the request has %s, then 400 names the field', async (_what, body, path) => {
    const t = await receivingTenant(platform);
    const res = await request(platform.url).post('/inbound/routes').set(auth(t.key)).send(body);
    expectProblem(res, 400, 'validation_failed', 'createInboundRoute');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('when a platform subdomain is more than one label deep, then 400 names /body/domain', async () => {
    const { key } = await platform.newTenant();
    const res = await request(platform.url).post('/identities').set(auth(key)).send({ domain: 'a.b.inbound.mailplane.test' });
    expectProblem(res, 400, 'validation_failed', 'createIdentity');
    expect(res.body.errors).toEqual([expect.objectContaining({ path: '/body/domain' })]);
  });

  it('when the same pattern is routed twice, then 409 already_exists', async () => {
    const t = await receivingTenant(platform);
    await createRoute(platform, t.key, { pattern: `help@${t.domain}`, action: { type: 'hold' } });
    const res = await request(platform.url)
      .post('/inbound/routes')
      .set(auth(t.key))
      .send({ pattern: `HELP@${t.domain}`, action: { type: 'webhook' } });
    expectProblem(res, 409, 'already_exists', 'createInboundRoute');
  });

  it('when a route is changed to a pattern another route has, then 409 and the route is unchanged', async () => {
    const t = await receivingTenant(platform);
    await createRoute(platform, t.key, { pattern: `a@${t.domain}`, action: { type: 'hold' } });
    const b = await createRoute(platform, t.key, { pattern: `b@${t.domain}`, action: { type: 'hold' } });
    const res = await request(platform.url)
      .patch(`/inbound/routes/${b.id}`)
      .set(auth(t.key))
      .send({ pattern: `a@${t.domain}` });
    expectProblem(res, 409, 'already_exists', 'updateInboundRoute');
    expect((await request(platform.url).get(`/inbound/routes/${b.id}`).set(auth(t.key))).body.pattern).toBe(`b@${t.domain}`);
  });

  it('when the route does not exist, then 404', async () => {
    const t = await receivingTenant(platform);
    const missing = 'inr_00000000000000000000000000';
    expectProblem(await request(platform.url).get(`/inbound/routes/${missing}`).set(auth(t.key)), 404, 'not_found', 'getInboundRoute');
    expectProblem(
      await request(platform.url).delete(`/inbound/routes/${missing}`).set(auth(t.key)),
      404,
      'not_found',
      'deleteInboundRoute',
    );
  });
});

describe('attachments of a received message past its body period', () => {
  const clock = travellingClock();
  const retained = sharedPlatformOn(clock, KEPT_A_WHILE);

  it('when an attachment link outlives the body it points into, then once the body is purged the link answers 404', async () => {
    const t = await holdingTenant(retained);
    const sent = await sendKept(retained, t.domain);
    expect(sent.code).toBe(250);
    const [summary] = (await request(retained.url).get('/inbound/messages').set(auth(t.key))).body.data;
    const read = () => request(retained.url).get(`/inbound/messages/${summary.id}`).set(auth(t.key));
    const link = new URL((await read()).body.body.attachments[0].url);
    const download = () => request(`http://127.0.0.1:${link.port}`).get(link.pathname + link.search);
    expect((await download()).status).toBe(200);

    clock.travelDays(31);
    await eventually(async () => (await read()).body.body === null, 'the body purged', 10_000);
    expectProblem(await download(), 404, 'not_found', 'downloadInboundAttachment');
  });
});
