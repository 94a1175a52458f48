import { execFileSync } from 'node:child_process';
import { connect } from 'node:net';
import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { auth } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { createRoute, inboundListener, receivingTenant, sendIn, holdingTenant } from '../../../test/support/inbound';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({
    INBOUND_MAX_RECIPIENTS: '25',
    INBOUND_MAX_BYTES: String(4 * 1024 * 1024),
    INBOUND_MAX_BUFFERED_BYTES: String(3 * 1024 * 1024),
    INBOUND_SESSION_TIMEOUT_MS: '8000',
    INBOUND_TIMEOUT_MS: '60000',
  });
});
afterAll(() => platform.stop());

const diskBytes = () => Number(execFileSync('du', ['-sb', platform.dataDir], { encoding: 'utf8' }).split('\t')[0]);

/**
 * A raw SMTP session: sends each command once the reply to the one before arrived and collects the replies (the last
 * line of each); `then` closes. Resolves with the replies and whatever the server said after them.
 */
function dialog(commands: string[]): Promise<string[]> {
  const { host, port } = inboundListener(platform);
  return new Promise((resolve, reject) => {
    const socket = connect(port, host);
    const replies: string[] = [];
    let pending = '';
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      let end: number;
      while ((end = pending.indexOf('\r\n')) !== -1) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        replies.push(line);
        if (line[3] === '-') continue;
        const next = commands.shift();
        if (next === undefined) socket.end();
        else socket.write(next);
      }
    });
    socket.on('close', () => resolve(replies));
    socket.on('error', reject);
  });
}

describe('a message to many of a tenant’s addresses', () => {
  it('when one 1 MB message goes to 20 addresses, then it is stored and counted once, listing its 20 recipients', async () => {
    const t = await receivingTenant(platform);
    const route = await createRoute(platform, t.key, { pattern: `*@${t.domain}`, action: { type: 'hold' } });
    const to = Array.from({ length: 20 }, (_, i) => `box${i}@${t.domain}`);
    const before = diskBytes();
    const sent = await sendIn(platform, { from: 'a@elsewhere.example', to, subject: 'to all', text: 'y'.repeat(1024 * 1024) });
    expect(sent.code).toBe(250);
    expect(diskBytes() - before).toBeLessThan(3 * 1024 * 1024);

    const list = await request(platform.url).get('/inbound/messages').set(auth(t.key)).expect(200);
    expectContract(list, 'listInboundMessages');
    expect(list.body.total).toBe(1);
    const [summary] = list.body.data;
    expect(summary.recipients.map((r: { address: string }) => r.address)).toEqual(to);
    expect(summary.recipients.every((r: { routeId: string }) => r.routeId === route.id)).toBe(true);
    const byRoute = await request(platform.url).get('/inbound/messages').query({ routeId: route.id }).set(auth(t.key)).expect(200);
    expect(byRoute.body.total).toBe(1);
    const message = await request(platform.url).get(`/inbound/messages/${summary.id}`).set(auth(t.key)).expect(200);
    expectContract(message, 'getInboundMessage');
    expect(message.body.envelope.to).toEqual(to);
    const state = await request(platform.url).get('/billing/state').set(auth(t.key)).expect(200);
    expect(state.body.usage.inbound.used).toBe(1);
  });

  it('when a transaction names more recipients than INBOUND_MAX_RECIPIENTS, then the ones past it are told 452 4.5.3', async () => {
    const t = await holdingTenant(platform);
    const rcpts = Array.from({ length: 27 }, (_, i) => `RCPT TO:<r${i}@${t.domain}>\r\n`);
    const replies = await dialog(['EHLO client.example\r\n', 'MAIL FROM:<a@elsewhere.example>\r\n', ...rcpts, 'QUIT\r\n']);
    const rcptReplies = replies.slice(-28, -1);
    expect(rcptReplies.slice(0, 25).every((line) => line.startsWith('250'))).toBe(true);
    expect(rcptReplies.slice(25)).toEqual([expect.stringMatching(/^452 4\.5\.3 /), expect.stringMatching(/^452 4\.5\.3 /)]);
  });
});

describe('bytes buffered', () => {
  it('when EHLO is answered, then SIZE advertises INBOUND_MAX_BYTES and a larger MAIL FROM SIZE= is refused with 552', async () => {
    const replies = await dialog(['EHLO client.example\r\n', `MAIL FROM:<a@elsewhere.example> SIZE=${5 * 1024 * 1024}\r\n`, 'QUIT\r\n']);
    expect(replies).toContainEqual(expect.stringMatching(new RegExp(`^250[- ]SIZE ${4 * 1024 * 1024}$`)));
    expect(replies.find((line) => line.startsWith('552'))).toBeDefined();
  });

  it('when a message would take the sessions past INBOUND_MAX_BUFFERED_BYTES, then it is told 452 4.3.1 and nothing is stored', async () => {
    const t = await holdingTenant(platform);
    const sent = await sendIn(platform, {
      from: 'a@elsewhere.example',
      to: `x@${t.domain}`,
      subject: 'big',
      text: 'z'.repeat(3.5 * 1024 * 1024),
    });
    expect(sent.code).toBe(452);
    expect(sent.response).toMatch(/^452 4\.3\.1 /);
    expect((await request(platform.url).get('/inbound/messages').set(auth(t.key))).body.total).toBe(0);
  });
});

describe('session deadline', () => {
  it('when a client keeps a session busy past INBOUND_SESSION_TIMEOUT_MS, then it is told 421 4.4.2 and closed', async () => {
    const noops = Array.from({ length: 100_000 }, () => 'NOOP\r\n');
    const replies = await dialog(['EHLO client.example\r\n', ...noops]);
    expect(replies[replies.length - 1]).toMatch(/^421 4\.4\.2 .*Session time limit/);
    expect(replies.length).toBeLessThan(100_000);
  });
});
