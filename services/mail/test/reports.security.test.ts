import net from 'node:net';
import request from 'supertest';
import { lateBounce } from '../../../sandbox/smtp-reports';
import { eventually } from '../../../test/support/eventually';
import { auth, headerOf, suppressedAddresses, tenantWithDomain, waitForStatus } from '../../../test/support/mail';
import { deliverReport } from './support/report-listener';
import { sharedPlatformOn, travellingClock } from '../../../test/support/travelling-platform';

const clock = travellingClock();
const platform = sharedPlatformOn(clock, {
  SEND_RATE_LIMIT: '1000',
  BOUNCE_MAX_BYTES: '65536',
  BOUNCE_MAX_CONNECTIONS: '4',
  BOUNCE_MAX_CONNECTIONS_PER_CLIENT: '2',
  // Nothing purged while the clock travels: reads before and after compare whole messages.
  BODY_RETENTION_DAYS: '365',
});

const deliver = (to: string, raw: string) => deliverReport(platform, to, raw);

/** A message sent to `to` (and `cc`), once the MTA took it: each recipient's return path, and how to read the message. */
async function sentMessage(to = 'kept@example.org', cc?: string) {
  const t = await tenantWithDomain(platform);
  const res = await request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `a@${t.domain}`, to, ...(cc ? { cc } : {}), subject: 's', text: 'x' })
    .expect(202);
  await waitForStatus(platform.url, t.key, res.body.id, 'sent');
  const copies = platform.sandbox.sink.messages().filter((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id);
  const returnPathOf = (recipient: string) => copies.find((c) => c.envelope.to.includes(recipient))!.envelope.from;
  const read = async () => (await request(platform.url).get(`/emails/${res.body.id}`).set(auth(t.key))).body;
  return { t, id: res.body.id as string, returnPath: returnPathOf(to), returnPathOf, raw: copies[0].raw, read };
}

// First: before any other test has connected, so no connection of theirs is still being let go.
/** A connection to the bounce listener from `localAddress` (any of 127/8 on Linux), with the listener's first reply. */
function connectFrom(localAddress: string): Promise<{ socket: net.Socket; reply: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port: Number(new URL(platform.reportsUrl!).port), localAddress });
    let text = '';
    socket.once('error', reject);
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.includes('\r\n')) {
        socket.removeAllListeners('data');
        resolve({ socket, reply: text.slice(0, text.indexOf('\r\n')) });
      }
    });
  });
}

describe('the bounce listener limits its connections', () => {
  const open: net.Socket[] = [];
  afterEach(() => {
    for (const socket of open.splice(0)) socket.destroy();
  });
  const connect = async (from: string) => {
    const connection = await connectFrom(from);
    open.push(connection.socket);
    return connection.reply;
  };

  it('when one client holds its share, then its next connection gets 421 while others still connect; when all places are taken, everyone gets 421 until one frees', async () => {
    expect(await connect('127.0.0.1')).toMatch(/^220 /);
    expect(await connect('127.0.0.1')).toMatch(/^220 /);
    expect(await connect('127.0.0.1')).toMatch(/^421 /);
    expect(await connect('127.0.0.2')).toMatch(/^220 /);
    expect(await connect('127.0.0.2')).toMatch(/^220 /);
    expect(await connect('127.0.0.3')).toMatch(/^421 /);

    open[0].destroy();
    await eventually(async () => /^220 /.test(await connect('127.0.0.3')), 'a place freed by a closed connection');
  });
});

describe('the bounce listener takes only what it handed out', () => {
  it('when a return path has a forged tag, another domain, no tag, the old per-message form or a moved last day, then RCPT TO is refused with 550', async () => {
    const { id, returnPath, raw } = await sentMessage();
    const [, recipient, lastDay, tag] = /-([0-9a-z]+)-([0-9a-z]+)-([0-9a-f]{16})@/.exec(returnPath)!;
    for (const to of [
      returnPath.replace(/-[0-9a-f]{16}@/, '-0000000000000000@'),
      `bounces+${id}@bounces.mailplane.test`,
      `bounces+${id}-${tag}@bounces.mailplane.test`,
      returnPath.replace(`-${lastDay}-`, `-${(parseInt(lastDay, 36) + 365).toString(36)}-`),
      returnPath.replace(`-${recipient}-${lastDay}-`, `-1-${lastDay}-`),
      returnPath.replace('bounces.mailplane.test', 'elsewhere.test'),
      'postmaster@bounces.mailplane.test',
    ]) {
      await expect(deliver(to, lateBounce(to, 'kept@example.org', raw))).rejects.toMatchObject({ responseCode: 550 });
    }
  });

  it("when a report names a recipient the message never had, or comes on another message's return path, then neither message changes", async () => {
    const first = await sentMessage();
    const second = await sentMessage();
    const [before1, before2] = [await first.read(), await second.read()];
    await deliver(first.returnPath, lateBounce(first.returnPath, 'stranger@example.org', first.raw));
    // The second message's recipient, reported on the first one's return path: about no one the first was sent to.
    await deliver(
      first.returnPath,
      lateBounce(first.returnPath, 'kept@example.org', second.raw).replace(/kept@example\.org/g, 'other@example.org'),
    );
    expect(await first.read()).toEqual(before1);
    expect(await second.read()).toEqual(before2);
    expect(await suppressedAddresses(platform, first.t.key)).toEqual([]);
  });

  it("when a Cc recipient reports the To recipient on the return path of their own copy, then nothing changes; on the To recipient's return path, only the To recipient is suppressed", async () => {
    const sent = await sentMessage('to@example.org', 'cc@example.org');
    const ccPath = sent.returnPathOf('cc@example.org');
    expect(ccPath).not.toBe(sent.returnPath);
    const before = await sent.read();
    await deliver(ccPath, lateBounce(ccPath, 'to@example.org', sent.raw));
    expect(await sent.read()).toEqual(before);
    expect(await suppressedAddresses(platform, sent.t.key)).toEqual([]);

    await deliver(sent.returnPath, lateBounce(sent.returnPath, 'to@example.org', sent.raw));
    await deliver(sent.returnPath, lateBounce(sent.returnPath, 'cc@example.org', sent.raw));
    const after = await waitForStatus(platform.url, sent.t.key, sent.id, 'bounced');
    expect(after.body.reports).toEqual([expect.objectContaining({ kind: 'bounce', recipient: 'to@example.org' })]);
    expect(await suppressedAddresses(platform, sent.t.key)).toEqual(['to@example.org']);
  });

  it('when a report is larger than the limit, then it is refused with 552 and nothing changes', async () => {
    const { returnPath, raw, read } = await sentMessage();
    const before = await read();
    const huge = lateBounce(returnPath, 'kept@example.org', raw).replace(
      'Your message could not',
      `${'x'.repeat(70_000)}\r\nYour message could not`,
    );
    await expect(deliver(returnPath, huge)).rejects.toMatchObject({ responseCode: 552 });
    expect(await read()).toEqual(before);
  });
});

describe('return paths expire', () => {
  it('when a report comes within the lifetime of its return path, then it is applied; after it, RCPT TO is refused with 550 and nothing changes', async () => {
    const sent = await sentMessage('early@example.org', 'late@example.org');
    clock.travelDays(29);
    await deliver(sent.returnPath, lateBounce(sent.returnPath, 'early@example.org', sent.raw));
    await waitForStatus(platform.url, sent.t.key, sent.id, 'bounced');

    clock.travelDays(2);
    const before = await sent.read();
    const latePath = sent.returnPathOf('late@example.org');
    await expect(deliver(latePath, lateBounce(latePath, 'late@example.org', sent.raw))).rejects.toMatchObject({ responseCode: 550 });
    expect(await sent.read()).toEqual(before);
    expect(await suppressedAddresses(platform, sent.t.key)).toEqual(['early@example.org']);
  });
});
