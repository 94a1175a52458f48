import { eventually } from '../../../test/support/eventually';
import type { EngagementRecord } from '../src/tracking/data-access/engagement-repo';
import type { MessageRecord } from '../src/data-access/messages-repo';
import { bodiesRepo } from '../src/data-access/bodies-repo';
import { messageBody, messageRecord } from './support/message-fixture';
import { mailCluster, type MailCluster, type MailReplica } from './support/replicas';

const DAY_MS = 24 * 3600 * 1000;
let cluster: MailCluster | null = null;
afterEach(async () => {
  await cluster?.stop();
  cluster = null;
});

const messagesOf = (replica: MailReplica) => replica.store.collection<MessageRecord>('messages');
const sum = (lines: Record<string, unknown>[], field: string) => lines.reduce((n, l) => n + Number(l[field] ?? 0), 0);

describe('mail background jobs with two replicas', () => {
  it('when two replicas sweep an outbox the broker never confirmed, then each message goes on the queue once', async () => {
    cluster = await mailCluster({ OUTBOX_SWEEP_MS: '20' });
    const [a, b] = [await cluster.replica(), await cluster.replica()];
    const now = new Date();
    // Stored, never confirmed on the queue, past the grace a request has to dispatch its own message.
    const stale = new Date(now.getTime() - 10_000);
    const records = Array.from({ length: 1000 }, () =>
      messageRecord(stale, 'queued', { dispatchedAt: null, identityId: 'idn_gone', bodyExpiresAt: new Date(now.getTime() + DAY_MS) }),
    );
    await messagesOf(a).insertMany(records);
    const dispatchedAll = async () =>
      (await messagesOf(a).count({ status: 'queued', dispatchedAt: null })) === 0 &&
      sum(cluster!.lines('outbox sweep put messages on the queue again'), 'messages') >= records.length;
    await eventually(dispatchedAll, 'every message put on the queue', 30_000);
    // A sweep still running finishes before its replica stops: every dispatch is counted by then.
    await a.stop();
    await b.stop();
    expect(sum(cluster.lines('outbox sweep put messages on the queue again'), 'messages')).toBe(records.length);
  }, 60_000);

  it('when two replicas record clicks of one message at once, then every click is counted and one is the first', async () => {
    cluster = await mailCluster();
    const [a, b] = [await cluster.replica(), await cluster.replica()];
    const sentAt = new Date(Date.now() - 60_000);
    const message = messageRecord(sentAt, 'sent', { sentAt, bodyExpiresAt: new Date(Date.now() + DAY_MS) });
    await messagesOf(a).insertMany([message]);
    const claim = { tenantId: message.tenantId, messageId: message._id, url: 'https://shop.example.com/' };
    const click = { kind: 'click' as const, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0', at: new Date() };
    for (let i = 0; i < 50; i++) for (const replica of [a, b]) replica.mail.deps.engagementHits.add(claim, click);
    await Promise.all([a.mail.deps.engagementHits.flush(), b.mail.deps.engagementHits.flush()]);
    const counted = await a.store.collection<EngagementRecord>('engagement').findOne({ _id: message._id });
    expect(counted).toMatchObject({ clicks: 100, firstClickedAt: click.at });
    await a.stop();
    await b.stop();
    const days = await a.store.collection<{ _id: string; clicked?: number }>('daily_stats').find({ tenantId: message.tenantId });
    expect(sum(days, 'clicked')).toBe(1);
  });

  it('when two replicas purge expired bodies at once, then each body is purged once', async () => {
    cluster = await mailCluster({ RETENTION_PURGE_MS: '50' });
    const [a, b] = [await cluster.replica(), await cluster.replica()];
    const expired = new Date(Date.now() - DAY_MS);
    const records = Array.from({ length: 500 }, () => messageRecord(expired, 'sent', { bodyExpiresAt: expired }));
    const bodies = bodiesRepo(a.bodies);
    for (const r of records) await bodies.save(r._id, messageBody);
    await messagesOf(a).insertMany(records);
    await eventually(async () => (await messagesOf(a).count({ bodyPurgedAt: null })) === 0, 'every body purged', 15_000);
    await a.stop();
    await b.stop();
    expect(sum(cluster.lines('retention purged'), 'bodies')).toBe(records.length);
  });

  it('when the replica sweeping orphaned bodies stops mid-pass, then the next one continues the pass from where it stopped', async () => {
    // Three days on: every body written now is past the two days after which a body no message names is swept.
    const clock = { now: () => new Date(Date.now() + 3 * DAY_MS) };
    cluster = await mailCluster({ RETENTION_PURGE_MS: '1000' }, clock);
    const first = await cluster.replica();
    const orphans = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `msg_${prefix}${String(i).padStart(5, '0')}`);
    const put = async (replica: MailReplica, keys: string[]) => {
      for (const key of keys) await bodiesRepo(replica.bodies).save(key, messageBody);
    };
    // A round looks at 2,000 keys: the pass takes two rounds.
    await put(first, orphans('m', 2500));
    const removed = () => cluster!.lines('retention removed orphaned bodies').map((l) => l.removed);
    await eventually(() => removed().length === 1, 'the first round of the pass', 10_000);
    await first.stop();
    expect(removed()).toEqual([2000]);
    const next = await cluster.replica();
    // Behind the place the pass reached (written before the next round, a second away): a pass started afresh would
    // take these first.
    await put(next, orphans('a', 10));
    await eventually(() => removed().length === 2, 'the pass continued', 10_000);
    expect(removed()).toEqual([2000, 500]);
    // The pass goes on through the legacy files for many rounds: the keys behind its place wait for the next pass.
    expect(await bodiesRepo(next.bodies).load('msg_a00000')).toEqual(messageBody);
  });
});
