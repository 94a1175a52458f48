import request from 'supertest';
import { eventually } from '../../../test/support/eventually';
import { auth, headerOf, tenantWithDomain, waitForStatus, sendEmail } from '../../../test/support/mail';
import type { TestPlatform } from '../../../test/support/platform';
import { startPlatformOn, travellingClock } from '../../../test/support/travelling-platform';

const clock = travellingClock();
let platform: TestPlatform;
afterAll(() => platform.stop());

const HOUR_MS = 3600 * 1000;
const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

describe('scheduled sends across a restart', () => {
  it('when the platform is down at the scheduled time, then the message goes out once right after start, and one not yet due keeps waiting', async () => {
    platform = await startPlatformOn(clock, { SEND_RATE_LIMIT: '1000' });
    const t = await tenantWithDomain(platform);
    const schedule = async (ms: number, subject: string) =>
      (
        await request(platform.url)
          .post('/emails')
          .set(auth(t.key))
          .send({ from: `a@${t.domain}`, to: 'r@example.org', subject, text: 'x', scheduledAt: at(ms) })
          .expect(202)
      ).body.id as string;
    const dueWhileDown = await schedule(HOUR_MS, 'due while down');
    const dueLater = await schedule(5 * HOUR_MS, 'due later');
    const dataDir = platform.dataDir;
    await platform.stop({ keepData: true });

    clock.travelDays(2 / 24);
    platform = await startPlatformOn(clock, { SEND_RATE_LIMIT: '1000' }, dataDir);
    await waitForStatus(platform.url, t.key, dueWhileDown, 'sent');
    const copies = (id: string) => platform.sandbox.sink.messages().filter((m) => headerOf(m, 'X-Mailplane-Message-Id') === id).length;
    expect(copies(dueWhileDown)).toBe(1);
    expect((await request(platform.url).get(`/emails/${dueLater}`).set(auth(t.key))).body.status).toBe('scheduled');

    clock.travelDays(4 / 24);
    await waitForStatus(platform.url, t.key, dueLater, 'sent');
    // Later sweeps find nothing more to release: still one copy of each.
    const witness = await sendEmail(platform, t, { subject: 'witness' }).expect(202);
    await eventually(async () => copies(witness.body.id) === 1, 'the witness at the MTA');
    expect([copies(dueWhileDown), copies(dueLater)]).toEqual([1, 1]);
  });
});
