import { newId } from '@mailplane/runtime';
import { eventually } from '../../../test/support/eventually';
import { headerOf, tenantWithDomain, waitForStatus, sendEmail } from '../../../test/support/mail';
import type { TestPlatform } from '../../../test/support/platform';
import type { MessageRecord } from '../src/data-access/message-record';
import { mailStoreOf, startPlatformOn, travellingClock, withBodiesOnDisk } from '../../../test/support/travelling-platform';

// More than one round of the outbox sweeper (500 messages) was waiting when the process died.
const WAITING = 1200;
const env = { SEND_RATE_LIMIT: '10000', DEFAULT_MONTHLY_QUOTA: '100000' };

let running: TestPlatform | null = null;
afterAll(() => running?.stop());

describe('the outbox after a crash', () => {
  it('when the process died with more queued messages than one sweep takes, then every one is delivered right after the restart', async () => {
    const clock = travellingClock();
    const first = (running = await startPlatformOn(clock, env));
    const t = await tenantWithDomain(first);
    const sent = await sendEmail(first, t, { to: 'b@example.org', subject: 'template', text: 'Waiting in the outbox.' }).expect(202);
    await waitForStatus(first.url, t.key, sent.body.id, 'sent');
    await first.stop({ keepData: true });
    running = null;

    // What the outbox holds when a process dies under a burst: stored, queued, expected off the queue at once.
    const store = await mailStoreOf(first.dataDir);
    const messages = store.collection<MessageRecord>('messages');
    const template = (await messages.findOne({ _id: sent.body.id }))!;
    const now = clock.now();
    const ids = Array.from({ length: WAITING }, () => newId('msg', now.getTime()));
    await messages.insertMany(
      ids.map((_id) => ({
        ...template,
        _id,
        status: 'queued' as const,
        recipients: template.recipients!.map((r) => ({ ...r, status: 'pending' as const, smtpCode: null, response: null })),
        attempts: [],
        createdAt: now,
        updatedAt: now,
        sentAt: null,
        nextAttemptAt: now,
        dispatchedAt: now,
        leaseUntil: null,
        pendingEvents: [],
        eventsPending: false,
      })),
    );
    await store.close();
    await withBodiesOnDisk(first.dataDir, async (bodies) => {
      const body = (await bodies.get(sent.body.id))!;
      for (const id of ids) await bodies.put(id, body);
    });

    const second = (running = await startPlatformOn(clock, env, first.dataDir));
    const waiting = new Set(ids);
    const allDelivered = () => {
      for (const m of second.sandbox.sink.messages()) waiting.delete(headerOf(m, 'X-Mailplane-Message-Id') ?? '');
      return waiting.size === 0;
    };
    // Well inside the ten minutes after which the sweeper would re-send a message that never left the queue.
    await eventually(allDelivered, `the ${WAITING} waiting messages at the MTA`, 60_000).catch(() => undefined);
    expect(waiting.size).toBe(0);
  }, 120_000);
});
