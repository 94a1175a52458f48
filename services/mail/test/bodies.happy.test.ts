import { newId } from '@mailplane/runtime';
import { headerOf, tenantWithDomain, waitForStatus, sendEmail } from '../../../test/support/mail';
import { removeDir, startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import type { MessageRecord } from '../src/data-access/message-record';
import { withBodiesOnDisk, mailStoreOf, startPlatformOn, travellingClock } from '../../../test/support/travelling-platform';

const DAY_MS = 24 * 3600 * 1000;
const pdf = Buffer.from('%PDF-1.4 invoice 42\n%%EOF');

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup();
  cleanups = [];
});

describe('message bodies in the blob store', () => {
  it('when a message is sent, then its body is in the blob store and its record keeps only the attachments named with their sizes', async () => {
    const platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000' });
    let running = true;
    cleanups.push(async () => {
      if (running) await platform.stop({ keepData: true });
      removeDir(platform.dataDir);
    });
    const t = await tenantWithDomain(platform);
    const res = await sendEmail(platform, t, {
      from: `billing@${t.domain}`,
      to: 'jane@example.org',
      subject: 'Invoice',
      text: 'Attached, as promised.',
      html: '<p>Attached, as promised.</p>',
      attachments: [{ filename: 'invoice-42.pdf', content: pdf.toString('base64'), contentType: 'application/pdf' }],
    }).expect(202);
    const received = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id);
    expect(received.text.trim()).toBe('Attached, as promised.');
    await waitForStatus(platform.url, t.key, res.body.id, 'sent');

    const blob = JSON.parse((await withBodiesOnDisk(platform.dataDir, (b) => b.get(res.body.id)))!.toString('utf8'));
    expect(blob).toMatchObject({
      text: 'Attached, as promised.',
      html: '<p>Attached, as promised.</p>',
      attachments: [{ filename: 'invoice-42.pdf', content: pdf.toString('base64'), contentType: 'application/pdf' }],
    });
    await platform.stop({ keepData: true });
    running = false;
    const store = await mailStoreOf(platform.dataDir);
    const record = (await store.collection<MessageRecord>('messages').findOne({ _id: res.body.id }))!;
    await store.close();
    expect(record).not.toHaveProperty('text');
    expect(record).not.toHaveProperty('html');
    expect(record).not.toHaveProperty('attachments');
    expect(record.attachedFiles).toEqual([{ filename: 'invoice-42.pdf', contentType: 'application/pdf', bytes: pdf.length }]);
    expect(record.bodyExpiresAt!.getTime() - record.createdAt.getTime()).toBe(30 * DAY_MS);
    expect(record.bodyPurgedAt).toBeNull();
  });

  it('when the platform restarts with a message deferred and a record stored with its body inline (the old format), then both are delivered with their bodies', async () => {
    const clock = travellingClock();
    const env = { SEND_RATE_LIMIT: '1000', RETRY_SCHEDULE: '1h' };
    const first = await startPlatformOn(clock, env);
    let running: TestPlatform | null = first;
    cleanups.push(() => running?.stop());
    const t = await tenantWithDomain(first);
    first.sandbox.sink.behaviour.failNext(1, { code: 451, message: 'Try again later' });
    const res = await sendEmail(first, t, { to: 'b@example.org', subject: 'from the blob', text: 'Read from the blob store.' }).expect(202);
    await waitForStatus(first.url, t.key, res.body.id, 'deferred');
    await first.stop({ keepData: true });
    running = null;

    const store = await mailStoreOf(first.dataDir);
    const messages = store.collection<MessageRecord>('messages');
    const deferred = (await messages.findOne({ _id: res.body.id }))!;
    expect(deferred).not.toHaveProperty('text');
    const { attachedFiles: _files, bodyExpiresAt: _expiry, bodyPurgedAt: _purged, ...oldShape } = deferred;
    const legacyId = newId('msg', Date.now());
    await messages.insertOne({
      ...oldShape,
      _id: legacyId,
      subject: 'inline',
      status: 'queued',
      attempts: [],
      nextAttemptAt: deferred.createdAt,
      pendingEvents: [],
      eventsPending: false,
      text: 'Read from the record itself.',
      html: null,
      attachments: [],
      dispatchedAt: null,
    });
    await store.close();

    clock.travelDays(1);
    const second = (running = await startPlatformOn(clock, env, first.dataDir));
    const arrived = (id: string) => second.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === id);
    expect((await arrived(res.body.id)).text.trim()).toBe('Read from the blob store.');
    expect((await arrived(legacyId)).text.trim()).toBe('Read from the record itself.');
    await waitForStatus(second.url, t.key, res.body.id, 'sent');
    await waitForStatus(second.url, t.key, legacyId, 'sent');
  });
});
