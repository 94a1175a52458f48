import request from 'supertest';
import { lateBounce } from '../../../sandbox/smtp-reports';
import { auth, headerOf, tenantWithDomain, waitForStatus } from '../../../test/support/mail';
import { deliverReport } from './support/report-listener';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000', BOUNCE_MAX_BYTES: '65536' });
});
afterAll(() => platform.stop());

const deliver = (to: string, raw: string) => deliverReport(platform, to, raw);

async function sentMessage() {
  const t = await tenantWithDomain(platform);
  const res = await request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `a@${t.domain}`, to: 'kept@example.org', subject: 's', text: 'x' })
    .expect(202);
  await waitForStatus(platform.url, t.key, res.body.id, 'sent');
  const received = platform.sandbox.sink.messages().find((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id)!;
  const read = async () => (await request(platform.url).get(`/emails/${res.body.id}`).set(auth(t.key))).body;
  return { t, id: res.body.id as string, returnPath: received.envelope.from, raw: received.raw, read };
}

describe('the bounce listener takes only what it handed out', () => {
  it('when a return path has a forged tag, another domain or no tag, then RCPT TO is refused with 550', async () => {
    const { id, returnPath, raw } = await sentMessage();
    const forged = returnPath.replace(/-[0-9a-f]{16}@/, '-0000000000000000@');
    for (const to of [
      forged,
      `bounces+${id}@bounces.mailplane.test`,
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
    const suppressions = await request(platform.url).get('/suppressions').set(auth(first.t.key));
    expect(suppressions.body.total).toBe(0);
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
